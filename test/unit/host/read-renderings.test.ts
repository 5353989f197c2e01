// A read answers the body kept from an earlier read only while the store holds exactly the text it
// was rendered from (host/lifecycle/verbs/read-renderings.ts). Every read below follows a read that
// kept a rendering of the same key, so an answer kept past a change of the text or answered without
// the exact-ref check fails here (another tenant's key holds other text, or none: the text is what
// validates, the key only finds); the engine without stored text (lowdb) answers the same.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Renderings } from "../../../host/lifecycle/verbs/read-renderings.js";
import type { StoreEngine } from "../../../host/store/store.js";
import { builtinCatalog, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { apply, read, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

const SPACE = "renderings";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

for (const engine of ["sqlite", "lowdb"] as StoreEngine[]) {
  describe(`reads after reads (${engine})`, () => {
    let host: TestHost;
    beforeAll(async () => {
      host = await startTestHost({ engine });
    });
    afterAll(async () => host.close());

    it("a read after an update answers the update, and the same text again answers the same bytes", async () => {
      const name = uniqueName("q");
      expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 120 }), 201);
      const first = await read(host.url, queue(), name, SPACE);
      expect((await read(host.url, queue(), name, SPACE)).text).toBe(first.text);
      expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 240 }, { generation: "1" }), 200);
      const updated = await read(host.url, queue(), name, SPACE);
      expect(expectResource(updated, 200).spec.messageRetentionSeconds).toBe(240);
      expect(updated.headers.get("etag")).toBe(`"${updated.json.metadata.revision}"`);
      expect(updated.headers.get("etag")).not.toBe(first.headers.get("etag"));
    });

    it("a name deleted and created again answers its new incarnation, and a deleted one none", async () => {
      const name = uniqueName("q");
      const before = expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 120 }), 201);
      expectResource(await read(host.url, queue(), name, SPACE), 200);
      expect((await remove(host.url, queue(), name, SPACE, "1")).status).toBeLessThan(300);
      expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
      const after = expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 120 }), 201);
      expect(after.metadata.uid).not.toBe(before.metadata.uid);
      expect(expectResource(await read(host.url, queue(), name, SPACE), 200).metadata.uid).toBe(after.metadata.uid);
    });

    it("a kept rendering answers only under the exact ref recorded, and only to its own tenant", async () => {
      const v1 = refOf(builtinCatalog(), "ModuleWorker", "0.1.0");
      const v2 = refOf(builtinCatalog(), "ModuleWorker", "0.2.0");
      const name = uniqueName("mw");
      expectResource(await apply(host.url, v1, name, SPACE, {}), 201);
      expectResource(await read(host.url, v1, name, SPACE), 200);
      expectRefusal(await read(host.url, v2, name, SPACE), "resource_not_found");
      expectRefusal(await read(host.url, v1, name, SPACE, OTHER_TENANT), "resource_not_found");
      expectResource(await read(host.url, v1, name, SPACE), 200);
    });
  });
}

describe("Renderings", () => {
  const entry = (text: string, body = "b".repeat(100)) => ({ text, ref: refOf(builtinCatalog(), "AtLeastOnceQueue"), etag: '"1"', body });

  it("answers a key only for the text it was rendered from", () => {
    const renderings = new Renderings();
    renderings.set("k", entry("one"));
    expect(renderings.get("k", "one")?.text).toBe("one");
    expect(renderings.get("k", "two")).toBeUndefined();
    expect(renderings.get("other", "one")).toBeUndefined();
  });

  it("stays within its budget, the oldest going first, and keeps nothing larger than the budget", () => {
    const renderings = new Renderings(1000);
    for (let i = 0; i < 10; i++) renderings.set(`k${i}`, entry(`t${i}`));
    expect(renderings.bytes).toBeLessThanOrEqual(1000);
    expect(renderings.get("k0", "t0")).toBeUndefined();
    expect(renderings.get("k9", "t9")).toBeDefined();
    renderings.set("k9", entry("t9 again"));
    expect(renderings.get("k9", "t9")).toBeUndefined();
    renderings.set("huge", entry("h", "x".repeat(2000)));
    expect(renderings.get("huge", "h")).toBeUndefined();
    expect(renderings.bytes).toBeLessThanOrEqual(1000);
  });
});
