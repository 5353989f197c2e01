// The provider process as a go-plugin server, driven without Terraform so
// each rule can be checked on its own: the handshake environment and line,
// the certificate, mTLS with the client certificate it was handed, the
// go-plugin controller, SIGINT, and the parent-death watchdog. The client side
// is @grpc/grpc-js and protobufjs, independent of the provider's own
// HTTP/2 and protobuf code.
import { spawn, type ChildProcess } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import grpc from "@grpc/grpc-js";
import protobuf from "protobufjs";
import { afterEach, describe, expect, it } from "vitest";
import { generateServerCertificate } from "../../provider-bridge/plugin/certificate.js";
import { repoRoot, waitFor } from "./helpers/terraform.js";

const COOKIE = { TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2" };
const cli = join(repoRoot, "bin", "takoform.mjs");
const fixtureDir = join(repoRoot, "test", "fixtures", "provider");

const root = new protobuf.Root();
root.loadSync([join(repoRoot, "provider-bridge/proto/tfplugin6.proto"), join(repoRoot, "provider-bridge/proto/plugin.proto")], { keepCase: true });
root.resolveAll();

const started: ChildProcess[] = [];
afterEach(async () => {
  for (const c of started.splice(0)) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGTERM"); // the provider removes its socket directory on SIGTERM
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  }
});

function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("TF_") && !k.startsWith("PLUGIN_") && !k.startsWith("TAKOFORM_")) env[k] = v;
  return { ...env, ...extra };
}

interface Plugin {
  child: ChildProcess;
  line: string;
  network: string;
  address: string;
  certB64: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

/**
 * direct: this process starts node itself; shell: through `sh -c` without exec;
 * parent: a stand-in for Terraform (a node process) starts that shell.
 */
async function startPlugin(env: Record<string, string>, how: "direct" | "shell" | "parent" = "direct"): Promise<Plugin> {
  const wrapper = `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} provider`;
  const stdio: ["ignore", "pipe", "pipe"] = ["ignore", "pipe", "pipe"];
  const child =
    how === "shell"
      ? spawn("/bin/sh", ["-c", wrapper], { env: cleanEnv(env), stdio })
      : how === "parent"
        ? spawn(
            process.execPath,
            ["-e", `require("child_process").spawn("/bin/sh", ["-c", ${JSON.stringify(wrapper)}], { stdio: "inherit" }); setInterval(() => {}, 1000);`],
            { env: cleanEnv(env), stdio },
          )
        : spawn(process.execPath, [cli, "provider"], { env: cleanEnv(env), stdio });
  started.push(child);
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let out = "";
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    void exited.then(() => reject(new Error(`plugin exited before its handshake: ${err}`)));
  });
  const [, , network = "", address = "", , certB64 = ""] = line.split("|");
  return { child, line, network, address, certB64, exited, stderr: () => err };
}

function pemFromUnpadded(b64: string): string {
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  return `-----BEGIN CERTIFICATE-----\n${padded.replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`;
}

function connect(p: Plugin, client: { certPem: string; keyPem: string }): grpc.Client {
  const creds = grpc.credentials.createSsl(Buffer.from(pemFromUnpadded(p.certB64)), Buffer.from(client.keyPem), Buffer.from(client.certPem));
  return new grpc.Client(`unix://${p.address}`, creds, { "grpc.ssl_target_name_override": "localhost", "grpc.default_authority": "localhost" });
}

function call(c: grpc.Client, method: string, request: string, response: string, body: object = {}): Promise<Record<string, unknown>> {
  const Req = root.lookupType(request);
  const Res = root.lookupType(response);
  return new Promise((resolve, reject) => {
    c.makeUnaryRequest(
      method,
      (m: object) => Buffer.from(Req.encode(Req.fromObject(m)).finish()),
      (b: Buffer) => Res.toObject(Res.decode(b), { enums: String, longs: Number, defaults: true }) as Record<string, unknown>,
      body,
      { deadline: Date.now() + 10_000 },
      (e, r) => (e ? reject(e) : resolve(r!)),
    );
  });
}

