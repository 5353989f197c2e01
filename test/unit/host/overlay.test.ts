import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resourceKey, tenantResourcesPrefix } from "../../../host/store/keys.js";
import { openStore } from "../../../host/store/open.js";
import { StagedWrites } from "../../../host/store/overlay.js";
import { authenticatedScope } from "../../../host/store/scope.js";

const scope = authenticatedScope({ tenant: "t", principal: "p" });
const at = (name: string) => resourceKey(scope, { space: "s", apiVersion: "edge.forms.takoform.com/v1beta1", kind: "K", name });
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("StagedWrites", () => {
  it("reads through staged puts and deletes without touching the store, and keeps the first expected version", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-overlay-"));
    dirs.push(dir);
    const store = await openStore(dir, "sqlite");
    await store.transaction([
      { op: "put", key: at("a"), value: "a0" },
      { op: "put", key: at("b"), value: "b0" },
    ]);
    const staged = new StagedWrites(store);
    staged.stage({ op: "put", key: at("a"), value: "a1", expectedVersion: 1 });
    staged.stage({ op: "put", key: at("a"), value: "a2", expectedVersion: 2 });
    staged.stage({ op: "delete", key: at("b") });
    staged.stage({ op: "put", key: at("c"), value: "c1", expectedVersion: null });
    expect(staged.get(at("a"))?.value).toBe("a2");
    expect(staged.get(at("b"))).toBeUndefined();
    expect(staged.list(tenantResourcesPrefix(scope)).map((entry) => entry.value)).toEqual(["a2", "c1"]);
    expect(store.get(at("a"))?.value).toBe("a0");
    const writes = staged.writes();
    expect(writes.find((write) => write.key === at("a"))).toMatchObject({ value: "a2", expectedVersion: 1 });
    await store.transaction(writes);
    expect(store.list(tenantResourcesPrefix(scope)).map((entry) => entry.value)).toEqual(["a2", "c1"]);
    await store.close();
  });
});
