// An AtLeastOnceQueue has AT MOST ONE QueueConsumer (decision 0020), decided on the queue's uid:
// a second consumer of one queue incarnation fails invalid_argument before any mutation.

import type { Holder } from "../relations/view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

export const QUEUE_RELATION = "/queue";
export const DEAD_LETTER_RELATION = "/deadLetterQueue";

/** Live consumers draining a queue uid, from its holders. */
export function consumersOf(queueUid: string, holders: readonly Holder[]): Holder[] {
  return holders.filter((h) => h.formRef.kind === "QueueConsumer" && h.record.relation === QUEUE_RELATION && h.record.targetUid === queueUid);
}

export function singleQueueConsumer(
  queue: { uid: string; name: string },
  self: { uid?: string },
  consumers: readonly { uid: string; name: string; space: string }[],
): RuleOutcome {
  const other = consumers.find((c) => c.uid !== self.uid);
  if (other === undefined) return accept();
  return refuse(
    "invalid_argument",
    `/queue: queue "${queue.name}" (uid ${queue.uid}) already has the consumer "${other.name}"; a queue has at most one consumer`,
    "/queue",
  );
}
