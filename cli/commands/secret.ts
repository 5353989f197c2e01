// takoform secret put NAME --worker W [--space S] [--host URL] [--credentials FILE]
// takoform secret list --worker W [--space S] [--host URL] [--credentials FILE]
// takoform secret delete NAME --worker W [--space S] [--host URL] [--credentials FILE]
//
// Sensitive values of a worker, through the host's extension route (host/http/routes/secrets.ts,
// docs/decisions/0200-sensitive-values.md). `put` reads the value from stdin (one trailing newline
// is dropped, so `printf %s "$V" | ...` and `echo "$V" | ...` store the same value); the value is
// never an argument, never printed and never echoed back. The host is --host or TAKOFORM_ENDPOINT;
// the bearer token is TAKOFORM_TOKEN or the first credential of --credentials FILE (the host's
// credentials format, e.g. .takoform/development-credentials.json); the space is --space,
// TAKOFORM_SPACE or "default".

import { readFileSync } from "node:fs";
import type { Subcommand } from "../main.js";

const USAGE =
  "usage: takoform secret put NAME --worker W [--space S] [--host URL] [--credentials FILE]   (value on stdin)\n" +
  "       takoform secret list --worker W [--space S] [--host URL] [--credentials FILE]\n" +
  "       takoform secret delete NAME --worker W [--space S] [--host URL] [--credentials FILE]";

interface Args {
  action: "put" | "list" | "delete";
  name?: string;
  worker: string;
  space: string;
  host: string;
  token: string;
}

function tokenFrom(file: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (file === undefined) return env.TAKOFORM_TOKEN || undefined;
  const doc = JSON.parse(readFileSync(file, "utf8")) as { credentials?: { token?: unknown }[] };
  const token = doc.credentials?.find((c) => typeof c.token === "string")?.token;
  if (typeof token !== "string") throw new Error(`${file}: no credential with a clear "token"`);
  return token;
}

export function parseSecretArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Args | string {
  const [action, ...rest] = argv;
  if (action !== "put" && action !== "list" && action !== "delete")
    return action === undefined ? "a subcommand is required: put, list or delete" : `unknown subcommand ${action}`;
  let name: string | undefined;
  let worker: string | undefined;
  let space = env.TAKOFORM_SPACE || "default";
  let host = env.TAKOFORM_ENDPOINT || undefined;
  let credentials: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    const value = (): string => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    try {
      if (flag === "--worker") worker = value();
      else if (flag === "--space") space = value();
      else if (flag === "--host") host = value();
      else if (flag === "--credentials") credentials = value();
      else if (flag.startsWith("--")) return `unknown argument ${flag}`;
      else if (name === undefined && action !== "list") name = flag;
      else return `unexpected argument ${flag} (a value is read from stdin, never from the command line)`;
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (action !== "list" && name === undefined) return `secret ${action} needs the secret NAME`;
  if (worker === undefined) return "--worker is required (the ModuleWorker whose env receives the value)";
  if (host === undefined) return "--host URL (or TAKOFORM_ENDPOINT) is required";
  let token: string | undefined;
  try {
    token = tokenFrom(credentials, env);
  } catch (error) {
    return (error as Error).message;
  }
  if (token === undefined) return "a bearer token is required: TAKOFORM_TOKEN or --credentials FILE";
  return { action, ...(name === undefined ? {} : { name }), worker, space, host: host.replace(/\/+$/, ""), token };
}

/** The value as read from stdin, without the one trailing newline a shell pipe adds. */
export function valueFromStdin(bytes: Buffer): string {
  return bytes.toString("utf8").replace(/\r?\n$/, "");
}

async function readStdin(): Promise<Buffer> {
  if (process.stdin.isTTY) process.stderr.write("enter the value, then press Ctrl-D (it is not echoed back afterwards):\n");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function secretsUrl(args: Args): string {
  const base = `${args.host}/x-takoform/v1/spaces/${encodeURIComponent(args.space)}/workers/${encodeURIComponent(args.worker)}/secrets`;
  return args.name === undefined ? base : `${base}/${encodeURIComponent(args.name)}`;
}

async function call(args: Args, method: string, body?: string): Promise<{ status: number; doc: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${args.token}`, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(secretsUrl(args), { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  return { status: res.status, doc: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

function hostError(doc: unknown, status: number): string {
  const error = (doc as { error?: { code?: string; message?: string } } | undefined)?.error;
  return error === undefined ? `the host answered ${status}` : `${error.code}: ${error.message}`;
}

const command: Subcommand = {
  summary: "set, list or delete a worker's sensitive values on a host (value from stdin, never shown)",
  async run(argv) {
    const args = parseSecretArgs(argv);
    if (typeof args === "string") {
      console.error(`takoform secret: ${args}`);
      console.error(USAGE);
      return 2;
    }
    try {
      if (args.action === "put") {
        const value = valueFromStdin(await readStdin());
        const { status, doc } = await call(args, "PUT", JSON.stringify({ value }));
        if (status !== 200 && status !== 201) throw new Error(hostError(doc, status));
        console.log(`${status === 201 ? "set" : "replaced"} ${args.name} for worker ${args.worker} in space ${args.space}`);
      } else if (args.action === "list") {
        const { status, doc } = await call(args, "GET");
        if (status !== 200) throw new Error(hostError(doc, status));
        const secrets = (doc as { secrets: { name: string; updatedAt: string }[] }).secrets;
        for (const s of secrets) console.log(`${s.name}\t${s.updatedAt}`);
        if (secrets.length === 0) console.error(`worker ${args.worker} in space ${args.space} holds no sensitive values`);
      } else {
        const { status, doc } = await call(args, "DELETE");
        if (status !== 204) throw new Error(hostError(doc, status));
        console.log(`deleted ${args.name} of worker ${args.worker} in space ${args.space}`);
      }
      return 0;
    } catch (error) {
      console.error(`takoform secret: ${(error as Error).message}`);
      return 1;
    }
  },
};
export default command;
