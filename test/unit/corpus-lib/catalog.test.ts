import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CatalogError, canonicalDigest, loadCatalog, loadFormPackage, EDGE_GROUP } from "../../../corpus/lib/index.js";
import { minimalDefinition, writePackage } from "./make-package.js";
import { referenceBindingsDir, referenceDir, referenceFormsDir, referenceInterfacesDir } from "./paths.js";
import { describeWithReference } from "../../support/reference.js";

const EDGE = EDGE_GROUP;
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-catalog-"));
  temps.push(dir);
  return dir;
}
const secondModuleWorker = () =>
  JSON.parse(readFileSync(path.join(referenceDir, "conformance/portable-host-v1beta1/fixtures/synthetic-module-worker-second-definition.json"), "utf8"));

describeWithReference("loadCatalog over the reference corpus", () => {
  const catalog = loadCatalog([referenceFormsDir, referenceInterfacesDir, referenceBindingsDir]);
  const candidates = JSON.parse(readFileSync(path.join(referenceFormsDir, "candidate-set.json"), "utf8"));

  it("installs every Form under the exact ref and package digest the candidate set publishes", () => {
    expect(catalog.forms()).toHaveLength(15);
    for (const entry of candidates.forms) {
      const form = catalog.form(entry.formRef);
      expect(form?.packageDigest, entry.kind).toBe(entry.packageDigest);
      expect(form?.definition.role).toBe(entry.role);
    }
  });
  it("never matches by group and kind alone", () => {
    const ref = catalog.formsOf(EDGE, "ModuleWorker")[0]!.ref;
    expect(catalog.form({ ...ref, definitionVersion: "0.2.0" })).toBeUndefined();
    expect(catalog.form({ ...ref, schemaDigest: "sha256:" + "0".repeat(64) })).toBeUndefined();
    expect(catalog.formsOf("other.forms.takoform.com/v1beta1", "ModuleWorker")).toEqual([]);
  });
  it("looks up Interfaces by exact ref and Bindings by name and version", () => {
    const kv = catalog.interfaces().find((i) => i.ref.name === "edge.kv")!;
    expect(catalog.interface(kv.ref)?.name).toBe("edge.kv");
    expect(catalog.interface({ ...kv.ref, schemaDigest: "sha256:" + "1".repeat(64) })).toBeUndefined();
    expect(catalog.binding("module-worker.edge-kv", "1.0.0")?.targetInterface).toEqual(kv.ref);
    expect(catalog.binding("module-worker.edge-kv", "9.9.9")).toBeUndefined();
    expect(catalog.bindings()).toHaveLength(5);
  });
  it("carries derived relations, defaults and capabilities", () => {
    const wv = catalog.formsOf(EDGE, "WorkerVersion")[0]!;
    expect(wv.relations.length).toBe(8);
    expect(wv.defaults).toMatchObject({ kvBindings: [], vars: {} });
    expect(wv.capabilities).toEqual(["create", "read", "delete", "import", "observe"]);
  });
});

describeWithReference("loadCatalog keys", () => {
  it("installs two definition versions of one kind side by side", () => {
    const dir = temp();
    cpSync(path.join(referenceFormsDir, "module-worker"), path.join(dir, "module-worker-0.1.0"), { recursive: true });
    const second = writePackage(path.join(dir, "module-worker-0.2.0"), secondModuleWorker());
    const catalog = loadCatalog([dir]);
    expect(
      catalog
        .formsOf(EDGE, "ModuleWorker")
        .map((f) => f.ref.definitionVersion)
        .sort(),
    ).toEqual(["0.1.0", "0.2.0"]);
    expect(catalog.form(second.ref)?.packageDigest).toBe(second.packageDigest);
    expect(catalog.form(second.ref)?.definition.providedInterfaces).toBeUndefined();
  });
  it("refuses two definitions agreeing on group, kind and definitionVersion with different schemaDigest", () => {
    const dir = temp();
    cpSync(path.join(referenceFormsDir, "module-worker"), path.join(dir, "a"), { recursive: true });
    const changed = JSON.parse(readFileSync(path.join(referenceFormsDir, "module-worker/definition.json"), "utf8"));
    changed.title = "Module Worker, edited";
    delete changed.conformanceFixtures;
    delete changed.negativeConformanceFixtures;
    writePackage(path.join(dir, "b"), changed);
    expect(() => loadCatalog([dir])).toThrow(CatalogError);
    expect(() => loadCatalog([dir])).toThrow(/two definitions of edge.forms.takoform.com\/v1beta1 ModuleWorker@0.1.0 differ in schemaDigest/);
  });
  it("treats the same exact identity found twice as one Form", () => {
    const dir = temp();
    cpSync(path.join(referenceFormsDir, "module-worker"), path.join(dir, "a"), { recursive: true });
    cpSync(path.join(referenceFormsDir, "module-worker"), path.join(dir, "b"), { recursive: true });
    expect(loadCatalog([dir]).forms()).toHaveLength(1);
  });
  it("fails closed, listing every problem, when any package does not verify", () => {
    const dir = temp();
    cpSync(path.join(referenceFormsDir, "edge-kv-namespace"), path.join(dir, "kv"), { recursive: true });
    writeFileSync(path.join(dir, "kv/fixtures/desired.json"), '{"x":1}');
    expect(() => loadCatalog([dir])).toThrow(/kv\/fixtures\/desired.json: size mismatch/);
  });
});

describe("loadFormPackage", () => {
  it("refuses a definition whose declared capabilities disagree with its fields", () => {
    const dir = temp();
    writePackage(dir, minimalDefinition({ lifecycleCapabilities: ["create", "read", "update", "delete", "import", "observe"] }));
    const loaded = loadFormPackage(dir, "widget");
    expect(loaded).toEqual({
      ok: false,
      problems: [
        "widget/definition.json: /lifecycleCapabilities: declares [create, read, update, delete, import, observe] but its fields derive [create, read, delete, import, observe]",
      ],
    });
  });
  it("refuses a definition with a reference carrying no target contract", () => {
    const dir = temp();
    const reference = {
      type: "object",
      additionalProperties: false,
      required: ["apiVersion", "kind", "name"],
      properties: { apiVersion: { const: EDGE }, kind: { const: "ModuleWorker" }, name: { type: "string" } },
    };
    writePackage(
      dir,
      minimalDefinition({
        role: "attachment",
        immutableFields: ["/worker"],
        desiredSchema: { ...(minimalDefinition().desiredSchema as object), properties: { worker: reference } },
      }),
    );
    const loaded = loadFormPackage(dir, "widget");
    expect(loaded.ok).toBe(false);
    if (!loaded.ok)
      expect(loaded.problems[0]).toMatch(/^widget\/definition.json: \/desiredSchema relation \/worker: \/worker: a reference must carry exactly one of/);
  });
  it("installs a well-formed package with the recomputed identity", () => {
    const dir = temp();
    const definition = minimalDefinition();
    const written = writePackage(dir, definition);
    const loaded = loadFormPackage(dir);
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.form.ref).toEqual({ ...written.ref, schemaDigest: canonicalDigest(definition) });
      expect(loaded.form.packageDigest).toBe(written.packageDigest);
      expect(loaded.form.dir).toBe(dir);
    }
  });
});
