// The rules against the project's own corpus: its wire schema's relation record, its pinned
// Worker bundles, static-asset bundles and migration set, read as bytes.
import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import Database from "better-sqlite3";
import { canonicalDigest, corpusRoot, EDGE_GROUP } from "../../../corpus/lib/index.js";
import { resolveRelations } from "../../../host/rules/relations/resolve-relations.js";
import { validateManifest } from "../../../host/rules/artifacts/manifest-validation.js";
import { resolveManifestReference } from "../../../host/rules/artifacts/manifest-reference.js";
import { verifyBlobs } from "../../../host/rules/artifacts/blob-verification.js";
import { analyzeBundleHandlers } from "../../../host/modules/export-analysis.js";
import { bundleSource } from "../../../host/modules/bundle-source.js";
import { declaredHandlersExported } from "../../../host/rules/worker-aggregate/handler-exports.js";
import { spaIndexPresent } from "../../../host/rules/assets/spa-index.js";
import { applyMigrations } from "../../../host/sqlite-migrations/migration-executor.js";
import { migrationReadiness } from "../../../host/sqlite-migrations/migration-readiness.js";
import { MemoryView } from "./support/memory-view.js";
import { bindingContract, corpusArtifact, definition, relationsOf } from "./support/reference.js";

const EDGE = EDGE_GROUP;
type Manifest = { mainModule: string; modules: { name: string; mediaType: string; digest: string; size: number }[] };

describe("relation records match the corpus wire schema's relationRecord", () => {
  it("validates every record resolveRelations produces", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const dir = path.join(corpusRoot(), "schemas");
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const validate = ajv.getSchema("https://corpus.takoform.invalid/schemas/host-api-wire-v1beta1.schema.json#/$defs/relationRecord")!;
    const version = definition("WorkerVersion");
    const view = new MemoryView().install(version, definition("ModuleWorker"), definition("WorkerBundle"), definition("EdgeKVNamespace"));
    view.installBinding(bindingContract("module-worker.edge-kv"));
    view.add(definition("ModuleWorker"), "api");
    view.add(definition("WorkerBundle"), "b1", { manifestDigest: "sha256:" + "e".repeat(64) });
    view.add(definition("EdgeKVNamespace"), "cache");
    const spec = {
      worker: { apiVersion: EDGE, kind: "ModuleWorker", name: "api" },
      bundle: { apiVersion: EDGE, kind: "WorkerBundle", name: "b1" },
      handlers: ["fetch"],
      kvBindings: [{ name: "CACHE", resource: { apiVersion: EDGE, kind: "EdgeKVNamespace", name: "cache" } }],
    };
    const out = resolveRelations({ space: "default", spec, source: version, relations: relationsOf(version), view });
    if (!out.ok) throw new Error(out.message);
    expect(out.records).toHaveLength(3);
    for (const r of out.records) expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...out.records[0], targetUID: "x" })).toBe(false);
  });
});

describe("corpus Worker bundles", () => {
  const exportsOf = (rel: string) => {
    const a = corpusArtifact(rel);
    const manifest = a.manifest as unknown as Manifest;
    return { a, manifest, report: analyzeBundleHandlers(bundleSource(manifest, a.readBlob)) };
  };

  it.each([
    ["worker-bundles/fetch-only", ["fetch"]],
    ["worker-bundles/all-handlers", ["fetch", "scheduled", "queue"]],
    ["worker-bundles/with-source-map", ["fetch"]],
  ])("%s: valid manifest, blobs match, main module exports %j", (rel, handlers) => {
    const { a, manifest, report } = exportsOf(rel);
    expect(validateManifest(a.manifest).ok).toBe(true);
    expect(verifyBlobs("modules", manifest.modules, a.readBlob)).toEqual({ ok: true });
    expect(report).toMatchObject({ analyzable: true, shape: "object", handlers });
    expect(resolveManifestReference({ formKind: "WorkerBundle", referencedDigest: canonicalDigest(a.manifest), held: JSON.stringify(a.manifest) }).ok).toBe(
      true,
    );
  });

  it("fetch-only refuses a version declaring scheduled; all-handlers accepts all three", () => {
    const fetchOnly = exportsOf("worker-bundles/fetch-only");
    expect(declaredHandlersExported({ handlers: ["fetch", "scheduled"] }, fetchOnly.manifest.mainModule, fetchOnly.report)).toMatchObject({
      ok: false,
      code: "invalid_argument",
      pointer: "/handlers/1",
    });
    const all = exportsOf("worker-bundles/all-handlers");
    expect(declaredHandlersExported({ handlers: ["fetch", "scheduled", "queue"] }, all.manifest.mainModule, all.report)).toEqual({ ok: true });
  });

  it("source-map-main is artifact_invalid at /mainModule", () => {
    expect(validateManifest(corpusArtifact("worker-bundles/source-map-main").manifest)).toMatchObject({
      ok: false,
      code: "artifact_invalid",
      pointer: "/mainModule",
    });
  });
});

describe("corpus static-asset bundles", () => {
  const spa = {
    assets: { bundle: { apiVersion: EDGE, kind: "StaticAssetBundle", name: "site" }, runWorkerFirst: true, notFoundHandling: "single_page_application" },
  };
  it("with-index serves an SPA; without-index is refused for one", () => {
    const withIndex = corpusArtifact("static-assets/with-index").manifest as { files: { path: string }[] };
    const without = corpusArtifact("static-assets/without-index").manifest as { files: { path: string }[] };
    expect(validateManifest(withIndex).ok && validateManifest(without).ok).toBe(true);
    expect(spaIndexPresent(spa, withIndex)).toEqual({ ok: true });
    expect(spaIndexPresent(spa, without)).toMatchObject({ ok: false, code: "invalid_argument" });
  });
});

describe("corpus migration set, executed", () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it("create-tables creates both tables and its index, and the ledger equals the set", async () => {
    const a = corpusArtifact("migrations/create-tables");
    const manifest = a.manifest as { files: { path: string; digest: string; mediaType: string }[] };
    expect(validateManifest(manifest)).toMatchObject({ ok: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "takoform-corpus-sql-"));
    const dbPath = path.join(dir, "db.sqlite");
    const files = manifest.files.map((f) => ({ path: f.path, digest: f.digest, sql: a.readBlob(f.digest)! }));
    expect(await applyMigrations(dbPath, files)).toMatchObject({ ok: true, executed: manifest.files.map((f) => f.path) });
    const db = new Database(dbPath, { readonly: true });
    const names = db.prepare("SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { type: string; name: string }[];
    db.close();
    expect(names.filter((n) => n.type === "table").map((n) => n.name)).toEqual(expect.arrayContaining(["customers", "orders"]));
    expect(names.some((n) => n.type === "index")).toBe(true);
    expect(migrationReadiness(dbPath, files).ready).toBe(true);
  });
});
