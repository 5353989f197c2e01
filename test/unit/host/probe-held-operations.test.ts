// The probe-held operation (decision 0210): under --conformance-probes a mutation carrying
// `Takoform-Conformance-Probe: async` stays pending for its owner's first poll (Retry-After: 0)
// and commits on the second, whatever the clock says; foreign reads are operation_not_found and
// do not count; cancel stops it; `Prefer: respond-async` alone keeps the timer path.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALTERNATE, API, builtinCatalog, call, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { document, prepare, put, read, refOf, uniqueName } from "./client.js";

let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let host: TestHost;
beforeAll(async () => {
  host = await startTestHost({ asyncCommitDelayMs: 0, clock });
});
afterAll(async () => host.close());

const SPACE = "held";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const poll = (id: string, token?: string) => call(host.url, "GET", `${API}/operations/${id}`, token === undefined ? {} : { token });

async function accept(name: string, headers: Record<string, string>) {
  const body = document(queue(), name, SPACE, { messageRetentionSeconds: 60 });
  const review = { prepareDigest: (await prepare(host.url, body)).json.review.prepareDigest };
  const accepted = await put(host.url, { ...body, review }, { headers });
  expect(accepted.status, accepted.text).toBe(202);
  return accepted.json.operation.id as string;
}

describe("probe-held operations", () => {
  it("stay pending for the owner's first poll, however late, and commit on the second; foreign reads do not count", async () => {
    const name = uniqueName();
    const id = await accept(name, { "takoform-conformance-probe": "async" });
    offset += 3_600_000; // an hour later: no timer commits a held operation
    await new Promise((r) => setTimeout(r, 50));
    for (const token of [ALTERNATE, OTHER_TENANT]) expect((await poll(id, token)).json.error.code).toBe("operation_not_found");
    expect((await read(host.url, queue(), name, SPACE)).status).toBe(404);
    const first = await poll(id);
    expect(first.json.done).toBe(false);
    expect(first.headers.get("retry-after")).toBe("0");
    expect((await read(host.url, queue(), name, SPACE)).status).toBe(404);
    const second = await poll(id);
    expect(second.json.done, second.text).toBe(true);
    expect(second.json.result.resource.metadata.name).toBe(name);
    expect((await read(host.url, queue(), name, SPACE)).status).toBe(200);
    expect((await poll(id)).text).toBe(second.text);
  });

  it("a cancel stops a held operation, which then commits nothing", async () => {
    const name = uniqueName();
    const id = await accept(name, { "takoform-conformance-probe": "async" });
    const cancelled = await call(host.url, "POST", `${API}/operations/${id}/cancel`, { headers: { "idempotency-key": uniqueName() } });
    expect(cancelled.json).toMatchObject({ done: true, error: { code: "operation_cancelled" } });
    for (let i = 0; i < 3; i++) expect((await poll(id)).text).toBe(cancelled.text);
    expect((await read(host.url, queue(), name, SPACE)).status).toBe(404);
  });

  it("Prefer: respond-async alone keeps the timer path", async () => {
    const name = uniqueName();
    const id = await accept(name, { prefer: "respond-async" });
    for (let i = 0; i < 100 && (await read(host.url, queue(), name, SPACE)).status !== 200; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await read(host.url, queue(), name, SPACE)).status).toBe(200);
    expect((await poll(id)).json.done).toBe(true);
  });
});
