// Resource identity: uid, generation, revision, the strong ETag, and every fence.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog, startTestHost, type TestHost } from "./harness.js";
import { apply, commitWorkerBundle, document, observe, prepare, put, read, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "identity";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

async function createQueue(name: string, retention = 3600) {
  return expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: retention }), 201);
}

describe("create", () => {
  it("mints a uid at generation 1 and revision 1, materializing declared defaults", async () => {
    const name = uniqueName();
    const created = await createQueue(name);
    expect(created.metadata).toMatchObject({ name, space: SPACE, generation: "1", revision: "1" });
    expect(created.metadata.uid).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/);
    expect(created.spec).toEqual({ messageRetentionSeconds: 3600, deliveryDelaySeconds: 0 });
    expect(created.status.observedGeneration).toBe("1");
    expect(created.status.conditions[0]).toMatchObject({ type: "Ready", status: "True", reason: "Available" });
    expect(created.status.outputs).toBeUndefined();
    const again = expectResource(await read(host.url, queue(), name, SPACE), 200);
    expect(again).toEqual(created);
  });

  it("mints uids in creation order: UUIDv7, each later create's uid sorting after the one before", async () => {
    // Ordered uids put a create's uid row next to the last in the store's key index (ADR 0296).
    const uids: string[] = [];
    for (let i = 0; i < 40; i++) uids.push((await createQueue(uniqueName())).metadata.uid);
    for (const uid of uids) expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uids).size).toBe(uids.length);
    expect([...uids].sort()).toEqual(uids);
  });

  it("a taken name fails generation_conflict under If-None-Match: *", async () => {
    const name = uniqueName();
    const body = document(queue(), name, SPACE, { messageRetentionSeconds: 60 });
    const review = { prepareDigest: (await prepare(host.url, body)).json.review.prepareDigest };
    expectResource(await put(host.url, { ...body, review }), 201);
    // the same create again, under a new key: the name is taken
    expectRefusal(await put(host.url, { ...body, review }), "generation_conflict");
    // and prepare refuses to bind a create over an existing resource without the update fence
    expectRefusal(await prepare(host.url, body), "invalid_argument");
  });

  it("requires an Idempotency-Key and a precondition", async () => {
    const name = uniqueName();
    const body = document(queue(), name, SPACE, { messageRetentionSeconds: 60 });
    const digest = (await prepare(host.url, body)).json.review.prepareDigest;
    const full = { ...body, review: { prepareDigest: digest } };
    const noKey = await put(host.url, full, { headers: {} });
    expect(noKey.status).toBe(201); // the helper always sends a key: sanity check of the happy path
    const other = uniqueName();
    const otherBody = document(queue(), other, SPACE, { messageRetentionSeconds: 60 });
    const otherDigest = (await prepare(host.url, otherBody)).json.review.prepareDigest;
    const path = `/apis/forms.takoform.com/v1beta1/resources/${queue().apiVersion}/AtLeastOnceQueue/${other}`;
    const { call } = await import("./harness.js");
    expectRefusal(
      await call(host.url, "PUT", path, { body: { ...otherBody, review: { prepareDigest: otherDigest } }, headers: { "if-none-match": "*" } }),
      "invalid_argument",
    );
    expectRefusal(
      await call(host.url, "PUT", path, { body: { ...otherBody, review: { prepareDigest: otherDigest } }, headers: { "idempotency-key": "k-" + other } }),
      "invalid_argument",
    );
    expectRefusal(
      await call(host.url, "PUT", path, { body: otherBody, headers: { "idempotency-key": "k2-" + other, "if-none-match": "*" } }),
      "invalid_argument",
    );
    expect((await read(host.url, queue(), other, SPACE)).status).toBe(404);
  });
});

describe("update", () => {
  it("a spec change moves generation and revision; an identical apply moves nothing", async () => {
    const name = uniqueName();
    await createQueue(name);
    const changed = expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 7200 }, { generation: "1" }), 200);
    expect(changed.metadata).toMatchObject({ generation: "2", revision: "2" });
    expect(changed.status.observedGeneration).toBe("2");
    const same = expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 7200 }, { generation: "2" }), 200);
    expect(same).toEqual(changed);
    // omitting a default and writing it are one desired state
    const written = expectResource(
      await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 7200, deliveryDelaySeconds: 0 }, { generation: "2" }),
      200,
    );
    expect(written.metadata.generation).toBe("2");
  });

  it("a stale generation fence fails generation_conflict and stores nothing", async () => {
    const name = uniqueName();
    await createQueue(name);
    await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 120 }, { generation: "1" });
    const stale = await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 180 }, { generation: "1" });
    expectRefusal(stale, "generation_conflict");
    const current = expectResource(await read(host.url, queue(), name, SPACE), 200);
    expect(current.spec.messageRetentionSeconds).toBe(120);
  });

  it("the body expectedGeneration is a fence too, and must agree with the header", async () => {
    const name = uniqueName();
    await createQueue(name);
    const body = document(queue(), name, SPACE, { messageRetentionSeconds: 99 });
    const digest = (await prepare(host.url, body, { generation: "1" })).json.review.prepareDigest;
    const conflicting = await put(host.url, { ...body, review: { prepareDigest: digest }, expectedGeneration: "2" }, { generation: "1" });
    expectRefusal(conflicting, "invalid_argument");
  });

  it("an update of a name nobody holds is resource_not_found", async () => {
    expectRefusal(await apply(host.url, queue(), uniqueName(), SPACE, { messageRetentionSeconds: 60 }, { generation: "1" }), "resource_not_found");
  });

  it("expectedUid must name the incarnation: uid_mismatch", async () => {
    const name = uniqueName();
    const created = await createQueue(name);
    const wrong = await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 61 }, { generation: "1", extra: { expectedUid: "not-the-uid" } });
    expectRefusal(wrong, "uid_mismatch");
    const right = await apply(
      host.url,
      queue(),
      name,
      SPACE,
      { messageRetentionSeconds: 61 },
      { generation: "1", extra: { expectedUid: created.metadata.uid } },
    );
    expectResource(right, 200);
  });

  it("If-Match is honoured on apply: a stale revision fails revision_conflict", async () => {
    const name = uniqueName();
    await createQueue(name);
    const stale = await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 62 }, { generation: "1", headers: { "if-match": '"7"' } });
    expectRefusal(stale, "revision_conflict");
    const weak = await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 62 }, { generation: "1", headers: { "if-match": 'W/"1"' } });
    expectRefusal(weak, "revision_conflict");
    expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 62 }, { generation: "1", headers: { "if-match": '"1"' } }), 200);
  });
});

