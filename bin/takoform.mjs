#!/usr/bin/env node
// The one takoform CLI. The TypeScript sources are compiled to dist/ by `npm install` (prepare).
// `takoform host` runs from the host bundle when it matches dist/ (launch/host.ts, ADR 0278);
// TAKOFORM_LAUNCH_TRACE=1 says on stderr which one ran and why.
const argv = process.argv.slice(2);
/** The CLI from the compiled modules (dist/cli/main.js loads each subcommand when it runs). */
let run = async (args) => (await import("../dist/cli/main.js")).main(args);
if (argv[0] === "host") {
  const { hostFromBundle } = await import("../dist/launch/host.js");
  const found = hostFromBundle(new URL("..", import.meta.url).pathname.replace(/\/$/, ""));
  if ("command" in found) run = (args) => found.command.run(args.slice(1));
  if (process.env.TAKOFORM_LAUNCH_TRACE === "1")
    process.stderr.write(`takoform: host ${"command" in found ? `from the bundle ${found.file}` : `from the compiled modules (${found.reason})`}\n`);
}

run(argv).then(
  (code) => {
    if (typeof code === "number") process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
