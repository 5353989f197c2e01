// The entry-count and aggregate-byte ceilings a host publishes for each artifact-backed Form
// (limits.maximumBundleFiles, limits.maximumBundleBytes in its support profile), and manifests
// exactly at and one past them. Entries may share one blob, so a manifest at a 10 MiB ceiling
// needs about 1 MiB of uploaded bytes and one at 4,096 entries needs two blobs.

import { createHash } from "node:crypto";
import { fail } from "../assert.js";
import type { CheckContext } from "../context.js";
import { describeResponse } from "../http.js";
import { supportForm } from "../surfaces.js";
import { probeModule } from "../artifacts.js";
import { ARTIFACT_API_VERSION, artifactFrom, entryOf, JS_MODULE, type Artifact } from "./bundles.js";

/** The portable reference profile (artifact-transport): a host may publish less, never more. */
export const PORTABLE_CEILINGS = {
  WorkerBundle: { files: 4096, bytes: 10 * 1024 * 1024 },
  StaticAssetBundle: { files: 16384, bytes: 10 * 1024 * 1024 },
  MigrationBundle: { files: 16384, bytes: 10 * 1024 * 1024 },
} as const;

export type ManifestKind = keyof typeof PORTABLE_CEILINGS;

/** The Form whose desired state names a manifest of `kind`. */
export const FORM_OF_KIND: Record<ManifestKind, string> = {
  WorkerBundle: "WorkerBundle",
  StaticAssetBundle: "StaticAssetBundle",
  MigrationBundle: "SQLiteMigrationSet",
};

export interface Ceilings {
  files: number;
  bytes: number;
}

/** The ceilings the host publishes for the Form backed by `kind`, held to the portable profile. */
export async function publishedCeilings(ctx: CheckContext, kind: ManifestKind): Promise<Ceilings> {
  const form = ctx.form(FORM_OF_KIND[kind]);
  const res = await supportForm(ctx.primary, form.ref);
  if (res.status !== 200) fail(`support profile of ${form.ref.kind}@${form.ref.definitionVersion}: ${describeResponse(res)}`);
  const limits = (res.body as { limits?: Record<string, unknown> }).limits ?? {};
  const files = limits["maximumBundleFiles"];
  const bytes = limits["maximumBundleBytes"];
  if (typeof files !== "number" || typeof bytes !== "number") {
    fail(
      `the support profile of ${form.ref.kind} must publish limits.maximumBundleFiles and limits.maximumBundleBytes, it publishes ${JSON.stringify(limits)}`,
    );
  }
  const portable = PORTABLE_CEILINGS[kind];
  if (files > portable.files || bytes > portable.bytes || files < 1 || bytes < 1) {
    fail(
      `the support profile of ${form.ref.kind} publishes ${files} files / ${bytes} bytes; the portable profile allows at most ${portable.files} / ${portable.bytes}`,
    );
  }
  return { files, bytes };
}

function filler(ctx: CheckContext, size: number): Buffer {
  const out = Buffer.alloc(size);
  let seed = createHash("sha256").update(ctx.names.key()).digest();
  for (let i = 0; i < size; i += seed.length) {
    seed.copy(out, i);
    seed = createHash("sha256").update(seed).digest();
  }
  return out;
}

/** A WorkerBundle of exactly `count` modules (the main module and count-1 entries sharing one blob). */
export function bundleOfCount(ctx: CheckContext, count: number): Artifact {
  const main = probeModule(["fetch"], ctx.names.key());
  const shared = filler(ctx, 64);
  const modules = [{ name: "index.js", mediaType: JS_MODULE, ...entryOf(main) }];
  for (let i = 1; i < count; i++) modules.push({ name: `lib/m${String(i).padStart(5, "0")}.bin`, mediaType: "application/octet-stream", ...entryOf(shared) });
  return artifactFrom({ apiVersion: ARTIFACT_API_VERSION, kind: "WorkerBundle", mainModule: "index.js", modules }, [main, shared]);
}

/** A StaticAssetBundle of exactly `count` files sharing one blob. */
export function assetsOfCount(ctx: CheckContext, count: number): Artifact {
  const shared = filler(ctx, 64);
  const files = [];
  for (let i = 0; i < count; i++) files.push({ path: `f/${String(i).padStart(5, "0")}.txt`, mediaType: "text/plain", ...entryOf(shared) });
  return artifactFrom({ apiVersion: ARTIFACT_API_VERSION, kind: "StaticAssetBundle", files }, [shared]);
}

/** A WorkerBundle whose declared sizes sum to exactly `total` bytes (1 MiB chunks share one blob). */
export function bundleOfBytes(ctx: CheckContext, total: number): Artifact {
  const main = probeModule(["fetch"], ctx.names.key());
  const chunkSize = 1024 * 1024;
  const chunk = filler(ctx, chunkSize);
  const rest = total - main.length;
  const chunks = Math.floor(rest / chunkSize);
  const tail = filler(ctx, rest - chunks * chunkSize);
  const modules = [{ name: "index.js", mediaType: JS_MODULE, ...entryOf(main) }];
  for (let i = 0; i < chunks; i++) modules.push({ name: `blob/c${i}.bin`, mediaType: "application/octet-stream", ...entryOf(chunk) });
  modules.push({ name: "blob/tail.bin", mediaType: "application/octet-stream", ...entryOf(tail) });
  return artifactFrom({ apiVersion: ARTIFACT_API_VERSION, kind: "WorkerBundle", mainModule: "index.js", modules }, [main, chunk, tail]);
}
