// Manifests the artifact transport's validation list refuses, each next to a manifest it must
// accept that differs only where the rule bites, so a host cannot pass by refusing everything of
// one shape. Every case is built from fresh bytes of the check's own.

import { probeModule } from "../artifacts.js";
import type { CheckContext } from "../context.js";
import { ARTIFACT_API_VERSION, artifactFrom, entryOf, fileBundle, freshBytes, JS_MODULE, SOURCE_MAP, SQL, workerBundle, type Artifact } from "./bundles.js";

export interface ManifestCase {
  what: string;
  art: Artifact;
}

/** The smallest valid WebAssembly module (magic and version, no sections). */
export const EMPTY_WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

function sourceMap(target: string, ctx: CheckContext): Buffer {
  return Buffer.from(JSON.stringify({ version: 3, file: target, sources: [`src/${target}`], names: [], mappings: "", x_conformance: ctx.names.key() }), "utf8");
}

/** A WorkerBundle of a fresh main module plus `extra`, whose entries are written as given (names unchecked). */
function bundleWith(ctx: CheckContext, extra: { name: string; mediaType: string; bytes: Buffer }[], mainModule = "index.js"): Artifact {
  return workerBundle(mainModule, [{ name: "index.js", mediaType: JS_MODULE, bytes: probeModule(["fetch"], ctx.names.key()) }, ...extra]);
}

function text(ctx: CheckContext, label: string): Buffer {
  return freshBytes(ctx, label);
}

/** Paths the relative path grammar refuses, as a module name and as a static file path. */
const BAD_PATHS: [string, string][] = [
  ["an absolute path", "/lib/words.txt"],
  ["a .. segment", "lib/../words.txt"],
  ["a leading . segment", "./lib/words.txt"],
  ["an inner . segment", "lib/./words.txt"],
  ["a backslash", "lib\\words.txt"],
  ["a NUL byte", "lib/wo\u0000rds.txt"],
  ["an empty segment", "lib//words.txt"],
  ["a trailing slash", "lib/words/"],
];

