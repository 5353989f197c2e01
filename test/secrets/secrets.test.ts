// Sensitive values end to end (ADR 0200): the host extension route and the `takoform secret` CLI
// against a real host process with its request log on. Values never come back in an answer, never
// reach a log line, are sealed on disk (a grep of the data dir for the plaintext finds nothing),
// are tenant-scoped, and decide the Ready condition of the WorkerVersions that require them.

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admittedScope } from "../../host/store/scope.js";
import { openStore } from "../../host/store/open.js";
import { openWorkerSecrets, readSecretsForWorker } from "../../host/secrets/index.js";
import { builtinCatalog, call, CREDENTIALS, OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { apply, commitWorkerBundle, read, ref, refOf, uniqueName } from "../unit/host/client.js";
import { expectRefusal } from "../unit/host/expect-wire.js";
import { filesContaining, runCli, startLoggedHost, type LoggedHost } from "./process.js";

const SPACE = "secrets";
const kind = (k: string) => refOf(builtinCatalog(), k);
let dir: string;
let dataDir: string;
let credentials: string;
let host: LoggedHost;
const values = { API_TOKEN: `api-${randomUUID()}`, SIGNING_KEY: `sign-${randomUUID()}`, REPLACED: `old-${randomUUID()}`, BAD: `bad-${randomUUID()}` };

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "takoform-secrets-"));
  dataDir = path.join(dir, "data");
  credentials = path.join(dir, "credentials.json");
  writeFileSync(credentials, JSON.stringify({ credentials: CREDENTIALS }));
  host = await startLoggedHost(dataDir, credentials);
}, 60_000);
afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const secretsPath = (worker: string, name?: string) => `/x-takoform/v1/spaces/${SPACE}/workers/${worker}/secrets${name === undefined ? "" : "/" + name}`;
const cli = (args: string[], stdin = "") => runCli(["secret", ...args, "--space", SPACE, "--host", host.url, "--credentials", credentials], stdin);

async function versionReady(name: string) {
  const reply = await read(host.url, kind("WorkerVersion"), name, SPACE);
  expect(reply.status, reply.text).toBe(200);
  return reply.json.status.conditions.find((c: { type: string }) => c.type === "Ready");
}

