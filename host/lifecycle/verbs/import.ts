// Lifecycle, import (POST .../{name}/import): adoption of a native object the caller names by
// nativeId. It passes the same gauntlet as apply (check: import-validates-like-apply) -- relations
// and the aggregate rules included, minus the prepare review importRequest does not carry -- and
// it CLAIMS the native identity (decision 0011): recorded on the resource, exclusive within the
// tenant across spaces and kinds, immutable, released only when the holder is deleted, never
// rendered.

import { requireResourceQuota } from "../quotas/quotas.js";
import { HostError, refuse } from "../../errors.js";
import { nativeIdClaimExclusive, type ClaimHolder } from "../../rules/adoption/native-id-claim-exclusive.js";
import { nativeIdClaimImmutable } from "../../rules/adoption/native-id-claim-immutable.js";
import { declaredOutputsProducible } from "../../rules/declared-outputs/declared-outputs-producible.js";
import { recordedFormRef } from "../../rules/exact-form/recorded-form-ref.js";
import { immutableFieldsUnchanged } from "../../rules/lifecycle-capabilities/immutable-fields-unchanged.js";
import { noUpdateSpecChangeRejected } from "../../rules/lifecycle-capabilities/no-update-spec-change-rejected.js";
import { revisionRoleUpdateRejected } from "../../rules/lifecycle-capabilities/revision-role-update-rejected.js";
import type { PathIdentity } from "../../rules/path-shape/body-identity-matches-path.js";
import { createFence } from "../../rules/resource-identity/create-fence.js";
import { expectedUidFence } from "../../rules/resource-identity/expected-uid-fence.js";
import { generationFence } from "../../rules/resource-identity/generation-fence.js";
import { mutationIntent } from "../../rules/resource-identity/mutation-intent.js";
import { revisionFence } from "../../rules/resource-identity/revision-fence.js";
import { claimKey, resourceKey } from "../../store/keys.js";
import type { ClaimRecord, ResourceRecord } from "../../store/records.js";
import type { ResourceRequest } from "../../wire/resource-request.js";
import { admitExecution, admitRelations } from "../admission/admit-relations.js";
import { admitSpec, requireValidSpec } from "../admission/admit-spec.js";
import { planCommit } from "../admission/commit-plan.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "../context.js";
import { newIncarnation, withDesiredSpec } from "../admission/incarnation.js";
import { resourceOutcome, runMutation, type MutationOutcome } from "../mutation.js";
import { preconditionsOf } from "../admission/preconditions.js";
import { viewFor } from "../admission/tenant-view.js";
import { check } from "../../rules/outcome.js";

/** See applyResource: `space` namespaces the replay record, `decode` runs inside the frame. */
export function importResource(
  ctx: HostContext,
  envelope: MutationEnvelope,
  space: string,
  decode: () => ResourceRequest,
  path: PathIdentity,
): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "import", space, () => executeImport(ctx, envelope, decode(), path), { action: "import", path });
}

function holderOf(claim: ClaimRecord | undefined): ClaimHolder | undefined {
  return claim === undefined ? undefined : { uid: claim.uid, space: claim.address.space, kind: claim.address.kind, name: claim.address.name };
}

export async function executeImport(ctx: HostContext, envelope: MutationEnvelope, request: ResourceRequest, path: PathIdentity): Promise<MutationOutcome> {
  const scope = envelope.scope;
  const nativeId = request.nativeId!;
  const admitted = admitSpec(ctx, request, path);
  requireValidSpec(admitted);
  const { form, spec, specDigest } = admitted;
  const pre = preconditionsOf(envelope, request);
  const intent = mutationIntent(pre);
  if (intent instanceof HostError) throw intent;
  const address = { space: request.space, apiVersion: request.apiVersion, kind: request.kind, name: request.name };
  const occupant = ctx.store.get<ResourceRecord>(resourceKey(scope, address));
  const holder = holderOf(ctx.store.get<ClaimRecord>(claimKey(scope, nativeId))?.value);
  const view = viewFor(ctx, scope);
  const now = ctx.clock.now();

  if (intent.intent === "create") {
    check(createFence(occupant !== undefined, pre.expectedUid));
    if (pre.ifMatch !== undefined) throw refuse.revision_conflict("If-Match names a representation, and none exists");
    check(nativeIdClaimExclusive(holder, undefined));
    requireResourceQuota(ctx.store, scope, ctx.quotas);
    const relations = admitRelations(view, { form, spec, space: request.space, name: request.name });
    check(declaredOutputsProducible(form.declaresOutputs, ctx.kinds.of(form.ref)?.outputs !== undefined, form.ref.kind));
    await admitExecution(view, form, relations, envelope.async === true);
    const record = newIncarnation({
      scope,
      form,
      space: request.space,
      name: request.name,
      uid: ctx.ids.uid(),
      spec,
      specDigest,
      relations,
      nativeId,
      now,
      outputs: ctx.outputs,
      producer: ctx.kinds.of(form.ref)?.outputs,
    });
    const { writes, after } = planCommit(ctx, scope, { after: record, revisionMoved: true }, now);
    return resourceOutcome(201, after!, writes);
  }

  const current = recordedFormRef(occupant?.value, { ...address, ref: request.ref });
  if (current instanceof HostError) throw current;
  check(expectedUidFence(current.uid, pre.expectedUid));
  check(generationFence(current.generation, intent.generation, "import"));
  check(revisionFence(current.revision, pre.ifMatch));
  check(nativeIdClaimImmutable(current.nativeId, nativeId));
  check(nativeIdClaimExclusive(holder, current.uid));
  if (specDigest !== current.specDigest) {
    check(revisionRoleUpdateRejected(form.role, form.ref.kind));
    check(noUpdateSpecChangeRejected(form.declaresUpdate, form.ref.kind, current.specDigest, specDigest));
    check(immutableFieldsUnchanged(form.immutableFields, current.spec, spec));
  }
  const relations = admitRelations(view, { form, spec, space: request.space, name: request.name, self: current });
  await admitExecution(view, form, relations, envelope.async === true);
  const next = withDesiredSpec(current, spec, specDigest, relations);
  const claimed = { ...next.record, nativeId };
  const { writes, after } = planCommit(
    ctx,
    scope,
    { before: { record: current, version: occupant!.version }, after: claimed, revisionMoved: next.revisionMoved },
    now,
  );
  return { ...resourceOutcome(200, after!, writes), accepted: { address, uid: current.uid, ref: current.ref } };
}
