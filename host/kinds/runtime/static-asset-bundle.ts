// StaticAssetBundle -> a Node-side asset lookup the router asks before (or after) the worker's
// code: the request path resolves with the same closed rules as at apply (rules/assets), a miss
// falls back to index.html under single_page_application, and an invalid path never falls back.

import type { ResourceRecord } from "../../store/records.js";
import { resolveAssetPath, type NotFoundHandling } from "../../rules/assets/asset-path.js";
import { tagged, type NodeBinding, type ProjectionDeps } from "../../runtime/projection.js";

interface AssetFile {
  path: string;
  mediaType: string;
  digest: string;
}

export const ASSET_MISS_HEADER = "x-takoform-asset-miss";

export function assetLookup(bundle: ResourceRecord, notFoundHandling: NotFoundHandling, deps: ProjectionDeps): NodeBinding | undefined {
  const digest = String(bundle.spec["manifestDigest"] ?? "");
  const manifest = deps.desired.manifest(bundle, digest);
  const files = (manifest?.["files"] ?? []) as unknown as AssetFile[];
  if (manifest === undefined) return undefined;
  const byPath = new Map(files.map((file) => [file.path, file]));
  return tagged(`assets:${bundle.tenant}:${digest}:${notFoundHandling}`, async (request) => {
    const url = new URL(request.url);
    const resolution = resolveAssetPath(url.pathname, (p) => byPath.has(p), notFoundHandling);
    if (resolution.kind !== "hit" && resolution.kind !== "fallback") {
      return new Response(null, { status: 404, headers: { [ASSET_MISS_HEADER]: resolution.kind } });
    }
    const file = byPath.get(resolution.path)!;
    const bytes = deps.blobs.read(file.digest);
    if (bytes === undefined) return new Response(null, { status: 404, headers: { [ASSET_MISS_HEADER]: "missing-blob" } });
    const headers = { "content-type": file.mediaType, etag: `"${file.digest.slice(7, 39)}"` };
    return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { status: 200, headers });
  });
}