describe("sensitive values", () => {
  const worker = uniqueName("w");
  const version = uniqueName("v");

  it("a version requiring values the host does not hold is not Ready, naming the missing names", async () => {
    expect((await apply(host.url, kind("ModuleWorker"), worker, SPACE, {})).status).toBe(201);
    const bundle = uniqueName("b");
    expect((await apply(host.url, kind("WorkerBundle"), bundle, SPACE, { manifestDigest: await commitWorkerBundle(host.url, ["fetch"]) })).status).toBe(201);
    const created = await apply(host.url, kind("WorkerVersion"), version, SPACE, {
      worker: ref("ModuleWorker", worker),
      bundle: ref("WorkerBundle", bundle),
      handlers: ["fetch"],
      requiredSensitiveVars: ["API_TOKEN", "SIGNING_KEY"],
    });
    expect(created.status, created.text).toBe(201);
    const ready = await versionReady(version);
    expect(ready).toMatchObject({ status: "False", reason: "DependencyMissing", hostReason: "sensitive value not set: API_TOKEN,SIGNING_KEY" });
    expect(ready.message).toContain("API_TOKEN, SIGNING_KEY");
    // A deployment may not weight a version that is not Ready.
    const deployment = await apply(host.url, kind("WorkerDeployment"), uniqueName("d"), SPACE, {
      worker: ref("ModuleWorker", worker),
      versions: [{ workerVersion: ref("WorkerVersion", version), weight: 10000 }],
    });
    expectRefusal(deployment, "invalid_argument");
  });

  it("the CLI sets a value from stdin; the route sets another; the version becomes Ready; nothing echoes a value", async () => {
    const put = await cli(["put", "API_TOKEN", "--worker", worker], values.API_TOKEN + "\n");
    expect(put, put.stderr).toMatchObject({ code: 0 });
    expect(put.stdout).toContain(`set API_TOKEN for worker ${worker}`);
    expect(put.stdout + put.stderr).not.toContain(values.API_TOKEN);
    expect(await versionReady(version)).toMatchObject({ status: "False", hostReason: "sensitive value not set: SIGNING_KEY" });

    const routed = await call(host.url, "PUT", secretsPath(worker, "SIGNING_KEY"), { body: { value: values.SIGNING_KEY } });
    expect(routed.status, routed.text).toBe(201);
    expect(Object.keys(routed.json).sort()).toEqual(["name", "updatedAt"]);
    expect(routed.text).not.toContain(values.SIGNING_KEY);
    expect(await versionReady(version)).toMatchObject({ status: "True", reason: "Available" });

    const list = await cli(["list", "--worker", worker]);
    expect(list.code, list.stderr).toBe(0);
    expect(
      list.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("\t")[0]),
    ).toEqual(["API_TOKEN", "SIGNING_KEY"]);
    const listed = await call(host.url, "GET", secretsPath(worker));
    expect(listed.json.secrets.map((s: { name: string }) => s.name)).toEqual(["API_TOKEN", "SIGNING_KEY"]);
    for (const value of Object.values(values)) expect(list.stdout + listed.text).not.toContain(value);
  });

  it("a second put replaces (200); delete removes and the version is not Ready again", async () => {
    expect((await call(host.url, "PUT", secretsPath(worker, "REPLACED"), { body: { value: values.REPLACED } })).status).toBe(201);
    const again = await cli(["put", "REPLACED", "--worker", worker], "new-value-of-replaced");
    expect(again.stdout).toContain("replaced REPLACED");
    const removed = await cli(["delete", "SIGNING_KEY", "--worker", worker]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await versionReady(version)).toMatchObject({ status: "False", reason: "DependencyMissing", hostReason: "sensitive value not set: SIGNING_KEY" });
    const missing = await cli(["delete", "SIGNING_KEY", "--worker", worker]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("resource_not_found");
    expect((await call(host.url, "PUT", secretsPath(worker, "SIGNING_KEY"), { body: { value: values.SIGNING_KEY } })).status).toBe(201);
    expect(await versionReady(version)).toMatchObject({ status: "True" });
  });

  it("another tenant sees none of them and cannot delete one", async () => {
    const listed = await call(host.url, "GET", secretsPath(worker), { token: OTHER_TENANT });
    expect(listed.json).toEqual({ secrets: [] });
    expectRefusal(await call(host.url, "DELETE", secretsPath(worker, "API_TOKEN"), { token: OTHER_TENANT }), "resource_not_found");
    expect((await call(host.url, "GET", secretsPath(worker), { token: PRIMARY })).json.secrets).toHaveLength(3);
  });

  it("bad input is invalid_argument naming the field, stores nothing and never repeats the value", async () => {
    const cases: [string, unknown][] = [
      [secretsPath(worker, "lower_case"), { value: values.BAD }],
      [secretsPath("Bad_Worker", "BAD"), { value: values.BAD }],
      [secretsPath(worker, "BAD"), { value: 42 }],
      [secretsPath(worker, "BAD"), { value: values.BAD, extra: true }],
      [secretsPath(worker, "BAD"), { value: "" }],
      [secretsPath(worker, "BAD"), { value: "x".repeat(5 * 1024 + 1) }],
      [secretsPath(worker, "BAD"), [values.BAD]],
    ];
    for (const [target, body] of cases) {
      const reply = await call(host.url, "PUT", target, { body });
      const error = expectRefusal(reply, "invalid_argument");
      expect(error.message.length).toBeGreaterThan(10);
      expect(reply.text).not.toContain(values.BAD);
    }
    expect((await call(host.url, "PUT", secretsPath(worker, "BAD"), { rawBody: "{not json" })).status).toBe(400);
    expect((await call(host.url, "GET", secretsPath(worker))).json.secrets.map((s: { name: string }) => s.name)).not.toContain("BAD");
    expectRefusal(await call(host.url, "GET", secretsPath(worker), { token: null }), "unauthenticated");
    const usage = await runCli(["secret", "put", "API_TOKEN", values.BAD, "--worker", worker, "--host", host.url, "--credentials", credentials]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("read from stdin");
  });

  it("values are sealed at rest, in no log line, and readable by the runtime's function after a restart", async () => {
    await host.stop();
    expect(statSync(path.join(dataDir, "secrets.key")).mode & 0o777).toBe(0o600);
    for (const value of [values.API_TOKEN, values.SIGNING_KEY, values.REPLACED, "new-value-of-replaced", values.BAD]) {
      expect(filesContaining(dataDir, value), `plaintext ${value.slice(0, 4)}… on disk`).toEqual([]);
      expect(host.output()).not.toContain(value);
    }
    expect(host.output()).toContain('"route":"/x-takoform/v1/spaces/:space/workers/:worker/secrets/:name"');
    const store = await openStore(dataDir, "sqlite");
    try {
      const secrets = openWorkerSecrets(store, dataDir);
      const a = admittedScope({ tenant: "tenant-a", principal: "runtime" });
      expect(readSecretsForWorker(secrets, a, { space: SPACE, worker }, ["API_TOKEN", "SIGNING_KEY", "REPLACED", "ABSENT"])).toEqual({
        values: { API_TOKEN: values.API_TOKEN, SIGNING_KEY: values.SIGNING_KEY, REPLACED: "new-value-of-replaced" },
        missing: ["ABSENT"],
      });
      const b = admittedScope({ tenant: "tenant-b", principal: "runtime" });
      expect(readSecretsForWorker(secrets, b, { space: SPACE, worker }, ["API_TOKEN"])).toEqual({ values: {}, missing: ["API_TOKEN"] });
    } finally {
      await store.close();
    }
    host = await startLoggedHost(dataDir, credentials);
    expect(await versionReady(version)).toMatchObject({ status: "True" });
  }, 60_000);
});