export function rejectedManifests(ctx: CheckContext): ManifestCase[] {
  const cases: ManifestCase[] = [];
  for (const [label, path] of BAD_PATHS) {
    cases.push({
      what: `a WorkerBundle module name with ${label} (${JSON.stringify(path)})`,
      art: bundleWith(ctx, [{ name: path, mediaType: "text/plain", bytes: text(ctx, "words") }]),
    });
    cases.push({
      what: `a StaticAssetBundle path with ${label} (${JSON.stringify(path)})`,
      art: fileBundle("StaticAssetBundle", [{ path, mediaType: "text/plain", bytes: text(ctx, "words") }]),
    });
  }
  cases.push(
    {
      what: "two WorkerBundle modules with one name",
      art: bundleWith(ctx, [
        { name: "lib/a.txt", mediaType: "text/plain", bytes: text(ctx, "a") },
        { name: "lib/a.txt", mediaType: "text/plain", bytes: text(ctx, "b") },
      ]),
    },
    {
      what: "two StaticAssetBundle files with one path",
      art: fileBundle("StaticAssetBundle", [
        { path: "a.html", mediaType: "text/html", bytes: text(ctx, "a") },
        { path: "a.html", mediaType: "text/html", bytes: text(ctx, "b") },
      ]),
    },
    {
      what: "two MigrationBundle files with one path",
      art: fileBundle("MigrationBundle", [
        { path: "0001.sql", mediaType: SQL, bytes: text(ctx, "-- a") },
        { path: "0001.sql", mediaType: SQL, bytes: text(ctx, "-- b") },
      ]),
    },
    {
      what: "a WorkerBundle module of application/json (neither loadable nor auxiliary)",
      art: bundleWith(ctx, [{ name: "data.json", mediaType: "application/json", bytes: text(ctx, "{}") }]),
    },
    {
      what: "a WorkerBundle module of text/html (outside the closed runtime set)",
      art: bundleWith(ctx, [{ name: "page.html", mediaType: "text/html", bytes: text(ctx, "<p>") }]),
    },
    {
      what: "a StaticAssetBundle file of an uppercase media type",
      art: fileBundle("StaticAssetBundle", [{ path: "index.html", mediaType: "Text/HTML", bytes: text(ctx, "<p>") }]),
    },
    {
      what: "a StaticAssetBundle file of a media type with parameters",
      art: fileBundle("StaticAssetBundle", [{ path: "index.html", mediaType: "text/html; charset=utf-8", bytes: text(ctx, "<p>") }]),
    },
    {
      what: "a StaticAssetBundle file of a media type without a subtype",
      art: fileBundle("StaticAssetBundle", [{ path: "index.html", mediaType: "text", bytes: text(ctx, "<p>") }]),
    },
    {
      what: "a MigrationBundle file of text/plain",
      art: fileBundle("MigrationBundle", [{ path: "0001.sql", mediaType: "text/plain", bytes: text(ctx, "-- a") }]),
    },
    {
      what: "a MigrationBundle file of text/x-sql",
      art: fileBundle("MigrationBundle", [{ path: "0001.sql", mediaType: "text/x-sql", bytes: text(ctx, "-- a") }]),
    },
    { what: "a WorkerBundle whose mainModule is not among its modules", art: bundleWith(ctx, [], "missing.js") },
    {
      what: "a WorkerBundle carrying a source map whose target module is absent",
      art: bundleWith(ctx, [{ name: "other.js.map", mediaType: SOURCE_MAP, bytes: sourceMap("other.js", ctx) }]),
    },
    {
      what: "a WorkerBundle with an empty modules list",
      art: artifactFrom({ apiVersion: ARTIFACT_API_VERSION, kind: "WorkerBundle", mainModule: "index.js", modules: [] }, []),
    },
    { what: "a StaticAssetBundle with an empty files list", art: artifactFrom({ apiVersion: ARTIFACT_API_VERSION, kind: "StaticAssetBundle", files: [] }, []) },
  );
  const bytes = text(ctx, "words");
  const entry = (over: Record<string, unknown>) =>
    artifactFrom(
      { apiVersion: ARTIFACT_API_VERSION, kind: "StaticAssetBundle", files: [{ path: "words.txt", mediaType: "text/plain", ...entryOf(bytes), ...over }] },
      [bytes],
    );
  cases.push(
    { what: "an entry with a negative size", art: entry({ size: -1 }) },
    { what: "an entry whose digest is not sha256:<64 lowercase hex>", art: entry({ digest: entryOf(bytes).digest.toUpperCase() }) },
    { what: "an entry with a member the format does not define", art: entry({ encoding: "identity" }) },
    {
      what: "a manifest of another apiVersion",
      art: artifactFrom(
        { ...fileBundle("StaticAssetBundle", [{ path: "a.txt", mediaType: "text/plain", bytes }]).manifest, apiVersion: "artifacts.takoform.com/v1alpha2" },
        [bytes],
      ),
    },
    {
      what: "a manifest of an unknown kind",
      art: artifactFrom({ ...fileBundle("StaticAssetBundle", [{ path: "a.txt", mediaType: "text/plain", bytes }]).manifest, kind: "ContainerImage" }, [bytes]),
    },
  );
  return cases;
}

/** Manifests next to the refused ones that every host must accept. */
export function acceptedManifests(ctx: CheckContext): ManifestCase[] {
  return [
    {
      what: "a WorkerBundle carrying every loadable media type and a source map, in nested paths",
      art: bundleWith(ctx, [
        { name: "lib/deep/words_v1.txt", mediaType: "text/plain", bytes: text(ctx, "words") },
        { name: "lib/data.bin", mediaType: "application/octet-stream", bytes: text(ctx, "data") },
        { name: "lib/empty.wasm", mediaType: "application/wasm", bytes: EMPTY_WASM },
        { name: "lib/util.mjs", mediaType: JS_MODULE, bytes: text(ctx, "export const x = 1; //") },
        { name: "index.js.map", mediaType: SOURCE_MAP, bytes: sourceMap("index.js", ctx) },
      ]),
    },
    {
      what: "a StaticAssetBundle of lowercase media types with structured suffixes, in nested paths",
      art: fileBundle("StaticAssetBundle", [
        { path: "index.html", mediaType: "text/html", bytes: text(ctx, "<p>") },
        { path: "img/logo.v2.svg", mediaType: "image/svg+xml", bytes: text(ctx, "<svg/>") },
        { path: "api/_data-1.json", mediaType: "application/vnd.api+json", bytes: text(ctx, "{}") },
      ]),
    },
    {
      what: "a MigrationBundle of application/sql files",
      art: fileBundle("MigrationBundle", [
        { path: "0001-a.sql", mediaType: SQL, bytes: text(ctx, "-- a") },
        { path: "migrations/0002-b.sql", mediaType: SQL, bytes: text(ctx, "-- b") },
      ]),
    },
  ];
}
