// `takoform provider`: the Terraform provider process (started by terraform
// through the mirror's launcher), and `takoform provider install [--dir DIR]`.
import type { Subcommand } from "../main.js";

const USAGE = `usage:
  takoform provider                    run as a Terraform provider plugin (terraform starts this)
  takoform provider install [--dir DIR]
      write an offline Terraform filesystem mirror for ${"registry.terraform.io/takoform/takoform"}
      and a CLI configuration using it (default DIR: ~/.takoform/terraform), then print
      the export line for TF_CLI_CONFIG_FILE
  takoform provider spares [--stop] [--dir DIR]
      list the spare provider processes waiting for Terraform (left at a terminal, or with TAKOFORM_PROVIDER_SPARE=on,
      and those of Terraform commands still running) in DIR (default: TAKOFORM_PROVIDER_SPARE_DIR,
      else this installation's), or stop them`;

/** `--dir DIR` (or `--dir=DIR`) and the given flags; undefined, after saying why, on anything else. */
function parseOptions(command: string, args: string[], flags: string[]): { dir?: string; flags: Set<string> } | undefined {
  const parsed: { dir?: string; flags: Set<string> } = { flags: new Set() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (flags.includes(a)) parsed.flags.add(a);
    else if (a === "--dir" && args[i + 1] !== undefined) parsed.dir = args[++i]!;
    else if (a.startsWith("--dir=")) parsed.dir = a.slice("--dir=".length);
    else {
      console.error(`takoform provider ${command}: unexpected argument ${a}\n${USAGE}`);
      return undefined;
    }
  }
  return parsed;
}

async function install(args: string[]): Promise<number> {
  const [{ homedir }, path, { readFileSync }, { corpusRoot }, { installProvider, checkLauncher }, { shellQuote }] = await Promise.all([
    import("node:os"),
    import("node:path"),
    import("node:fs"),
    import("../../corpus/lib/root.js"),
    import("../../provider-bridge/install/install.js"),
    import("../../provider-bridge/install/launcher.js"),
  ]);
  const options = parseOptions("install", args, []);
  if (options === undefined) return 2;
  const dir = options.dir ?? path.join(homedir(), ".takoform", "terraform");
  const root = path.dirname(corpusRoot());
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const result = installProvider({ dir, root, version });
  const check = checkLauncher(result.launcher);
  if (!check.ok) {
    console.error(`takoform provider install: ${check.message}`);
    return 1;
  }
  console.error(`installed registry.terraform.io/takoform/takoform ${version} in ${result.packageDir}`);
  if (result.launcherReplaced)
    console.error(
      "note: the launcher changed; an existing .terraform.lock.hcl entry for takoform/takoform no longer matches (remove it and run terraform init)",
    );
  console.log(`export TF_CLI_CONFIG_FILE=${shellQuote(result.cliConfigFile)}`);
  return 0;
}

async function spares(args: string[]): Promise<number> {
  const [{ repoRoot }, { installedSpareDir, listSpares, stopSpares }] = await Promise.all([
    import("../../corpus/lib/root.js"),
    import("../../provider-bridge/install/spares.js"),
  ]);
  const options = parseOptions("spares", args, ["--stop"]);
  if (options === undefined) return 2;
  const dir = options.dir ?? installedSpareDir(repoRoot());
  if (!options.flags.has("--stop")) {
    const lines = listSpares(dir);
    console.log(lines.length === 0 ? `no spare provider processes in ${dir}` : `spare provider processes in ${dir}:`);
    for (const line of lines) console.log(`  ${line}`);
    return 0;
  }
  const { stopped, left } = await stopSpares(dir);
  console.log(`stopped ${stopped} spare provider process${stopped === 1 ? "" : "es"} in ${dir}`);
  if (left.length === 0) return 0;
  console.error(`takoform provider spares: still running after 5 s: ${left.join(", ")}`);
  return 1;
}

const command: Subcommand = {
  summary: "Terraform provider plugin (run by terraform); `provider install` writes an offline mirror",
  async run(args) {
    const [first, ...rest] = args;
    if (first === undefined) return (await import("../../provider-bridge/main.js")).runProvider();
    if (first === "install") return install(rest);
    if (first === "spares") return spares(rest);
    if (first === "--help" || first === "-h" || first === "help") {
      console.log(USAGE);
      return 0;
    }
    console.error(`takoform provider: unknown argument ${first}\n${USAGE}`);
    return 2;
  },
};
export default command;