describe("takoform provider as a go-plugin server", () => {
  it("refuses to run without Terraform's handshake variables, printing nothing on stdout", async () => {
    const child = spawn(process.execPath, [cli, "provider"], { env: cleanEnv({}), stdio: ["ignore", "pipe", "pipe"] });
    started.push(child);
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toContain("Terraform/OpenTofu provider plugin");
  });

  it("prints one handshake line with an unpadded localhost certificate and serves tfplugin6 only to Terraform's client certificate", async () => {
    const client = generateServerCertificate();
    const p = await startPlugin({ ...COOKIE, PLUGIN_PROTOCOL_VERSIONS: "5,6", PLUGIN_CLIENT_CERT: client.certPem, TAKOFORM_PROVIDER_MODEL_DIR: fixtureDir });
    expect(p.line).toMatch(/^1\|6\|unix\|\/[^|]+\/provider\.sock\|grpc\|[A-Za-z0-9+/]{50,}$/);
    const cert = new X509Certificate(Buffer.from(p.certB64, "base64"));
    expect(cert.subjectAltName).toBe("DNS:localhost");
    expect(cert.checkHost("localhost")).toBe("localhost");
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.keyUsage).toContain("1.3.6.1.5.5.7.3.1"); // extended key usage serverAuth

    const c = connect(p, client);
    const schema = await call(c, "/tfplugin6.Provider/GetProviderSchema", "tfplugin6.GetProviderSchema.Request", "tfplugin6.GetProviderSchema.Response");
    expect(schema["server_capabilities"]).toEqual({ plan_destroy: true, get_provider_schema_optional: true, move_resource_state: false });
    expect(Object.keys(schema["resource_schemas"] as object)).toEqual(["takoform_fixture_widget"]);
    expect(schema["diagnostics"]).toEqual([]);
    c.close();

    const stranger = connect(p, generateServerCertificate());
    await expect(call(stranger, "/tfplugin6.Provider/GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response")).rejects.toThrow();
    stranger.close();

    // a TLS client that presents no certificate at all is refused too (the server pins the one it may present)
    const anonymous = new grpc.Client(`unix://${p.address}`, grpc.credentials.createSsl(Buffer.from(pemFromUnpadded(p.certB64))), {
      "grpc.ssl_target_name_override": "localhost",
      "grpc.default_authority": "localhost",
    });
    await expect(call(anonymous, "/tfplugin6.Provider/GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response")).rejects.toThrow();
    anonymous.close();

    // and Terraform's own client still is served after them
    const again = connect(p, client);
    expect(await call(again, "/tfplugin6.Provider/GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response")).toHaveProperty("resources");
    again.close();
  });

  it("ignores SIGINT, answers StopProvider, and exits at once on GRPCController/Shutdown", async () => {
    const client = generateServerCertificate();
    const p = await startPlugin({ ...COOKIE, PLUGIN_PROTOCOL_VERSIONS: "6,5", PLUGIN_CLIENT_CERT: client.certPem, TAKOFORM_PROVIDER_MODEL_DIR: fixtureDir });
    const c = connect(p, client);
    p.child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 200));
    expect(p.child.exitCode).toBeNull();
    const stop = await call(c, "/tfplugin6.Provider/StopProvider", "tfplugin6.StopProvider.Request", "tfplugin6.StopProvider.Response");
    expect(stop).toEqual({ Error: "" });
    const meta = await call(c, "/tfplugin6.Provider/GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response");
    expect(meta["resources"]).toEqual([{ type_name: "takoform_fixture_widget" }]);

    const before = Date.now();
    await call(c, "/plugin.GRPCController/Shutdown", "plugin.Empty", "plugin.Empty");
    const exit = await p.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - before).toBeLessThan(1500);
    expect(existsSync(dirname(p.address))).toBe(false);
    c.close();
  });

  /** Whether pid runs (not a zombie). It may exit between two reads of /proc: a stat that cannot be read is gone. */
  function running(pid: number): boolean {
    try {
      return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "latin1"));
    } catch {
      return false;
    }
  }

  /** The node process below a shell (its only child). */
  function childOf(pid: number): number {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1").trim().split(/\s+/)[0]);
  }

  async function expectGone(node: number, c: grpc.Client): Promise<void> {
    const alive = (): boolean => running(node);
    try {
      const gone = await waitFor(() => (alive() ? undefined : true), 3_000);
      expect(gone, `provider ${node} outlived its parent`).toBe(true);
    } finally {
      c.close();
      if (alive()) process.kill(node, "SIGKILL");
    }
  }

  it("exits on its own when the wrapper shell that started it is SIGKILLed", async () => {
    const client = generateServerCertificate();
    const p = await startPlugin({ ...COOKIE, PLUGIN_CLIENT_CERT: client.certPem, TAKOFORM_PROVIDER_MODEL_DIR: fixtureDir }, "shell");
    const c = connect(p, client);
    await call(c, "/tfplugin6.Provider/GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response");
    const node = childOf(p.child.pid!);
    expect(readFileSync(`/proc/${node}/comm`, "latin1").trim()).toBe("node");
    // The connection stays open and nothing more is logged: only the watchdog can notice.
    p.child.kill("SIGKILL");
    await expectGone(node, c);
  });

  it("exits on its own when Terraform dies and its wrapper shell lives on", async () => {
    const client = generateServerCertificate();
    const p = await startPlugin({ ...COOKIE, PLUGIN_CLIENT_CERT: client.certPem, TAKOFORM_PROVIDER_MODEL_DIR: fixtureDir }, "parent");
    const c = connect(p, client);
    await call(c, "/tfplugin6.Provider/GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response");
    const shell = childOf(p.child.pid!);
    const node = childOf(shell);
    p.child.kill("SIGKILL"); // the stand-in for Terraform; the shell is merely orphaned
    await expectGone(node, c);
    const shellGone = await waitFor(() => (running(shell) ? undefined : true), 3_000);
    expect(shellGone).toBe(true);
  });
});
