// Lifecycle, delete (DELETE {api}/resources/...): an empty body, an Idempotency-Key, and the
// expected generation as its only REQUIRED precondition (decision 0011). If-Match is honoured when
// sent and never required, because the revision moves for reasons the deleting client did not
// cause. The delete resolves the recorded incarnation before it evaluates any fence; it is refused
// while a live relation pins the incarnation (dependency_in_use), and whenever its kind's delete
// guard refuses (KindBehaviour.deleteGuard, e.g. a deployment whose live dependents need what it
// serves). It releases what the incarnation held -- its uid, its adoption claim, its pins, the
// entries of its kind's indexes -- and re-renders what pinned it.

import { HostError } from "../../errors.js";
import { dependencyProtection } from "../../rules/relations/dependency-protection.js";
import { generationFence } from "../../rules/resource-identity/generation-fence.js";
import { requiredGenerationFence } from "../../rules/resource-identity/required-generation-fence.js";
import { revisionFence } from "../../rules/resource-identity/revision-fence.js";
import type { ResourceRecord } from "../../store/records.js";
import { addressedResource, type NameAddress } from "./addressed.js";
import { planCommit } from "../admission/commit-plan.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "../context.js";
import { runMutation, type MutationOutcome } from "../mutation.js";
import { check } from "../../rules/outcome.js";
import { addressOf, viewFor, type TenantView } from "../admission/tenant-view.js";

function protections(view: TenantView, record: ResourceRecord): void {
  check(dependencyProtection(record.uid, view.holdersOf(record.uid)));
  view.kindOf(record.ref)?.deleteGuard?.(view, record);
}

export function deleteResource(ctx: HostContext, envelope: MutationEnvelope, address: NameAddress): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "delete", address.space, () => executeDelete(ctx, envelope, address), {
    action: "delete",
    address,
  });
}

export async function executeDelete(ctx: HostContext, envelope: MutationEnvelope, address: NameAddress): Promise<MutationOutcome> {
  const fence = requiredGenerationFence(envelope.expectedGeneration, "delete");
  if (fence instanceof HostError) throw fence;
  const { record, version } = addressedResource(ctx, envelope.scope, address);
  check(generationFence(record.generation, fence, "delete"));
  check(revisionFence(record.revision, envelope.ifMatch));
  const view = viewFor(ctx, envelope.scope);
  // An out-of-band backend deletion (test-only probe) is the one path past the protections.
  if (envelope.probe !== "external-change") protections(view, record);
  const { writes } = planCommit(ctx, envelope.scope, { before: { record, version }, revisionMoved: false }, ctx.clock.now());
  return {
    status: 204,
    body: "",
    writes,
    accepted: { address: addressOf(record), uid: record.uid, ref: record.ref },
    result: { deleted: true },
  };
}
