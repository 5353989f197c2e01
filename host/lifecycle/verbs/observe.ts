// Lifecycle, observe (POST .../{name}/observe): the lane's only fenced read-only re-observation.
// It requires the expected generation and answers {resource} at exactly that generation
// (check: observe-fence-exact). It changes no desired state; with the touch-status probe the host
// records a host-side observation, which moves the revision and not the generation
// (check: status-change-bumps-revision-not-generation).

import { HostError } from "../../errors.js";
import { generationFence } from "../../rules/resource-identity/generation-fence.js";
import { requiredGenerationFence } from "../../rules/resource-identity/required-generation-fence.js";
import { revisionFence } from "../../rules/resource-identity/revision-fence.js";
import { revisionETag } from "../../wire/decimal.js";
import { renderResource } from "../../wire/render-resource.js";
import { addressedResource, type NameAddress } from "./addressed.js";
import { planCommit } from "../admission/commit-plan.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "../context.js";
import { withObservation } from "../admission/incarnation.js";
import { ledgerRendering } from "../admission/ledger-rendering.js";
import { runMutation } from "../mutation.js";
import { check } from "../../rules/outcome.js";

export function observeResource(ctx: HostContext, envelope: MutationEnvelope, address: NameAddress): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "observe", address.space, async () => {
    const fence = requiredGenerationFence(envelope.expectedGeneration, "observe");
    if (fence instanceof HostError) throw fence;
    const addressed = addressedResource(ctx, envelope.scope, address);
    const { record, version } = addressed;
    check(generationFence(record.generation, fence, "observe"));
    check(revisionFence(record.revision, envelope.ifMatch));
    // Without a probe the only thing that may move is a rendering over state outside the store.
    let { record: current, writes } = ledgerRendering(ctx, envelope.scope, addressed);
    if (envelope.probe === "touch-status") {
      const plan = planCommit(ctx, envelope.scope, { before: { record, version }, after: withObservation(record), revisionMoved: true }, ctx.clock.now());
      current = plan.after!;
      writes = plan.writes;
    }
    return {
      status: 200,
      etag: revisionETag(current.revision),
      body: JSON.stringify({ resource: renderResource(current) }),
      boundUid: current.uid,
      writes,
    };
  });
}
