// QueueConsumer -> the delivery settings of one queue's consumer (queue-delivery.ts).

import type { ResourceRecord } from "../../store/records.js";
import { refAt } from "../../runtime/desired.js";
import type { ConsumerPlan } from "../../runtime/queue-delivery.js";
import { ProjectionError, type ProjectionDeps, type RuntimeProjection } from "../../runtime/projection.js";
import { retentionOf } from "./at-least-once-queue.js";

export function consumerPlan(consumer: ResourceRecord, deps: ProjectionDeps): ConsumerPlan {
  const queue = deps.desired.resolve(consumer, refAt(consumer.spec, "queue"));
  if (queue === undefined) throw new ProjectionError(`the queue ${refAt(consumer.spec, "queue")?.name} is gone`);
  const deadLetter = deps.desired.resolve(consumer, refAt(consumer.spec, "deadLetterQueue"));
  const n = (member: string, fallback: number) => Number(consumer.spec[member] ?? fallback);
  return {
    key: `${consumer.tenant}\u0000${consumer.uid}`,
    tenant: consumer.tenant,
    queue: queue.uid,
    queueName: queue.name,
    ...(deadLetter === undefined ? {} : { deadLetter: { queue: deadLetter.uid, retentionSeconds: retentionOf(deadLetter) } }),
    maxBatchSize: n("maxBatchSize", 10),
    maxBatchTimeoutSeconds: n("maxBatchTimeoutSeconds", 5),
    maxRetries: n("maxRetries", 3),
    retryDelaySeconds: n("retryDelaySeconds", 0),
    maxConcurrency: Math.max(1, n("maxConcurrency", 1)),
  };
}

export const queueConsumerRuntime: RuntimeProjection = { consumer: consumerPlan };
