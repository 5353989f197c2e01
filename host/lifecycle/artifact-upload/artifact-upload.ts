// The content-addressed upload API (artifact-transport): start, blob, commit, abandon.
//
// An upload session belongs to the tenant AND principal that started it; any other caller gets
// artifact_missing, the same answer as for an id never issued (upload-session-bound-to-its-
// creating-principal). A blob address is held by the tenants that uploaded its bytes, and a
// manifest address by the tenants that committed it: missingBlobs, commit, reads and references
// all ask the caller's tenant's holding, never the byte store (decision 0018). Every manifest rule
// is checked at start and again at commit, which is what mints the immutable identity.

import { requireUploadQuota } from "../quotas/quotas.js";
import { touchUpload } from "./upload-expiry.js";
import { declaredEntry, entriesOf, manifestIndex, sessionManifest } from "./upload-index.js";
import { buildUseIndex, manifestNamer, namedElsewhere, sessionNamer, useIndexBuilt, useWrites } from "./blob-uses.js";
import { canonicalDigest, canonicalJson, fileDigest, isDigest } from "../../../corpus/lib/index.js";
import { refuse } from "../../errors.js";
import { closedEnvelope } from "../../rules/shared-wire-rules/closed-request-envelope.js";
import { validateManifest } from "../../rules/artifacts/manifest-validation.js";
import { verifyBlobs } from "../../rules/artifacts/blob-verification.js";
import { blobHoldKey, blobUseKey, manifestKey, uploadKey, uploadManifestKey } from "../../store/keys.js";
import type { BlobHoldRecord, ManifestRecord, UploadManifestRecord, UploadRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { StoreWrite } from "../../store/store.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "../context.js";
import { runMutation, type MutationOutcome } from "../mutation.js";
import { check } from "../../rules/outcome.js";

const UPLOAD_ID = /^up_[A-Za-z0-9][A-Za-z0-9._-]{0,124}$/;

function ownedUpload(ctx: HostContext, scope: TenantScope, uploadId: string): UploadRecord {
  const upload = UPLOAD_ID.test(uploadId) ? ctx.store.get<UploadRecord>(uploadKey(scope, uploadId))?.value : undefined;
  if (upload === undefined) throw refuse.artifact_missing("no upload session with this id is open for this caller");
  return upload;
}

/** POST {api}/artifacts/uploads {manifest} -> 201 {uploadId, missingBlobs}. */
export function startUpload(ctx: HostContext, envelope: MutationEnvelope, decode: () => unknown): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "artifact upload", "", async () => {
    const document = decode();
    if (typeof document !== "object" || document === null || Array.isArray(document)) throw refuse.invalid_argument('the body must be {"manifest": {...}}');
    check(closedEnvelope(document as Record<string, unknown>, ["manifest"], ""));
    const manifestDocument = (document as { manifest?: unknown }).manifest;
    if (manifestDocument === undefined) throw refuse.invalid_argument("/manifest: required member is missing");
    const { manifest } = check(validateManifest(manifestDocument));
    const uploadId = "up_" + ctx.ids.uid();
    const sizes = new Map(entriesOf(manifest).entries.map((entry) => [entry.digest, entry.size]));
    const missing = [...sizes.keys()].filter((digest) => ctx.store.get(blobHoldKey(envelope.scope, digest)) === undefined);
    const stagedBytes = missing.reduce((sum, digest) => sum + sizes.get(digest)!, 0);
    requireUploadQuota(ctx.store, envelope.scope, stagedBytes, ctx.quotas);
    const startedAt = ctx.clock.now().toISOString();
    const record: UploadRecord = { manifestDigest: canonicalDigest(manifestDocument), startedAt, stagedBytes };
    const kept: UploadManifestRecord = { manifest: manifestDocument };
    return {
      status: 201,
      body: JSON.stringify({ uploadId, missingBlobs: missing }),
      writes: [
        { op: "put", key: uploadKey(envelope.scope, uploadId), value: record, expectedVersion: null },
        { op: "put", key: uploadManifestKey(envelope.scope, uploadId), value: kept },
        ...useWrites(envelope.scope, sizes.keys(), sessionNamer(envelope.scope.principal, uploadId)),
      ],
    };
  });
}

/** PUT {api}/artifacts/uploads/{uploadId}/blobs/{sha256} (raw bytes) -> 201 stored, 204 already held. */
export function putBlob(ctx: HostContext, scope: TenantScope, uploadId: string, digest: string, bytes: Buffer): Promise<LifecycleResponse> {
  return ctx.locks.run(scope.tenant, async () => {
    const upload = ownedUpload(ctx, scope, uploadId);
    if (!isDigest(digest)) throw refuse.artifact_invalid("the blob address must be sha256:<64 lowercase hex>");
    const entry = declaredEntry(ctx.store, scope, uploadId, upload, digest);
    if (entry === undefined) throw refuse.artifact_invalid(`the upload's manifest declares no blob ${digest}`);
    if (bytes.byteLength !== entry.size || fileDigest(bytes) !== digest) {
      throw refuse.artifact_invalid(`the bytes do not match ${entry.name}: the manifest declares ${entry.size} bytes hashing to ${digest}`);
    }
    touchUpload(uploadKey(scope, uploadId), ctx.clock.now().getTime());
    // The bytes are written before the hold is recorded; until then collection must not remove them.
    return ctx.blobs.writing(digest, async () => {
      ctx.blobs.write(digest, bytes);
      const key = blobHoldKey(scope, digest);
      if (ctx.store.get(key) !== undefined) return { status: 204, body: "" };
      const hold: BlobHoldRecord = { size: bytes.byteLength };
      await ctx.store.transaction([{ op: "put", key, value: hold }]);
      return { status: 201, body: "" };
    });
  });
}

