// `takoform test [DIR] [-- terraform test args]`: `terraform test` in DIR against a throwaway host.
// A fresh data dir, a generated credential, a free port and a provider mirror in one temporary
// directory; terraform's own working data (TF_DATA_DIR) there too, so DIR keeps only what it had.
// Everything is torn down on exit, on failure and on Ctrl-C. The exit code is terraform test's.
import type { Subcommand } from "../main.js";

const USAGE = `usage: takoform test [DIR] [--keep-lock] [-- terraform test arguments]
  Starts a throwaway takoform host (fresh data dir, generated credential, free port), installs the
  provider mirror, runs \`terraform init\` and \`terraform test\` in DIR (default: .) with
  TAKOFORM_ENDPOINT and TAKOFORM_TOKEN pointing at it, then stops the host and removes every
  temporary file, also on failure and on Ctrl-C. Exits with terraform test's exit code.
  --keep-lock   keep a .terraform.lock.hcl that init created in DIR (default: DIR is left as it was)`;

interface TestArgs {
  dir: string;
  keepLock: boolean;
  passThrough: string[];
}

function parseArgs(args: string[]): TestArgs | string {
  const dash = args.indexOf("--");
  const own = dash === -1 ? args : args.slice(0, dash);
  const passThrough = dash === -1 ? [] : args.slice(dash + 1);
  let dir: string | undefined;
  let keepLock = false;
  for (const a of own) {
    if (a === "--keep-lock") keepLock = true;
    else if (a.startsWith("-")) return `unknown option ${a}`;
    else if (dir === undefined) dir = a;
    else return `unexpected argument ${a} (one DIR; terraform test arguments go after --)`;
  }
  return { dir: dir ?? ".", keepLock, passThrough };
}

const command: Subcommand = {
  summary: "run `terraform test` in DIR against a throwaway host (started, then torn down)",
  async run(args) {
    if (args.includes("--help") || args.includes("-h")) {
      console.log(USAGE);
      return 0;
    }
    const parsed = parseArgs(args);
    if (typeof parsed === "string") {
      console.error(`takoform test: ${parsed}\n${USAGE}`);
      return 2;
    }
    const { runTerraformTest } = await import("./test/run.js");
    return runTerraformTest(parsed);
  },
};
export default command;
