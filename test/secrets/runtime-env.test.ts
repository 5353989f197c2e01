// A sensitive value reaches the running worker's env (ADR 0200): the version's requiredSensitiveVars
// are read through readSecretsForWorker when the data plane builds the worker, and replacing the
// value (a commit that touches no resource) is served after the next reconcile. The worker answers
// a digest of what it received, never the value.

import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../unit/host/harness.js";
import { deployWorker, eventually, startRuntimeHost, viaGateway, type RuntimeHost } from "../runtime/support.js";

const SPACE = "secret-env";
const WORKER = `export default { async fetch(request, env) {
  const bytes = new TextEncoder().encode(String(env.API_TOKEN));
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return Response.json({ digest, names: Object.keys(env).sort() });
} };`;
const hex = (value: string) => createHash("sha256").update(value).digest("hex");
let host: RuntimeHost;

beforeAll(async () => {
  host = await startRuntimeHost();
}, 60_000);
afterAll(async () => host?.close());

describe("sensitive values in the runtime", () => {
  it("puts the value on env under its name and serves a replaced value", async () => {
    const first = `first-${randomUUID()}`;
    const put = (value: string) => call(host.url, "PUT", `/x-takoform/v1/spaces/${SPACE}/workers/api/secrets/API_TOKEN`, { body: { value } });
    expect((await put(first)).status).toBe(201);
    const { hostname } = await deployWorker(host.url, SPACE, "api", { source: WORKER, extra: { requiredSensitiveVars: ["API_TOKEN"] } });
    const served = await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.status === 200,
      "the worker serves",
    );
    expect(JSON.parse(served.body)).toEqual({ digest: hex(first), names: ["API_TOKEN"] });
    expect(served.body).not.toContain(first);
    const second = `second-${randomUUID()}`;
    expect((await put(second)).status).toBe(200);
    await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.body.includes(hex(second)),
      "the replaced value is served",
    );
  }, 90_000);
});
