// Lifecycle, apply (PUT {api}/resources/{formGroup}/{formVersion}/{kind}/{name}): a create under
// If-None-Match: * or an update under the expected generation, carrying the review.prepareDigest
// prepare minted. Every rule runs before any mutation, in this order: the spec gauntlet
// (admit-spec), the fences, the lifecycle capabilities, relation resolution and the aggregate
// rules (admit-relations), the declared outputs, and the prepare binding. A refused apply stores
// nothing but its replay record.

import { requireResourceQuota } from "../quotas/quotas.js";
import { HostError, refuse } from "../../errors.js";
import { declaredOutputsProducible } from "../../rules/declared-outputs/declared-outputs-producible.js";
import { recordedFormRef } from "../../rules/exact-form/recorded-form-ref.js";
import { immutableFieldsUnchanged } from "../../rules/lifecycle-capabilities/immutable-fields-unchanged.js";
import { noUpdateSpecChangeRejected } from "../../rules/lifecycle-capabilities/no-update-spec-change-rejected.js";
import { revisionRoleUpdateRejected } from "../../rules/lifecycle-capabilities/revision-role-update-rejected.js";
import { CREATE_GENERATION_MARKER, CREATE_UID_MARKER, prepareBindingHolds } from "../../rules/prepare/prepare-binding.js";
import type { PathIdentity } from "../../rules/path-shape/body-identity-matches-path.js";
import { createFence } from "../../rules/resource-identity/create-fence.js";
import { expectedUidFence } from "../../rules/resource-identity/expected-uid-fence.js";
import { generationFence } from "../../rules/resource-identity/generation-fence.js";
import { mutationIntent } from "../../rules/resource-identity/mutation-intent.js";
import { revisionFence } from "../../rules/resource-identity/revision-fence.js";
import { resourceKey } from "../../store/keys.js";
import type { ResourceRecord } from "../../store/records.js";
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

/**
 * `space` namespaces the replay record; `decode` decodes the request document inside the replay
 * frame, so a refused document is recorded and replayed like any other refusal.
 */
export function applyResource(
  ctx: HostContext,
  envelope: MutationEnvelope,
  space: string,
  decode: () => ResourceRequest,
  path: PathIdentity,
): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "apply", space, () => executeApply(ctx, envelope, decode(), path), { action: "apply", path });
}

export async function executeApply(ctx: HostContext, envelope: MutationEnvelope, request: ResourceRequest, path: PathIdentity): Promise<MutationOutcome> {
  const scope = envelope.scope;
  const admitted = admitSpec(ctx, request, path);
  requireValidSpec(admitted);
  const { form, spec, specDigest } = admitted;
  const pre = preconditionsOf(envelope, request);
  const intent = mutationIntent(pre);
  if (intent instanceof HostError) throw intent;
  const address = { space: request.space, apiVersion: request.apiVersion, kind: request.kind, name: request.name };
  const occupant = ctx.store.get<ResourceRecord>(resourceKey(scope, address));
  const view = viewFor(ctx, scope);
  const now = ctx.clock.now();
  const reviewedAt = envelope.admittedAt ?? now;
  const binding = { tenant: scope.tenant, space: request.space, ref: form.ref, name: request.name, specDigest };
  const presented = request.prepareDigest!;

  if (intent.intent === "create") {
    check(createFence(occupant !== undefined, pre.expectedUid));
    requireResourceQuota(ctx.store, scope, ctx.quotas);
    if (pre.ifMatch !== undefined) throw refuse.revision_conflict("If-Match names a representation, and none exists");
    const relations = admitRelations(view, { form, spec, space: request.space, name: request.name });
    check(declaredOutputsProducible(form.declaresOutputs, ctx.kinds.of(form.ref)?.outputs !== undefined, form.ref.kind));
    check(prepareBindingHolds(ctx.secret, { ...binding, uid: CREATE_UID_MARKER, generation: CREATE_GENERATION_MARKER }, presented, reviewedAt));
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
  check(generationFence(current.generation, intent.generation, "apply"));
  check(revisionFence(current.revision, pre.ifMatch));
  check(revisionRoleUpdateRejected(form.role, form.ref.kind));
  check(noUpdateSpecChangeRejected(form.declaresUpdate, form.ref.kind, current.specDigest, specDigest));
  check(immutableFieldsUnchanged(form.immutableFields, current.spec, spec));
  const relations = admitRelations(view, { form, spec, space: request.space, name: request.name, self: current });
  check(prepareBindingHolds(ctx.secret, { ...binding, uid: current.uid, generation: current.generation }, presented, reviewedAt));
  await admitExecution(view, form, relations, envelope.async === true);
  const next = withDesiredSpec(current, spec, specDigest, relations);
  const { writes, after } = planCommit(
    ctx,
    scope,
    { before: { record: current, version: occupant!.version }, after: next.record, revisionMoved: next.revisionMoved },
    now,
  );
  return { ...resourceOutcome(200, after!, writes), accepted: { address, uid: current.uid, ref: current.ref } };
}
