// Builds the typed bindings a user's project imports: generated/cdktf compiled to dist/cdktf
// (`takoform/cdktf`, against the cdktf library), then the same files with the library specifier
// rewritten to cdktn in dist/cdktn (`takoform/cdktn`, CDK Terrain). The two libraries publish the
// same API under different names; an app must use the one its App comes from, so each gets its own
// entry (docs/decisions/0230-cdk-terrain-and-cdktf-bindings.md). Plain Node, so `npm run build` needs no tsx.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
const from = path.join(root, "dist", "cdktf");
const to = path.join(root, "dist", "cdktn");

rmSync(from, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.bindings.json")], { stdio: "inherit" });

/** `from 'cdktf'` / `from "cdktf"` / `import("cdktf")` and its subpaths, never a substring of another name. */
export function toCdktn(text) {
  return text.replace(/(["'])cdktf(\/[^"']*)?\1/g, (_m, q, sub) => `${q}cdktn${sub ?? ""}${q}`);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
for (const file of walk(to)) {
  if (/\.(js|d\.ts)$/.test(file)) writeFileSync(file, toCdktn(readFileSync(file, "utf8")));
}
