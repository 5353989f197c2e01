import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalDigest, canonicalJson, fileDigest } from "../../../corpus/lib/index.js";
import { validateManifest } from "../../../host/rules/artifacts/manifest-validation.js";
import { resolveManifestReference } from "../../../host/rules/artifacts/manifest-reference.js";
import { verifyBlobs } from "../../../host/rules/artifacts/blob-verification.js";
import { artifactPathProblem, isArtifactPath } from "../../../host/rules/artifacts/relative-path.js";
import { runtimeModuleMediaTypes, RUNTIME_MODULE_MEDIA_TYPES } from "../../../host/rules/artifacts/media-types.js";
import { conformanceRunnerInput, interfaceDefinition } from "./support/reference.js";
import { describeWithReference, itWithReference } from "../../support/reference.js";

const API = "artifacts.takoform.com/v1alpha1";
const D = (c: string) => "sha256:" + c.repeat(64);
const mod = (name: string, mediaType = "application/javascript+module", size = 10) => ({ name, mediaType, size, digest: D("a") });
const file = (path: string, mediaType = "application/sql", size = 10) => ({ path, mediaType, size, digest: D("b") });
const worker = (extra: Record<string, unknown> = {}) => ({
  apiVersion: API,
  kind: "WorkerBundle",
  mainModule: "index.js",
  modules: [mod("index.js")],
  ...extra,
});

describe("relative path grammar", () => {
  it.each(["index.js", "a/b/c.txt", "_x/y.hidden", "v1.2/app-1_0.js"])("accepts %s", (p) => expect(artifactPathProblem(p)).toBeUndefined());
  it.each(["", "/abs", "a\\b", "a/../b", "./a", "a/.", "..", ".env", "a//b", "a/", "a\u0000b", "caf\u00e9", "-x", "x".repeat(241)])("refuses %j", (p) =>
    expect(isArtifactPath(p)).toBe(false),
  );
});

describe("media types come from the runtime contract", () => {
  it("reads worker.runtime's loadable and auxiliary sets, equal to the built-in ones", () => {
    const sets = runtimeModuleMediaTypes(interfaceDefinition("worker.runtime").definition);
    expect([...sets!.loadable].sort()).toEqual([...RUNTIME_MODULE_MEDIA_TYPES.loadable].sort());
    expect(sets!.auxiliary).toEqual(["application/source-map+json"]);
  });
});

