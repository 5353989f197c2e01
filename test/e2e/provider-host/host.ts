// A fresh `takoform host` process for provider e2e tests, and the few direct
// Host API calls a test makes behind Terraform's back (reads, out-of-band
// creation). Only public interfaces: the CLI and HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "../helpers/terraform.js";

export const TOKEN = "e2e-provider-token-0123456789";
export const API = "/apis/forms.takoform.com/v1beta1";
export const GROUP = "edge.forms.takoform.com/v1beta1";

export class HostProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly dir: string,
  ) {}

  static async start(extra: string[] = []): Promise<HostProcess> {
    const dir = mkdtempSync(join(tmpdir(), "takoform-e2e-host-"));
    const credentials = join(dir, "credentials.json");
    writeFileSync(credentials, JSON.stringify({ credentials: [{ token: TOKEN, tenant: "e2e", principal: "terraform" }] }));
    const child = spawn(
      process.execPath,
      [
        join(repoRoot, "bin", "takoform.mjs"),
        "host",
        "--port",
        "0",
        "--data",
        join(dir, "data"),
        "--credentials",
        credentials,
        "--runtime",
        "off",
        "--quiet",
        ...extra,
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const first = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once("line", resolve);
      child.once("exit", (code) => reject(new Error(`takoform host exited ${String(code)} before listening`)));
    });
    const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first);
    if (!m) throw new Error(`unexpected first host line: ${first}`);
    return new HostProcess(child, m[1]!, dir);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once("exit", r));
      this.child.kill("SIGTERM");
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const res = await fetch(this.url + API + "/" + path, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : typeof body === "string" || body instanceof Uint8Array ? (body as string) : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** The installed default exact ref of a kind (the provider's model has the same). */
  async read(kind: string, space: string, name: string, ref: { definitionVersion: string; schemaDigest: string }): Promise<{ status: number; body: any }> {
    const q = new URLSearchParams({ space, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest });
    return this.call("GET", `resources/${GROUP}/${kind}/${name}?${q.toString()}`);
  }

  /** Creates a resource directly (prepare, then apply), as another tool would. */
  async create(
    kind: string,
    space: string,
    name: string,
    ref: { definitionVersion: string; schemaDigest: string },
    spec: Record<string, unknown>,
  ): Promise<any> {
    const body = { apiVersion: GROUP, kind, form: { formRef: { apiVersion: GROUP, kind, ...ref } }, metadata: { name, space }, spec };
    const prepared = await this.call("POST", "resources/prepare", body);
    if (prepared.status !== 200) throw new Error(`prepare answered ${prepared.status}: ${JSON.stringify(prepared.body)}`);
    const applied = await this.call(
      "PUT",
      `resources/${GROUP}/${kind}/${name}`,
      { ...body, review: { prepareDigest: prepared.body.review.prepareDigest } },
      {
        "if-none-match": "*",
        "idempotency-key": `direct-${kind}-${space}-${name}`,
      },
    );
    if (applied.status !== 201) throw new Error(`apply answered ${applied.status}: ${JSON.stringify(applied.body)}`);
    return applied.body;
  }
}