/** POST {api}/artifacts/uploads/{uploadId}/commit -> 201 new (200 already committed) {manifestDigest}. */
export function commitUpload(ctx: HostContext, envelope: MutationEnvelope, uploadId: string): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "artifact commit", "", () => executeCommit(ctx, envelope, uploadId), { action: "artifact-commit", uploadId });
}

export async function executeCommit(ctx: HostContext, envelope: MutationEnvelope, uploadId: string): Promise<MutationOutcome> {
  const scope = envelope.scope;
  const upload = ownedUpload(ctx, scope, uploadId);
  const sessionKey = uploadKey(scope, uploadId);
  const document = sessionManifest(ctx.store, scope, uploadId, upload);
  const { manifest } = check(validateManifest(document));
  const { member, entries } = entriesOf(manifest);
  check(verifyBlobs(member, entries, (digest) => (ctx.store.get(blobHoldKey(scope, digest)) === undefined ? undefined : ctx.blobs.read(digest))));
  const key = manifestKey(scope, upload.manifestDigest);
  const existing = ctx.store.get(key) !== undefined;
  const record: ManifestRecord = { canonical: canonicalJson(document), committedAt: ctx.clock.now().toISOString() };
  const result = { manifestDigest: upload.manifestDigest };
  // The session's first commit marks it committed: it stages nothing more, so it no longer counts
  // against the open-session quota, and it ends an hour later (upload-expiry.ts) instead of after
  // a day idle. A later commit of it still answers the same digest until then.
  const marked: StoreWrite[] =
    upload.committedAt === undefined
      ? [{ op: "put", key: sessionKey, value: { ...upload, committedAt: record.committedAt }, expectedVersion: ctx.store.get(sessionKey)!.version }]
      : [];
  return {
    status: existing ? 200 : 201,
    body: JSON.stringify(result),
    writes: existing
      ? marked
      : [
          { op: "put", key, value: record, expectedVersion: null },
          ...useWrites(
            scope,
            entries.map((entry) => entry.digest),
            manifestNamer(upload.manifestDigest),
          ),
          ...marked,
        ],
    result,
    manifestDigest: upload.manifestDigest,
  };
}

/**
 * DELETE {api}/artifacts/uploads/{uploadId} -> 204. The tenant's holds on blobs this session names
 * are released unless something else of the tenant still names them: a manifest it committed (a
 * referenced artifact stays resolvable whatever unrelated sessions are abandoned) or another of its
 * open sessions, any principal's (whose missingBlobs left the blob out because the tenant held it).
 */
export function abandonUpload(ctx: HostContext, envelope: MutationEnvelope, uploadId: string): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "artifact abandon", "", async () => {
    const scope = envelope.scope;
    const upload = ownedUpload(ctx, scope, uploadId);
    return { status: 204, body: "", writes: endSession(ctx, scope, uploadId, upload) };
  });
}

/**
 * The writes that end one upload session: its record, and the tenant's holds on blobs it names
 * that nothing else of the tenant names (a committed manifest or another open session).
 */
export function endSession(ctx: Pick<HostContext, "store">, scope: TenantScope, uploadId: string, upload: UploadRecord): StoreWrite[] {
  const key = uploadKey(scope, uploadId);
  const writes: StoreWrite[] = [{ op: "delete", key }];
  if (upload.manifest === undefined) writes.push({ op: "delete", key: uploadManifestKey(scope, uploadId) });
  const namer = sessionNamer(scope.principal, uploadId);
  const staged = manifestIndex(upload.manifestDigest, () => sessionManifest(ctx.store, scope, uploadId, upload));
  for (const digest of staged.keys()) writes.push({ op: "delete", key: blobUseKey(scope, digest, namer) });
  if (useIndexBuilt(ctx.store, scope)) {
    // O(this session's manifest): per blob, a range read of at most two index entries.
    for (const digest of staged.keys()) {
      if (!namedElsewhere(ctx.store, scope, digest, namer)) writes.push({ op: "delete", key: blobHoldKey(scope, digest) });
    }
    return writes;
  }
  // The tenant's first ended session since the index existed: decide from every manifest and
  // session once, and build the index in the same transaction (blob-uses.ts).
  const others: ReadonlyMap<string, unknown>[] = [];
  const built = buildUseIndex(ctx.store, scope, namer, (index) => others.push(index));
  for (const digest of staged.keys()) {
    if (!others.some((index) => index.has(digest))) writes.push({ op: "delete", key: blobHoldKey(scope, digest) });
  }
  return [...built, ...writes];
}

/** GET {api}/artifacts/{manifestDigest}: the canonical manifest, for a tenant that holds it. */
export function readManifest(ctx: HostContext, scope: TenantScope, digest: string): LifecycleResponse {
  const record = isDigest(digest) ? ctx.store.get<ManifestRecord>(manifestKey(scope, digest))?.value : undefined;
  if (record === undefined) throw refuse.artifact_missing("no committed manifest with this digest is available to this tenant");
  return { status: 200, body: record.canonical };
}

/** HEAD {api}/artifacts/blobs/{sha256}: 200 when the caller's tenant holds the blob, else 404. */
export function headBlob(ctx: HostContext, scope: TenantScope, digest: string): number {
  return isDigest(digest) && ctx.store.get(blobHoldKey(scope, digest)) !== undefined && ctx.blobs.has(digest) ? 200 : 404;
}
