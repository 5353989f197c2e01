// QueueConsumer (decision 0020): an attachment behind the attachment gate, the single consumer of
// its queue, and no dead-letter cycle through the queues it names.

import { check } from "../rules/outcome.js";
import { deadLetterCycle, deadLetterEdgeOf } from "../rules/attachments/dead-letter-cycle.js";
import { consumersOf, DEAD_LETTER_RELATION, QUEUE_RELATION, singleQueueConsumer } from "../rules/attachments/queue-single-consumer.js";
import type { KindBehaviour } from "./behaviour.js";
import { gatedWorker, identity, relationTarget, selfOf } from "./worker-support.js";

export const queueConsumer: KindBehaviour = {
  admit(view, input) {
    gatedWorker(view, input);
    const queue = relationTarget(view, input.records, QUEUE_RELATION);
    if (queue === undefined) return;
    const self = selfOf(input);
    check(singleQueueConsumer(identity(queue), self, consumersOf(queue.uid, view.holdersOf(queue.uid))));
    const deadLetter = relationTarget(view, input.records, DEAD_LETTER_RELATION);
    check(
      deadLetterCycle({
        queue: identity(queue),
        deadLetter: deadLetter === undefined ? undefined : identity(deadLetter),
        self,
        deadLetterOf: (queueUid) => {
          const [consumer] = consumersOf(queueUid, view.holdersOf(queueUid));
          const stored = consumer === undefined ? undefined : view.byUid(consumer.uid);
          return stored === undefined ? undefined : deadLetterEdgeOf(stored);
        },
      }),
    );
  },
  /** The data plane: delivery of its queue to its worker (runtime/queue-consumer.ts). */
  runtime: () => import("./runtime/queue-consumer.js").then((m) => m.queueConsumerRuntime),
};
