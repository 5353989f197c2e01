// `takoform resources [--space S] [--kind K] [--json]` and `takoform resource KIND NAME [--space S]`:
// what the host holds for your tenant, read from its resource listing (a takoform host extension;
// host/README.md "Resource listing"). Endpoint and token as for the provider: --endpoint/--token,
// else TAKOFORM_ENDPOINT/TAKOFORM_TOKEN.
import type { Subcommand } from "../main.js";
import { DEFAULT_SPACE, hostTarget, listAll, ListingError } from "../listing/client.js";
import { resourcesTable } from "../listing/table.js";
import { aggregateTree } from "../listing/tree.js";

const CONNECTION = `  --endpoint URL   the host (default: TAKOFORM_ENDPOINT)
  --token TOKEN    the bearer credential (default: TAKOFORM_TOKEN)`;
const LIST_USAGE = `usage: takoform resources [--space S] [--kind K] [--json]
  list the resources your credential's tenant holds: kind, name, generation, Ready status and
  reason, exact FormRef and relations (every space unless --space)
  --space S        only space S
  --kind K         only resources of kind K (e.g. WorkerVersion)
  --json           the listing entries as JSON instead of a table
${CONNECTION}`;
const SHOW_USAGE = `usage: takoform resource KIND NAME [--space S]
  one resource and its aggregate as a tree (a ModuleWorker: deployment -> versions -> bundle and
  bindings, then endpoint, domains, triggers and consumers), with each Ready status and reason
  --space S        the space (default: TAKOFORM_SPACE, else "${DEFAULT_SPACE}")
${CONNECTION}`;

interface Parsed {
  flags: Record<string, string | true>;
  positional: string[];
}

class UsageError extends Error {}

function parse(args: string[], valued: readonly string[], switches: readonly string[]): Parsed {
  const parsed: Parsed = { flags: {}, positional: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--")) {
      parsed.positional.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (switches.includes(name) && eq < 0) parsed.flags[name] = true;
    else if (valued.includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined || value === "") throw new UsageError(`--${name} needs a value`);
      parsed.flags[name] = value;
    } else throw new UsageError(`unknown option ${a}`);
  }
  return parsed;
}

function text(flags: Parsed["flags"], name: string): string | undefined {
  const v = flags[name];
  return typeof v === "string" ? v : undefined;
}

async function guarded(usage: string, command: string, args: string[], body: () => Promise<number>): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`takoform ${command}: ${error.message}\n${usage}`);
      return 2;
    }
    if (error instanceof ListingError) {
      console.error(`takoform ${command}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function connection(flags: Parsed["flags"]) {
  const endpoint = text(flags, "endpoint");
  const token = text(flags, "token");
  return hostTarget({ ...(endpoint === undefined ? {} : { endpoint }), ...(token === undefined ? {} : { token }) }, process.env);
}

export const listCommand: Subcommand = {
  summary: "list the resources the host holds for your tenant (table or --json)",
  run: (args) =>
    guarded(LIST_USAGE, "resources", args, async () => {
      const { flags, positional } = parse(args, ["space", "kind", "endpoint", "token"], ["json"]);
      if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
      const space = text(flags, "space");
      const kind = text(flags, "kind");
      const resources = await listAll(connection(flags), { ...(space === undefined ? {} : { space }), ...(kind === undefined ? {} : { kind }) });
      if (flags["json"] === true) console.log(JSON.stringify({ resources }, null, 2));
      else if (resources.length === 0)
        console.log(`no resources${space === undefined ? "" : ` in space ${space}`}${kind === undefined ? "" : ` of kind ${kind}`}`);
      else console.log(resourcesTable(resources, space === undefined));
      return 0;
    }),
};

export const showCommand: Subcommand = {
  summary: "one resource and its aggregate as a tree (worker -> deployment -> versions -> ...)",
  run: (args) =>
    guarded(SHOW_USAGE, "resource", args, async () => {
      const { flags, positional } = parse(args, ["space", "endpoint", "token"], []);
      if (positional.length !== 2) throw new UsageError("give KIND and NAME");
      const [kind, name] = positional as [string, string];
      const space = text(flags, "space") ?? (process.env["TAKOFORM_SPACE"] || DEFAULT_SPACE);
      const resources = await listAll(connection(flags), { space });
      const root = resources.find((r) => r.kind === kind && r.name === name);
      if (root === undefined) {
        console.error(
          `takoform resource: space ${space} holds no ${kind} named ${JSON.stringify(name)}; \`takoform resources --space ${space}\` lists what it holds`,
        );
        return 1;
      }
      console.log(aggregateTree(root, resources));
      return 0;
    }),
};