describe("WorkerBundle manifests (bundle-main-module-is-loadable)", () => {
  itWithReference("accepts the corpus-pinned conformance bundles", () => {
    const input = conformanceRunnerInput();
    for (const key of ["workerBundle", "fetchOnlyBundle"]) {
      expect(validateManifest((input[key] as { manifest: unknown }).manifest).ok).toBe(true);
    }
  });

  it("refuses an auxiliary mainModule but not a bundle merely carrying a source map", () => {
    const carrying = worker({ modules: [mod("index.js"), mod("index.js.map", "application/source-map+json")] });
    expect(validateManifest(carrying)).toMatchObject({ ok: true });
    const auxMain = worker({ mainModule: "index.js.map", modules: [mod("index.js"), mod("index.js.map", "application/source-map+json")] });
    expect(validateManifest(auxMain)).toMatchObject({ ok: false, code: "artifact_invalid", pointer: "/mainModule" });
  });

  it("refuses application/json, an unlisted mainModule, and a source map without its target", () => {
    expect(validateManifest(worker({ modules: [mod("index.js"), mod("data.json", "application/json")] }))).toMatchObject({
      ok: false,
      pointer: "/modules/1/mediaType",
    });
    expect(validateManifest(worker({ mainModule: "main.js" }))).toMatchObject({ ok: false, pointer: "/mainModule" });
    expect(validateManifest(worker({ modules: [mod("index.js"), mod("other.js.map", "application/source-map+json")] }))).toMatchObject({
      ok: false,
      pointer: "/modules/1/name",
    });
  });

  it("refuses duplicate names, bad paths, bad sizes and digests, and unknown entry members", () => {
    expect(validateManifest(worker({ modules: [mod("index.js"), mod("index.js")] }))).toMatchObject({ ok: false, pointer: "/modules/1/name" });
    expect(validateManifest(worker({ modules: [mod("index.js"), mod("../x.js")] }))).toMatchObject({ ok: false, pointer: "/modules/1/name" });
    expect(validateManifest(worker({ modules: [{ ...mod("index.js"), size: -1 }] }))).toMatchObject({ ok: false, pointer: "/modules/0/size" });
    expect(validateManifest(worker({ modules: [{ ...mod("index.js"), size: 1.5 }] }))).toMatchObject({ ok: false, pointer: "/modules/0/size" });
    expect(validateManifest(worker({ modules: [{ ...mod("index.js"), digest: "sha256:ABC" }] }))).toMatchObject({ ok: false, pointer: "/modules/0/digest" });
    expect(validateManifest(worker({ modules: [{ ...mod("index.js"), url: "https://x" }] }))).toMatchObject({ ok: false, pointer: "/modules/0/url" });
  });

  it("enforces the 4,096-module ceiling and the aggregate byte ceiling", () => {
    const many = (n: number) => worker({ modules: Array.from({ length: n }, (_, i) => mod(i === 0 ? "index.js" : `m${i}.js`, undefined, 1)) });
    expect(validateManifest(many(4096)).ok).toBe(true);
    expect(validateManifest(many(4097))).toMatchObject({ ok: false, code: "artifact_invalid", pointer: "/modules" });
    expect(validateManifest(worker({ modules: [mod("index.js", undefined, 10 * 1024 * 1024 + 1)] }))).toMatchObject({ ok: false, pointer: "/modules" });
    expect(validateManifest(worker({ modules: [mod("index.js"), mod("b.js")] }), { limits: { WorkerBundle: { maxEntries: 1, maxBytes: 100 } } })).toMatchObject(
      {
        ok: false,
      },
    );
  });
});

describe("per-kind exclusivity (artifact-manifest-kind-exclusive)", () => {
  it("refuses a WorkerBundle with files and a file kind with modules or mainModule", () => {
    expect(validateManifest(worker({ files: [file("a.sql")] }))).toMatchObject({ ok: false, pointer: "/files" });
    expect(validateManifest({ apiVersion: API, kind: "MigrationBundle", files: [file("a.sql")], modules: [mod("index.js")] })).toMatchObject({
      ok: false,
      pointer: "/modules",
    });
    expect(validateManifest({ apiVersion: API, kind: "StaticAssetBundle", files: [file("a.html", "text/html")], mainModule: "a.html" })).toMatchObject({
      ok: false,
      pointer: "/mainModule",
    });
  });

  it("refuses another apiVersion, an unknown kind, and the wrong kind for the Form", () => {
    expect(validateManifest({ ...worker(), apiVersion: "x/v1" })).toMatchObject({ ok: false, pointer: "/apiVersion" });
    expect(validateManifest({ ...worker(), kind: "Zip" })).toMatchObject({ ok: false, pointer: "/kind" });
    expect(validateManifest(worker(), { expectedKind: "StaticAssetBundle" })).toMatchObject({ ok: false, pointer: "/kind" });
  });
});

describe("MigrationBundle and StaticAssetBundle", () => {
  it("MigrationBundle files are all application/sql, non-empty, and keep their order", () => {
    const ok = validateManifest({ apiVersion: API, kind: "MigrationBundle", files: [file("002.sql"), file("001.sql")] });
    expect(ok.ok && ok.manifest.kind === "MigrationBundle" && ok.manifest.files.map((f) => f.name)).toEqual(["002.sql", "001.sql"]);
    expect(validateManifest({ apiVersion: API, kind: "MigrationBundle", files: [file("a.sql"), file("b.txt", "text/plain")] })).toMatchObject({
      ok: false,
      pointer: "/files/1/mediaType",
    });
    expect(validateManifest({ apiVersion: API, kind: "MigrationBundle", files: [] })).toMatchObject({ ok: false, pointer: "/files" });
  });

  it("StaticAssetBundle takes lowercase type/subtype without parameters, up to 16,384 files", () => {
    expect(validateManifest({ apiVersion: API, kind: "StaticAssetBundle", files: [file("index.html", "text/html")] }).ok).toBe(true);
    expect(validateManifest({ apiVersion: API, kind: "StaticAssetBundle", files: [file("index.html", "text/html; charset=utf-8")] })).toMatchObject({
      ok: false,
    });
    expect(validateManifest({ apiVersion: API, kind: "StaticAssetBundle", files: [file("index.html", "Text/HTML")] })).toMatchObject({ ok: false });
    const files = (n: number) => Array.from({ length: n }, (_, i) => file(`f${i}.txt`, "text/plain", 0));
    expect(validateManifest({ apiVersion: API, kind: "StaticAssetBundle", files: files(16384) }).ok).toBe(true);
    expect(validateManifest({ apiVersion: API, kind: "StaticAssetBundle", files: files(16385) })).toMatchObject({ ok: false, pointer: "/files" });
  });
});

