// Idempotency-Key: namespaced, fingerprinted, replayed, retired with its incarnation (both halves).

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALTERNATE, builtinCatalog, OTHER_TENANT, PRIMARY, startTestHost, type TestHost } from "./harness.js";
import { apply, document, observe, prepare, put, read, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "replay";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

async function reviewed(name: string, spec: Record<string, unknown>, token = PRIMARY, generation?: string) {
  const body = document(queue(), name, SPACE, spec);
  const prepared = await prepare(host.url, body, { token, ...(generation === undefined ? {} : { generation }) });
  expect(prepared.status, prepared.text).toBe(200);
  return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
}

describe("replay", () => {
  it("the same key and bytes replay the recorded status, ETag and body; other bytes are invalid_argument", async () => {
    const key = randomUUID();
    const body = await reviewed(uniqueName(), { messageRetentionSeconds: 60 });
    const first = await put(host.url, body, { key });
    const second = await put(host.url, body, { key });
    expect(first.status).toBe(201);
    expect({ status: second.status, etag: second.headers.get("etag"), text: second.text }).toEqual({
      status: first.status,
      etag: first.headers.get("etag"),
      text: first.text,
    });
    const other = await reviewed(uniqueName(), { messageRetentionSeconds: 60 });
    expectRefusal(await put(host.url, other, { key }), "invalid_argument");
  });

  it("a refusal is recorded and keeps replaying", async () => {
    const key = randomUUID();
    const body = await reviewed(uniqueName(), { messageRetentionSeconds: 60 });
    const refused = await put(host.url, body, { key, generation: "1" });
    expectRefusal(refused, "resource_not_found");
    const again = await put(host.url, body, { key, generation: "1" });
    expect(again.text).toBe(refused.text);
  });

  it("a record bound to an incarnation retires when that incarnation is deleted; a delete's 204 keeps replaying", async () => {
    const name = uniqueName();
    const body = await reviewed(name, { messageRetentionSeconds: 60 });
    const createKey = randomUUID();
    const created = expectResource(await put(host.url, body, { key: createKey }), 201);
    const deleteKey = randomUUID();
    expect((await remove(host.url, queue(), name, SPACE, "1", { key: deleteKey })).status).toBe(204);
    // the create's record reported an incarnation that is gone: the same request executes anew
    const recreated = expectResource(await put(host.url, body, { key: createKey }), 201);
    expect(recreated.metadata.uid).not.toBe(created.metadata.uid);
    // the delete's record reports nothing live: a retried delete is answered 204, not executed
    // against the incarnation that holds the name now
    expect((await remove(host.url, queue(), name, SPACE, "1", { key: deleteKey })).status).toBe(204);
    expectResource(await read(host.url, queue(), name, SPACE), 200);
    // another resource taking a name retires nothing: retirement is by incarnation
    const replay = await put(host.url, body, { key: createKey });
    expect(replay.json.metadata.uid).toBe(recreated.metadata.uid);
  });

  it("observe replays are bound to their incarnation too", async () => {
    const name = uniqueName();
    expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }), 201);
    const key = randomUUID();
    const first = await observe(host.url, queue(), name, SPACE, "1", { key });
    const second = await observe(host.url, queue(), name, SPACE, "1", { key });
    expect(second.text).toBe(first.text);
  });
});

describe("namespacing", () => {
  it("the same key from another principal of the tenant is an independent request", async () => {
    const key = randomUUID();
    const name = uniqueName();
    const body = await reviewed(name, { messageRetentionSeconds: 60 });
    expectResource(await put(host.url, body, { key, token: PRIMARY }), 201);
    // bob's request with alice's key executes: the name is taken in the tenant
    expectRefusal(await put(host.url, body, { key, token: ALTERNATE }), "generation_conflict");
  });

  it("the same key from another tenant is another operation, and the other tenant's resource is really stored", async () => {
    const key = randomUUID();
    const name = uniqueName();
    const mine = expectResource(await put(host.url, await reviewed(name, { messageRetentionSeconds: 60 }), { key }), 201);
    const theirs = expectResource(await put(host.url, await reviewed(name, { messageRetentionSeconds: 60 }, OTHER_TENANT), { key, token: OTHER_TENANT }), 201);
    expect(theirs.metadata.uid).not.toBe(mine.metadata.uid);
    const readBack = expectResource(await read(host.url, queue(), name, SPACE, OTHER_TENANT), 200);
    expect(readBack.metadata.uid).toBe(theirs.metadata.uid);
  });
});
