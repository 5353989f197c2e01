#!/usr/bin/env node
// The one takoform CLI. The TypeScript sources are compiled to dist/ by `npm install` (prepare).
import { main } from "../dist/cli/main.js";

main(process.argv.slice(2)).then(
  (code) => {
    if (typeof code === "number") process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
