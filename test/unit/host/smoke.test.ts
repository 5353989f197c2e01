import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog, startTestHost, type TestHost } from "./harness.js";
import { apply, read, refOf, remove, uniqueName, observe } from "./client.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

describe("smoke", () => {
  it("create, read, update, observe, delete", async () => {
    const ref = refOf(builtinCatalog(), "AtLeastOnceQueue");
    const name = uniqueName("q");
    const created = await apply(host.url, ref, name, "s1", { messageRetentionSeconds: 3600 });
    expect(created.status, created.text).toBe(201);
    const got = await read(host.url, ref, name, "s1");
    expect(got.status, got.text).toBe(200);
    const updated = await apply(host.url, ref, name, "s1", { messageRetentionSeconds: 7200 }, { generation: "1" });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.metadata.generation).toBe("2");
    const seen = await observe(host.url, ref, name, "s1", "2");
    expect(seen.status, seen.text).toBe(200);
    const gone = await remove(host.url, ref, name, "s1", "2");
    expect(gone.status, gone.text).toBe(204);
  });
});
