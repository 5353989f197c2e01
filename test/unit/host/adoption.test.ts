// import: adoption under a claim on the native identity (decision 0011).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { apply, importResource, read, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const kv = () => refOf(builtinCatalog(), "EdgeKVNamespace");
const nativeId = () => "native-" + uniqueName();

describe("import", () => {
  it("adopts under If-None-Match: *, minting generation 1, and never renders the nativeId", async () => {
    const id = nativeId();
    const name = uniqueName();
    const adopted = expectResource(await importResource(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }, id), 201);
    expect(adopted.metadata.generation).toBe("1");
    expect(adopted.spec.deliveryDelaySeconds).toBe(0);
    expect(JSON.stringify(adopted)).not.toContain(id);
    expect((await read(host.url, queue(), name, "a")).text).not.toContain(id);
  });

  it("validates like apply", async () => {
    expectRefusal(await importResource(host.url, queue(), uniqueName(), "a", { messageRetentionSeconds: 1 }, nativeId()), "invalid_argument");
    expectRefusal(await importResource(host.url, { ...queue(), definitionVersion: "7.0.0" }, uniqueName(), "a", {}, nativeId()), "form_unknown");
  });

  it("claims the native identity across spaces and kinds of the tenant, and releases it only with the holder", async () => {
    const id = nativeId();
    const holder = uniqueName();
    expectResource(await importResource(host.url, queue(), holder, "a", { messageRetentionSeconds: 60 }, id), 201);
    const rival = uniqueName();
    expectRefusal(await importResource(host.url, kv(), rival, "b", {}, id), "import_conflict");
    expectRefusal(await importResource(host.url, queue(), uniqueName(), "a", { messageRetentionSeconds: 60 }, id), "import_conflict");
    expectRefusal(await read(host.url, kv(), rival, "b"), "resource_not_found");
    // an ordinary apply on the holder withdraws nothing
    expectResource(await apply(host.url, queue(), holder, "a", { messageRetentionSeconds: 120 }, { generation: "1" }), 200);
    expectRefusal(await importResource(host.url, kv(), rival, "b", {}, id), "import_conflict");
    // another tenant is outside the claim
    expectResource(await importResource(host.url, kv(), rival, "b", {}, id, { token: OTHER_TENANT }), 201);
    expect((await remove(host.url, queue(), holder, "a", "2")).status).toBe(204);
    expectResource(await importResource(host.url, kv(), rival, "b", {}, id), 201);
  });

  it("records the claim: re-import under the same identity answers the same incarnation, another identity is import_conflict", async () => {
    const id = nativeId();
    const name = uniqueName();
    const adopted = expectResource(await importResource(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }, id), 201);
    const again = expectResource(await importResource(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }, id, { generation: "1" }), 200);
    expect(again.metadata.uid).toBe(adopted.metadata.uid);
    expectRefusal(await importResource(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }, nativeId(), { generation: "1" }), "import_conflict");
  });

  it("the first import onto a resource this host created records a claim rather than changing one", async () => {
    const name = uniqueName();
    const created = expectResource(await apply(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }), 201);
    const id = nativeId();
    const claimed = expectResource(await importResource(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }, id, { generation: "1" }), 200);
    expect(claimed.metadata).toEqual(created.metadata);
    expectRefusal(await importResource(host.url, queue(), name, "a", { messageRetentionSeconds: 60 }, nativeId(), { generation: "1" }), "import_conflict");
    expectRefusal(await importResource(host.url, kv(), uniqueName(), "c", {}, id), "import_conflict");
  });
});
