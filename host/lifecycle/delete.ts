// Lifecycle, delete (DELETE {api}/resources/...): an empty body, an Idempotency-Key, and the
// expected generation as its only REQUIRED precondition (decision 0011). If-Match is honoured when
// sent and never required, because the revision moves for reasons the deleting client did not
// cause. The delete resolves the recorded incarnation before it evaluates any fence, and it
// releases what the incarnation held: its uid and its adoption claim.

import { HostError } from "../errors.js";
import { generationFence } from "../rules/resource-identity/generation-fence.js";
import { requiredGenerationFence } from "../rules/resource-identity/required-generation-fence.js";
import { revisionFence } from "../rules/resource-identity/revision-fence.js";
import { claimKey, uidKey } from "../store/keys.js";
import type { StoreWrite } from "../store/store.js";
import { addressedResource, type NameAddress } from "./addressed.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "./context.js";
import { runMutation } from "./mutation.js";

export function deleteResource(ctx: HostContext, envelope: MutationEnvelope, address: NameAddress): Promise<LifecycleResponse> {
  return runMutation(ctx, envelope, "delete", address.space, async () => {
    const fence = requiredGenerationFence(envelope.expectedGeneration, "delete");
    if (fence instanceof HostError) throw fence;
    const { key, record, version } = await addressedResource(ctx, envelope.scope, address);
    const stale = generationFence(record.generation, fence, "delete") ?? revisionFence(record.revision, envelope.ifMatch);
    if (stale !== undefined) throw stale;
    const writes: StoreWrite[] = [
      { op: "delete", key, expectedVersion: version },
      { op: "delete", key: uidKey(envelope.scope, record.uid) },
    ];
    if (record.nativeId !== undefined) writes.push({ op: "delete", key: claimKey(envelope.scope, record.nativeId) });
    return { status: 204, body: "", writes };
  });
}
