// A QueueConsumer's deadLetterQueue may not lead back to the queue it drains (decision 0020). The
// dead-letter graph has an edge Q -> D when the consumer of Q declares D; a queue has at most one
// consumer, so the walk follows a single path, and it admits each queue uid once, so it ends on
// any graph, including a cycle an older state left behind. In-degree is unbounded: diamonds pass.

import type { StoredTarget } from "../relations/view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { DEAD_LETTER_RELATION } from "./queue-single-consumer.js";

export interface DeadLetterEdge {
  consumerUid: string;
  deadLetterUid: string;
  deadLetterName: string;
}

export interface DeadLetterInput {
  queue: { uid: string; name: string };
  deadLetter: { uid: string; name: string } | undefined;
  /** The consumer being applied (absent on create): its current edge is the one being replaced. */
  self: { uid?: string };
  /** The outgoing edge of a queue: its consumer's dead-letter destination, if any. */
  deadLetterOf(queueUid: string): DeadLetterEdge | undefined;
}

export function deadLetterCycle(input: DeadLetterInput): RuleOutcome {
  if (input.deadLetter === undefined) return accept();
  const path = [input.queue.name, input.deadLetter.name];
  const visited = new Set<string>();
  let current = input.deadLetter.uid;
  for (;;) {
    if (current === input.queue.uid) {
      return refuse(
        "invalid_argument",
        `/deadLetterQueue: dead-lettering ${path.join(" -> ")} leads back to the drained queue "${input.queue.name}"; ` +
          `an exhausted message would be redelivered forever`,
        "/deadLetterQueue",
      );
    }
    if (visited.has(current)) return accept();
    visited.add(current);
    const edge = input.deadLetterOf(current);
    if (edge === undefined || edge.consumerUid === input.self.uid) return accept();
    current = edge.deadLetterUid;
    path.push(edge.deadLetterName);
  }
}

/** The dead-letter edge a stored consumer contributes, from its pinned relations. */
export function deadLetterEdgeOf(consumer: StoredTarget): DeadLetterEdge | undefined {
  const r = consumer.relations.find((rec) => rec.relation === DEAD_LETTER_RELATION);
  return r === undefined ? undefined : { consumerUid: consumer.uid, deadLetterUid: r.targetUid, deadLetterName: r.targetName };
}