describeWithReference("resolving a referenced manifest", () => {
  const pinned = conformanceRunnerInput()["workerBundle"] as { manifest: Record<string, unknown>; desired: { manifestDigest: string } };

  it("accepts the pinned manifest under its canonical digest", () => {
    expect(canonicalDigest(pinned.manifest)).toBe(pinned.desired.manifestDigest);
    const out = resolveManifestReference({
      formKind: "WorkerBundle",
      referencedDigest: pinned.desired.manifestDigest,
      held: JSON.stringify(pinned.manifest, null, 2),
    });
    expect(out.ok).toBe(true);
  });

  it("answers artifact_missing identically for absent and not-held", () => {
    const a = resolveManifestReference({ formKind: "WorkerBundle", referencedDigest: D("c"), held: undefined });
    const b = resolveManifestReference({ formKind: "WorkerBundle", referencedDigest: D("c"), held: undefined });
    expect(a).toMatchObject({ ok: false, code: "artifact_missing" });
    expect(a).toEqual(b);
  });

  it("refuses artifact_invalid for a digest mismatch, an undecodable document, and the wrong kind", () => {
    expect(resolveManifestReference({ formKind: "WorkerBundle", referencedDigest: D("d"), held: canonicalJson(pinned.manifest) })).toMatchObject({
      ok: false,
      code: "artifact_invalid",
    });
    expect(resolveManifestReference({ formKind: "WorkerBundle", referencedDigest: D("d"), held: '{"a":1,"a":2}' })).toMatchObject({ code: "artifact_invalid" });
    const sql = { apiVersion: API, kind: "MigrationBundle", files: [file("a.sql")] };
    expect(resolveManifestReference({ formKind: "WorkerBundle", referencedDigest: canonicalDigest(sql), held: canonicalJson(sql) })).toMatchObject({
      code: "artifact_invalid",
    });
    expect(resolveManifestReference({ formKind: "SQLiteMigrationSet", referencedDigest: canonicalDigest(sql), held: canonicalJson(sql) }).ok).toBe(true);
  });
});

describe("blob verification at commit (artifact-upload-missing-blob, artifact-digest-mismatch)", () => {
  it("missing -> artifact_missing; size or digest mismatch -> artifact_invalid; exact bytes pass", () => {
    const bytes = new TextEncoder().encode("export default {};");
    const entry = { name: "index.js", mediaType: "application/javascript+module", size: bytes.length, digest: fileDigest(bytes) };
    expect(verifyBlobs("modules", [entry], () => undefined)).toMatchObject({ code: "artifact_missing" });
    expect(verifyBlobs("modules", [{ ...entry, size: 1 }], () => bytes)).toMatchObject({ code: "artifact_invalid", pointer: "/modules/0/size" });
    expect(verifyBlobs("modules", [entry], () => new TextEncoder().encode("export default {}!"))).toMatchObject({
      code: "artifact_invalid",
      pointer: "/modules/0/digest",
    });
    expect(verifyBlobs("modules", [entry], () => bytes)).toEqual({ ok: true });
  });

  it("property: a manifest path never escapes its root", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        if (isArtifactPath(s)) {
          expect(s.startsWith("/")).toBe(false);
          expect(s.split("/").some((seg) => seg === "" || seg === "." || seg === "..")).toBe(false);
        }
      }),
    );
  });
});
