// Lifecycle, import (POST .../{name}/import): adoption of a native object the caller names by
// nativeId. It passes the same gauntlet as apply (check: import-validates-like-apply) -- minus the
// prepare review, which importRequest does not carry -- and it CLAIMS the native identity
// (decision 0011): the claim is recorded on the resource, exclusive within the tenant across
// spaces and kinds, immutable, released only when the holder is deleted, and never rendered.

import { HostError, refuse } from "../errors.js";
import { nativeIdClaimExclusive } from "../rules/adoption/native-id-claim-exclusive.js";
import { nativeIdClaimImmutable } from "../rules/adoption/native-id-claim-immutable.js";
import { declaredOutputsProducible } from "../rules/declared-outputs/declared-outputs-producible.js";
import { recordedFormRef } from "../rules/exact-form/recorded-form-ref.js";
import { immutableFieldsUnchanged } from "../rules/lifecycle-capabilities/immutable-fields-unchanged.js";
import { noUpdateSpecChangeRejected } from "../rules/lifecycle-capabilities/no-update-spec-change-rejected.js";
import { revisionRoleUpdateRejected } from "../rules/lifecycle-capabilities/revision-role-update-rejected.js";
import type { PathIdentity } from "../rules/path-shape/body-identity-matches-path.js";
import { createFence } from "../rules/resource-identity/create-fence.js";
import { expectedUidFence } from "../rules/resource-identity/expected-uid-fence.js";
import { generationFence } from "../rules/resource-identity/generation-fence.js";
import { mutationIntent } from "../rules/resource-identity/mutation-intent.js";
import { revisionFence } from "../rules/resource-identity/revision-fence.js";
import { outputProducer } from "../outputs/producers.js";
import { claimKey, resourceKey, uidKey } from "../store/keys.js";
import type { ClaimRecord, ResourceRecord, UidRecord } from "../store/records.js";
import type { StoreWrite } from "../store/store.js";
import { revisionETag } from "../wire/decimal.js";
import { renderResource } from "../wire/render-resource.js";
import type { ResourceRequest } from "../wire/resource-request.js";
import { admitSpec, requireValidSpec } from "./admit-spec.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "./context.js";
import { newIncarnation, withDesiredSpec } from "./incarnation.js";
import { runMutation, type MutationOutcome } from "./mutation.js";
import { preconditionsOf } from "./preconditions.js";

function check(error: HostError | undefined): void {
  if (error !== undefined) throw error;
}

/**
 * `space` namespaces the replay record; `decode` decodes the request document inside the replay
 * frame, so a refused document is recorded and replayed like any other refusal.
 */
export function importResource(
  ctx: HostContext,
  envelope: MutationEnvelope,
  space: string,
  decode: () => ResourceRequest,
  path: PathIdentity,
): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "import", space, () => executeImport(ctx, envelope, decode(), path));
}

async function executeImport(
  ctx: HostContext,
  envelope: MutationEnvelope,
  request: ResourceRequest,
  path: PathIdentity,
): Promise<MutationOutcome> {
  const scope = envelope.scope;
  const nativeId = request.nativeId!;
  const admitted = admitSpec(ctx, request, path);
  requireValidSpec(admitted);
  const { form, spec, specDigest } = admitted;
  const pre = preconditionsOf(envelope, request);
  const intent = mutationIntent(pre);
  if (intent instanceof HostError) throw intent;
  const address = { space: request.space, apiVersion: request.apiVersion, kind: request.kind, name: request.name };
  const key = resourceKey(scope, address);
  const occupant = ctx.store.get<ResourceRecord>(key);
  const claimAt = claimKey(scope, nativeId);
  const claim = ctx.store.get<ClaimRecord>(claimAt);

  if (intent.intent === "create") {
    check(createFence(occupant !== undefined, pre.expectedUid));
    if (pre.ifMatch !== undefined) throw refuse.revision_conflict("If-Match names a representation, and none exists");
    check(nativeIdClaimExclusive(claim?.value, undefined));
    check(declaredOutputsProducible(form.declaresOutputs, outputProducer(form.ref.apiVersion, form.ref.kind) !== undefined, form.ref.kind));
    const record = newIncarnation({
      scope, form, space: request.space, name: request.name, uid: ctx.ids.uid(), spec, specDigest, nativeId,
      now: ctx.clock.now(), outputs: ctx.outputs,
    });
    const uidRecord: UidRecord = { resourceKey: key };
    const claimRecord: ClaimRecord = { uid: record.uid, resourceKey: key, space: request.space, kind: request.kind, name: request.name };
    return {
      status: 201,
      etag: revisionETag(record.revision),
      body: JSON.stringify(renderResource(record)),
      boundUid: record.uid,
      writes: [
        { op: "put", key, value: record, expectedVersion: null },
        { op: "put", key: uidKey(scope, record.uid), value: uidRecord, expectedVersion: null },
        { op: "put", key: claimAt, value: claimRecord, expectedVersion: null },
      ],
    };
  }

  const current = recordedFormRef(occupant?.value, { ...address, ref: request.ref });
  if (current instanceof HostError) throw current;
  check(expectedUidFence(current.uid, pre.expectedUid));
  check(generationFence(current.generation, intent.generation, "import"));
  check(revisionFence(current.revision, pre.ifMatch));
  check(nativeIdClaimImmutable(current.nativeId, nativeId));
  check(nativeIdClaimExclusive(claim?.value, current.uid));
  if (specDigest !== current.specDigest) {
    check(revisionRoleUpdateRejected(form.role, form.ref.kind));
    check(noUpdateSpecChangeRejected(form.declaresUpdate, form.ref.kind, current.specDigest, specDigest));
    check(immutableFieldsUnchanged(form.immutableFields, current.spec, spec));
  }
  let next = withDesiredSpec(current, spec, specDigest);
  const writes: StoreWrite[] = [];
  if (current.nativeId === undefined) {
    next = { ...next, nativeId };
    const claimRecord: ClaimRecord = { uid: current.uid, resourceKey: key, space: request.space, kind: request.kind, name: request.name };
    writes.push({ op: "put", key: claimAt, value: claimRecord, expectedVersion: null });
  }
  if (next !== current) writes.unshift({ op: "put", key, value: next, expectedVersion: occupant!.version });
  return {
    status: 200,
    etag: revisionETag(next.revision),
    body: JSON.stringify(renderResource(next)),
    boundUid: next.uid,
    writes,
  };
}
