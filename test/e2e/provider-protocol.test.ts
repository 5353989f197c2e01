// The takoform provider as Terraform 1.11 loads it: installed with
// `takoform provider install`, initialised offline from the filesystem
// mirror, driven through validate and plan over tfplugin6 with the fixture
// model (test/fixtures/provider), and leaving no node process behind, even
// when terraform is SIGKILLed mid-run.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTakoformProvider, repoRoot, TerraformWorkdir, waitFor, writeCliConfigFile } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

const hosts: HostProcess[] = [];
afterAll(async () => {
  for (const h of hosts.splice(0)) await h.stop();
});

const fixtureDir = join(repoRoot, "test", "fixtures", "provider");
const SOURCE = "registry.terraform.io/takoform/takoform";

const header = `
terraform {
  required_providers {
    takoform = { source = "takoform/takoform", version = "0.1.0" }
  }
}
provider "takoform" {
  endpoint        = "http://127.0.0.1:9"
  request_timeout = "5s"
}
`;

const validConfig = `${header}
resource "takoform_fixture_widget" "a" {
  name      = "widget-a"
  size      = 12345678901234567890
  labels    = { env = "test" }
  secret    = "s3cret-value"
  rules     = [{ pattern = "/api/*", weight = 0.1 }, { pattern = "/static/*" }]
  retention = { days = 7 }
}
`;

const invalidConfig = `${header}
resource "takoform_fixture_widget" "b" {
  name  = "widget-b"
  mode  = "medium"
  rules = [{ pattern = "api" }]
}
`;

/** Whether the process holds a listening Unix socket (the provider's gRPC server is up). */
function listensOnUnixSocket(pid: number): boolean {
  try {
    const inodes = new Set<string>();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    }
    // /proc/net/unix: Num RefCount Protocol Flags(00010000 = listening) Type St Inode Path
    return readFileSync("/proc/net/unix", "latin1")
      .split("\n")
      .some((line) => {
        const f = line.trim().split(/\s+/);
        return f[3] === "00010000" && inodes.has(f[6] ?? "") && (f[7] ?? "").endsWith("provider.sock");
      });
  } catch {
    return false;
  }
}

let installDir: string;
let cliConfigFile: string;
const workdirs: TerraformWorkdir[] = [];

function workdir(files: Record<string, string>, config = cliConfigFile): TerraformWorkdir {
  const w = TerraformWorkdir.create({ cliConfigFile: config, env: { TAKOFORM_PROVIDER_MODEL_DIR: fixtureDir }, files });
  workdirs.push(w);
  return w;
}

beforeAll(async () => {
  installDir = mkdtempSync(join(tmpdir(), "takoform-install-"));
  ({ cliConfigFile } = await installTakoformProvider(installDir));
});

afterAll(() => {
  for (const w of workdirs) w.cleanup();
  if (installDir) rmSync(installDir, { recursive: true, force: true });
});

