// The takoform CLI: one binary, one subcommand per top-level capability.
// Each subcommand lives in cli/commands/<name>.ts and is loaded lazily, so
// `takoform provider` (launched by terraform several times per command) pays
// only for what it uses.

export interface Subcommand {
  /** One line for `takoform --help`. */
  summary: string;
  /** Runs the subcommand; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

const subcommands: Record<string, () => Promise<Subcommand>> = {
  corpus: async () => (await import("./commands/corpus.js")).default,
  host: async () => (await import("./commands/host.js")).default,
  conformance: async () => (await import("./commands/conformance.js")).default,
  codegen: async () => (await import("./commands/codegen.js")).default,
  provider: async () => (await import("./commands/provider.js")).default,
  resources: async () => (await import("./commands/resources.js")).listCommand,
  resource: async () => (await import("./commands/resources.js")).showCommand,
  secret: async () => (await import("./commands/secret.js")).default,
  "runtime-conformance": async () => (await import("./commands/runtime-conformance.js")).default,
  test: async () => (await import("./commands/test.js")).default,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const lines = ["usage: takoform <command> [options]", "", "commands:"];
    for (const [n, load] of Object.entries(subcommands)) {
      let summary = "";
      try {
        summary = (await load()).summary;
      } catch {
        summary = "(not available in this build)";
      }
      lines.push(`  ${n.padEnd(12)} ${summary}`);
    }
    console.log(lines.join("\n"));
    return name === undefined ? 2 : 0;
  }
  const load = subcommands[name];
  if (!load) {
    console.error(`takoform: unknown command '${name}' (see takoform --help)`);
    return 2;
  }
  return (await load()).run(rest);
}
