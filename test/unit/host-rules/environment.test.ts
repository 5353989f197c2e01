import { describe, expect, it } from "vitest";
import { bindingLists } from "../../../host/rules/environment/binding-lists.js";
import { environmentNamespace } from "../../../host/rules/environment/environment-namespace.js";
import { definition } from "./support/reference.js";
import { EDGE_GROUP } from "../../../corpus/lib/index.js";

const EDGE = EDGE_GROUP;
const lists = bindingLists(definition("WorkerVersion").desiredSchema);
const kv = (name: string) => ({ name, resource: { apiVersion: EDGE, kind: "EdgeKVNamespace", name: "cache" } });
const svc = (name: string) => ({ name, resource: { apiVersion: EDGE, kind: "ModuleWorker", name: "backend" } });

describe("the environment namespace is single (binding-name-collision-rejected)", () => {
  it("discovers every binding list from x-takoform-binding", () => {
    expect(lists.map((l) => `${l.pointer}=${l.binding}`).sort()).toEqual([
      "/bucketBindings=module-worker.object-bucket",
      "/kvBindings=module-worker.edge-kv",
      "/queueProducerBindings=module-worker.queue-producer",
      "/serviceBindings=module-worker.service",
      "/sqliteBindings=module-worker.sqlite",
    ]);
  });

  it("refuses one binding name in two lists, naming both pointers", () => {
    const out = environmentNamespace({ kvBindings: [kv("STORE")], serviceBindings: [svc("STORE")] }, lists);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/serviceBindings/0/name" });
    if (!out.ok) expect(out.message).toContain("/kvBindings/0/name");
  });

  it("refuses a var key colliding with a binding, and a sensitive var colliding with a var", () => {
    const a = environmentNamespace({ vars: { API: "x" }, kvBindings: [kv("API")] }, lists);
    expect(a).toMatchObject({ ok: false, pointer: "/kvBindings/0/name" });
    if (!a.ok) expect(a.message).toContain("/vars/API");
    const b = environmentNamespace({ vars: { TOKEN: 1 }, requiredSensitiveVars: ["TOKEN"] }, lists);
    expect(b).toMatchObject({ ok: false, pointer: "/requiredSensitiveVars/0" });
  });

  it("refuses two entries of one list agreeing only on name (uniqueItems cannot)", () => {
    const other = { name: "CACHE", resource: { apiVersion: EDGE, kind: "EdgeKVNamespace", name: "other" } };
    expect(environmentNamespace({ kvBindings: [kv("CACHE"), other] }, lists)).toMatchObject({ ok: false, pointer: "/kvBindings/1/name" });
  });

  it("accepts distinct names everywhere, and names differing only in case", () => {
    expect(
      environmentNamespace(
        { vars: { api: 1, mode: "x" }, requiredSensitiveVars: ["API"], kvBindings: [kv("CACHE")], serviceBindings: [svc("BACKEND")] },
        lists,
      ),
    ).toEqual({ ok: true });
  });
});
