// The documents the host stores, one per key kind of keys.ts.

import type { ExactFormRef, JsonObject } from "../../corpus/lib/index.js";
import type { Condition } from "../wire/conditions.js";
import type { RelationRecord } from "../rules/relations/view.js";
import type { ResourceAddress } from "./keys.js";

/** One resource incarnation, stored at resourceKey(tenant, space, apiVersion, kind, name). */
export interface ResourceRecord {
  tenant: string;
  space: string;
  name: string;
  /** The exact FormRef the resource was created under; never rewritten (decision 0022 rule 3). */
  ref: ExactFormRef;
  /** Audit evidence: the package the definition was installed from at create. */
  packageDigest?: string;
  uid: string;
  /** Canonical decimal strings, 1..2^63-1. */
  generation: string;
  revision: string;
  /** The materialized desired spec, exactly as stored and echoed. */
  spec: JsonObject;
  specDigest: string;
  /**
   * The relations this incarnation pinned when its last mutation was accepted: the target's uid and
   * exact FormRef per reference (decisions 0015, 0022). Absent in records written before relations.
   */
  relations?: RelationRecord[];
  /** The adoption claim this resource holds, if any; never rendered. */
  nativeId?: string;
  conditions: Condition[];
  /** Host-side observations recorded against this incarnation (status changes without a spec change). */
  observations: number;
  /** Host-computed status.outputs, present exactly when the Form declares an outputSchema. */
  outputs?: JsonObject;
  createdAt: string;
}

/** uidKey(tenant, uid) -> the address of the live incarnation with that uid (same tenant). */
export interface UidRecord {
  address: ResourceAddress;
}

/** claimKey(tenant, nativeId) -> the live resource holding that native identity. */
export interface ClaimRecord {
  uid: string;
  address: ResourceAddress;
}

/** pinKey(tenant, target address, holder uid) -> the live resource whose relations name that address. */
export interface PinRecord {
  holder: ResourceAddress;
}

/** hostnameKey(tenant, canonical hostname, holder uid) -> a live custom domain serving it (host/kinds/worker-custom-domain.ts). */
export interface HostnameRecord {
  uid: string;
  space: string;
  name: string;
  hostname: string;
}

/** blobHoldKey(tenant, digest): the tenant uploaded these bytes. */
export interface BlobHoldRecord {
  size: number;
}

/** manifestKey(tenant, digest): a committed manifest, as its RFC 8785 canonical text. */
export interface ManifestRecord {
  canonical: string;
  committedAt: string;
}

/** uploadKey(tenant, principal, uploadId): one upload session. */
export interface UploadRecord {
  /** The manifest document; absent in sessions that keep it under uploadManifestKey. */
  manifest?: unknown;
  manifestDigest: string;
  startedAt: string;
  /** Bytes of the blobs the tenant did not hold at start (what the session may stage; quotas.ts). */
  stagedBytes?: number;
  /** When the session's first commit was accepted: it stages nothing more and no longer counts as open (quotas.ts). */
  committedAt?: string;
}

/** The manifest of an upload session (uploadManifestKey). */
export interface UploadManifestRecord {
  manifest: unknown;
}

/** What an accepted (202) mutation needs to be executed again at commit. */
export interface StoredRequest {
  action: "apply" | "import" | "delete" | "artifact-commit";
  tenant: string;
  principal: string;
  requestId: string;
  method: string;
  target: string;
  bodyBase64: string;
  idempotencyKey?: string;
  ifMatch?: string;
  ifNoneMatch?: string;
  expectedGeneration?: string;
  probe?: string;
  path?: { apiVersion: string; kind: string; name: string };
  address?: { space: string; ref: ExactFormRef; name: string };
  uploadId?: string;
}

/** operationKey(tenant, principal, id): one long-running Operation. */
export interface OperationRecord {
  id: string;
  request: StoredRequest;
  acceptedAt: string;
  /** When the host commits the accepted mutation. */
  commitAt: string;
  /** The incarnation an update/import/delete was accepted against; the commit resolves through it. */
  accepted?: { address: ResourceAddress; uid: string; ref: ExactFormRef };
  target?: { uid?: string; manifestDigest?: string };
  done: boolean;
  /** When the operation became terminal (its retention window starts then); absent in older records. */
  settledAt?: string;
  /** Exact text of the terminal Operation document, replayed byte-for-byte. */
  terminal?: string;
  /** The incarnation a successful terminal result reports live (replay retirement). */
  committedUid?: string;
  /** Owner polls left before a probe-held operation commits (operation-probe-hold.ts); no timer commits it. */
  heldPolls?: number;
}

/** replayKey(tenant, principal, space, key) -> the recorded answer to one request. */
export interface ReplayRecord {
  fingerprint: string;
  status: number;
  etag?: string;
  /** Exact response body text ("" for none). */
  body: string;
  /** The incarnation the recorded answer reports as live; absent for deletes and refusals. */
  boundUid?: string;
  /** A 202's record follows its Operation: it retires with the incarnation the operation committed. */
  boundOperation?: string;
  /** ISO time after which the record is no longer consulted. */
  expiresAt: string;
}