describe("observe and status", () => {
  it("observe requires the exact generation fence and answers {resource} at it", async () => {
    const name = uniqueName();
    await createQueue(name);
    const seen = await observe(host.url, queue(), name, SPACE, "1");
    expect(seen.status).toBe(200);
    expect(seen.json.resource.metadata.generation).toBe("1");
    expect(seen.headers.get("etag")).toBe(`"${seen.json.resource.metadata.revision}"`);
    expectRefusal(await observe(host.url, queue(), name, SPACE, "2"), "generation_conflict");
    const { call } = await import("./harness.js");
    const { resourcePath, exactQuery } = await import("./client.js");
    const unfenced = await call(host.url, "POST", `${resourcePath(queue(), name, "observe")}?${exactQuery(SPACE, queue())}`, {
      headers: { "idempotency-key": "unfenced-" + name },
    });
    expectRefusal(unfenced, "invalid_argument");
  });

  it("a host-side status change moves the revision and not the generation", async () => {
    const name = uniqueName();
    const created = await createQueue(name);
    const touched = await observe(host.url, queue(), name, SPACE, "1", { headers: { "takoform-conformance-probe": "touch-status" } });
    expect(touched.status).toBe(200);
    expect(touched.json.resource.metadata).toMatchObject({ generation: "1", revision: "2", uid: created.metadata.uid });
    const now = expectResource(await read(host.url, queue(), name, SPACE), 200);
    expect(now.metadata.revision).toBe("2");
    expect(now.status.conditions[0].message).not.toBe(created.status.conditions[0].message);
  });
});

describe("delete", () => {
  it("requires the generation fence; a stale one is generation_conflict", async () => {
    const name = uniqueName();
    await createQueue(name);
    expectRefusal(await remove(host.url, queue(), name, SPACE, undefined), "invalid_argument");
    expectRefusal(await remove(host.url, queue(), name, SPACE, "2"), "generation_conflict");
    expect((await remove(host.url, queue(), name, SPACE, "1")).status).toBe(204);
    expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
  });

  it("never requires If-Match, honours it when sent, and survives a moved revision", async () => {
    const name = uniqueName();
    await createQueue(name);
    await observe(host.url, queue(), name, SPACE, "1", { headers: { "takoform-conformance-probe": "touch-status" } });
    expectRefusal(await remove(host.url, queue(), name, SPACE, "1", { headers: { "if-match": '"1"' } }), "revision_conflict");
    expect((await remove(host.url, queue(), name, SPACE, "1")).status).toBe(204);
  });

  it("delete then re-create mints a new uid at generation 1", async () => {
    const name = uniqueName();
    const first = await createQueue(name);
    expect((await remove(host.url, queue(), name, SPACE, "1")).status).toBe(204);
    const second = await createQueue(name);
    expect(second.metadata.uid).not.toBe(first.metadata.uid);
    expect(second.metadata).toMatchObject({ generation: "1", revision: "1" });
  });

  it("a delete carries an empty body", async () => {
    const name = uniqueName();
    await createQueue(name);
    const { call } = await import("./harness.js");
    const { resourcePath, exactQuery } = await import("./client.js");
    const withBody = await call(host.url, "DELETE", `${resourcePath(queue(), name)}?${exactQuery(SPACE, queue())}`, {
      body: {},
      headers: { "idempotency-key": "body-" + name, "takoform-expected-generation": "1" },
    });
    expectRefusal(withBody, "invalid_argument");
  });
});

describe("lifecycle capabilities and roles", () => {
  it("a spec change to a Form without update is invalid_argument; an identical apply is not", async () => {
    const kv = refOf(builtinCatalog(), "EdgeKVNamespace");
    expect(builtinCatalog().exact(kv)!.declaresUpdate).toBe(false);
    const name = uniqueName();
    expectResource(await apply(host.url, kv, name, SPACE, {}), 201);
    expectResource(await apply(host.url, kv, name, SPACE, {}, { generation: "1" }), 200);
  });

  it("any update of a revision-role resource is invalid_argument", async () => {
    const bundle = refOf(builtinCatalog(), "WorkerBundle");
    const name = uniqueName();
    const digest = await commitWorkerBundle(host.url, ["fetch"]);
    expectResource(await apply(host.url, bundle, name, SPACE, { manifestDigest: digest }), 201);
    expectRefusal(await apply(host.url, bundle, name, SPACE, { manifestDigest: digest }, { generation: "1" }), "invalid_argument");
    expectRefusal(
      await apply(host.url, bundle, name, SPACE, { manifestDigest: await commitWorkerBundle(host.url, ["queue"]) }, { generation: "1" }),
      "invalid_argument",
    );
  });
});