describe("terraform with the installed takoform provider", () => {
  it("initialises offline, records the provider in the lock file, serves the schema exactly, validates", async () => {
    const w = workdir({ "main.tf": validConfig });
    // Any network access would go to a dead proxy and fail.
    const init = await w.run(["init"], { env: { HTTPS_PROXY: "http://127.0.0.1:9", HTTP_PROXY: "http://127.0.0.1:9" } });
    expect(init.exitCode, init.all).toBe(0);
    const lock = w.read(".terraform.lock.hcl");
    expect(lock).toContain(`provider "${SOURCE}"`);
    expect(lock).toMatch(/version\s+= "0\.1\.0"/);
    expect(lock).toMatch(/"h1:[A-Za-z0-9+/=]{44}"/);

    const schema = await w.run(["providers", "schema", "-json"]);
    expect(schema.exitCode, schema.all).toBe(0);
    const served = JSON.parse(schema.stdout).provider_schemas[SOURCE];
    const fixture = JSON.parse(readFileSync(join(fixtureDir, "schema.json"), "utf8")).provider_schemas[SOURCE];
    expect(served.resource_schemas).toEqual(fixture.resource_schemas);
    expect(Object.keys(served.provider.block.attributes).sort()).toEqual([
      "endpoint",
      "operation_timeout",
      "request_timeout",
      "respond_async",
      "space",
      "token",
    ]);
    expect(served.provider.block.attributes.token.sensitive).toBe(true);

    const validate = await w.run(["validate"]);
    expect(validate.exitCode, validate.all).toBe(0);
    expect(validate.stdout).toContain("The configuration is valid");
    expect(await w.survivorsAfter()).toEqual([]);
  });

  it("plans required, optional, computed, nested and defaulted attributes, with numbers kept exact", async () => {
    const w = workdir({ "main.tf": validConfig });
    expect((await w.run(["init"])).exitCode).toBe(0);
    const plan = await w.run(["plan", "-out", "plan.bin"]);
    expect(plan.exitCode, plan.all).toBe(0);
    expect(plan.stdout).toContain("Plan: 1 to add, 0 to change, 0 to destroy.");
    expect(plan.stdout).toMatch(/\+ size\s+= 12345678901234567890/);
    expect(plan.stdout).toMatch(/\+ secret\s+= \(sensitive value\)/);

    const show = await w.run(["show", "-json", "plan.bin"]);
    expect(show.exitCode, show.all).toBe(0);
    // The number is beyond 2^64: compare its text, which JSON.parse would round.
    expect(show.stdout).toContain('"size":12345678901234567890');
    const change = JSON.parse(show.stdout).resource_changes[0].change;
    expect(change.actions).toEqual(["create"]);
    expect(change.after.mode).toBe("fast"); // the model's default, planned
    expect(change.after.rules).toEqual([
      { pattern: "/api/*", weight: 0.1 },
      { pattern: "/static/*", weight: null },
    ]);
    expect(change.after_unknown.rules).toEqual([{ id: true }, { id: true }]);
    for (const computed of ["uid", "status_json", "ready", "url", "outputs_json"]) {
      expect(change.after_unknown[computed], computed).toBe(true);
    }
    // known at plan (ADR 0240): the provider block names no space, so the resource lands in "default"
    expect(change.after.space).toBe("default");
    expect(change.after.retention).toEqual({ days: 7 });
    expect(change.after_sensitive.secret).toBe(true);
    expect(await w.survivorsAfter()).toEqual([]);
  });

  it("reports validation errors at the attribute's line", async () => {
    const w = workdir({ "main.tf": invalidConfig });
    expect((await w.run(["init"])).exitCode).toBe(0);
    const validate = await w.run(["validate"]);
    expect(validate.exitCode).toBe(1);
    const lines = invalidConfig.split("\n");
    const lineOf = (needle: string): number => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(validate.stderr).toContain("Error: Invalid value for mode");
    expect(validate.stderr).toContain(`on main.tf line ${lineOf('mode  = "medium"')}, in resource "takoform_fixture_widget" "b"`);
    // Terraform wraps long lines
    expect(validate.stderr.replace(/\s+/g, " ")).toContain('mode must be equal to one of the allowed values: "fast", "slow"; got "medium".');
    expect(validate.stderr).toContain("Error: Invalid value for rules[0].pattern");
    expect(validate.stderr).toContain(`on main.tf line ${lineOf("rules = [")}`);
    expect(await w.survivorsAfter()).toEqual([]);
  });

  it("serves the generated provider schema exactly and plans generated resource types", async () => {
    // Planning asks the host's validate, so this plan needs a host.
    const host = await HostProcess.start();
    hosts.push(host);
    const config = `${header.replace("http://127.0.0.1:9", host.url).replace('request_timeout = "5s"', `request_timeout = "5s"\n  token = "${TOKEN}"`)}
resource "takoform_edge_kv_namespace" "cache" {
  name = "cache"
}
resource "takoform_worker_version" "v1" {
  name        = "v1"
  worker      = "w"
  bundle      = "b"
  handlers    = ["fetch"]
  vars        = { LOG_LEVEL = "info", flags = { beta = true } }
  kv_bindings = [{ name = "CACHE", resource = takoform_edge_kv_namespace.cache.name }]
}
`;
    const w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": config } });
    workdirs.push(w);
    expect((await w.run(["init"])).exitCode).toBe(0);
    const schema = await w.run(["providers", "schema", "-json"]);
    expect(schema.exitCode, schema.all).toBe(0);
    const generated = JSON.parse(readFileSync(join(repoRoot, "generated", "provider", "schema.json"), "utf8")).provider_schemas[SOURCE];
    expect(JSON.parse(schema.stdout).provider_schemas[SOURCE].resource_schemas).toEqual(generated.resource_schemas);

    const plan = await w.run(["plan", "-out", "plan.bin"]);
    expect(plan.exitCode, plan.all).toBe(0);
    const show = JSON.parse((await w.run(["show", "-json", "plan.bin"])).stdout);
    const byType = Object.fromEntries(show.resource_changes.map((c: { type: string; change: unknown }) => [c.type, c.change]));
    // A new resource's status (its exact ref among it) is known once the host answers the create.
    for (const type of ["takoform_edge_kv_namespace", "takoform_worker_version"]) expect(byType[type].after_unknown.status_json, type).toBe(true);
    expect(byType["takoform_worker_version"].after.vars).toEqual({ LOG_LEVEL: "info", flags: { beta: true } });
    expect(byType["takoform_worker_version"].after.kv_bindings).toEqual([{ name: "CACHE", resource: "cache" }]);
    expect(await w.survivorsAfter()).toEqual([]);
  });

  it("leaves no node process behind when terraform is SIGKILLed, even behind a wrapper that does not exec", async () => {
    // The installed launcher execs node. A wrapper shell that only runs node
    // (no exec) is what orphans a provider: when Terraform dies the shell goes
    // with it, and node lives on unless it notices its parent changed. Such a
    // mirror is built here by hand, and terraform is killed while a provider
    // process is already serving (its socket is listening), so the kill cannot
    // land before the handshake, where a broken stdout ends the process anyway.
    const mirror = join(installDir, "wrapper-mirror");
    const pkg = join(mirror, SOURCE, "0.1.0", "linux_amd64");
    mkdirSync(pkg, { recursive: true });
    const wrapper = join(pkg, "terraform-provider-takoform");
    writeFileSync(wrapper, `#!/bin/sh\n${JSON.stringify(process.execPath)} ${JSON.stringify(join(repoRoot, "bin", "takoform.mjs"))} provider\n`);
    chmodSync(wrapper, 0o755);
    const config = writeCliConfigFile(mkdtempSync(join(installDir, "cfg-")), { mirrorDir: mirror, include: [SOURCE] });
    const w = workdir({ "main.tf": validConfig }, config);
    expect((await w.run(["init"])).exitCode).toBe(0);
    const tf = w.start(["plan"]);
    const seen = await waitFor(
      () => {
        // node, by its command line: its main thread's name (comm) is "node" on Node 20 and 22, "MainThread" on 24, "node-MainThread" on 26
        const serving = w.survivors(tf.pid).filter((p) => p.cmdline.startsWith(process.execPath) && listensOnUnixSocket(p.pid));
        return serving.length > 0 ? serving : undefined;
      },
      30_000,
      2,
    );
    tf.kill("SIGKILL");
    await tf;
    expect(seen, "a provider process was serving when terraform was killed").toBeDefined();
    expect(seen!.every((p) => p.cmdline.includes("takoform.mjs provider"))).toBe(true);
    const gone = await waitFor(() => (w.survivors().length === 0 ? true : undefined), 5_000);
    expect(gone, JSON.stringify(w.survivors())).toBe(true);
  });
});
