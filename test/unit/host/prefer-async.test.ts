// RFC 7240: `Prefer: respond-async` is how an ordinary client (no test probes) asks for 202 and an
// Operation; without it the same request answers synchronously.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog, startTestHost, type TestHost } from "./harness.js";
import { document, prepare, put, refOf, uniqueName } from "./client.js";
import { wireProblems } from "./wire-schemas.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost({ asyncCommitDelayMs: 60_000, probes: false });
});
afterAll(async () => host.close());

const SPACE = "prefer";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

async function reviewed(name: string) {
  const body = document(queue(), name, SPACE, { messageRetentionSeconds: 60 });
  const prepared = await prepare(host.url, body, {});
  return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
}

describe("Prefer: respond-async", () => {
  it("answers 202 with an Operation envelope on a host started without probes", async () => {
    const body = await reviewed(uniqueName());
    const accepted = await put(host.url, body, { key: randomUUID(), headers: { prefer: "wait=5, Respond-Async" } });
    expect(accepted.status, accepted.text).toBe(202);
    expect(wireProblems("operationEnvelope", accepted.json)).toEqual([]);
    expect(accepted.json.operation).toMatchObject({ kind: "Operation", done: false });
  });

  it("answers synchronously without the preference", async () => {
    const body = await reviewed(uniqueName());
    const created = await put(host.url, body, { key: randomUUID() });
    expect(created.status, created.text).toBe(201);
  });
});
