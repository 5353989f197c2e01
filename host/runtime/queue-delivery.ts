// Delivers stored queue messages to their consumer's queue handler in batches (edge.queue@1.0.0
// with the QueueConsumer's settings): a batch goes out when maxBatchSize messages are visible or
// the oldest has waited maxBatchTimeoutSeconds; at most maxConcurrency batches per consumer are in
// flight; the handler's outcome acknowledges or retries each message, and a message retried past
// maxRetries goes to the dead-letter queue (or is dropped without one).

import type { LeasedMessage, QueueStore } from "./queue-store.js";

export interface ConsumerPlan {
  /** Stable identity of the consumer incarnation. */
  key: string;
  tenant: string;
  /** Queue incarnation uid (storage identity) and its name as the handler sees it (batch.queue). */
  queue: string;
  queueName: string;
  /** The dead-letter queue's incarnation uid and its messageRetentionSeconds. */
  deadLetter?: { queue: string; retentionSeconds: number };
  maxBatchSize: number;
  maxBatchTimeoutSeconds: number;
  maxRetries: number;
  retryDelaySeconds: number;
  maxConcurrency: number;
}

/** What the handler did with one batch (Miniflare's FetcherQueueResult, narrowed). */
export interface BatchOutcome {
  outcome: string;
  ackAll: boolean;
  retryBatch: { retry: boolean; delaySeconds?: number };
  explicitAcks: string[];
  retryMessages: { msgId: string; delaySeconds?: number }[];
}

export type DeliverBatch = (consumer: ConsumerPlan, messages: LeasedMessage[]) => Promise<BatchOutcome>;

/** Per message: acknowledged, or retried after a delay (pure: the outcome rules of edge.queue). */
export function settleBatch(
  messages: readonly LeasedMessage[],
  result: BatchOutcome,
  retryDelaySeconds: number,
): { acks: string[]; retries: { id: string; delaySeconds: number }[] } {
  const acks: string[] = [];
  const retries: { id: string; delaySeconds: number }[] = [];
  const explicitAck = new Set(result.explicitAcks);
  const explicitRetry = new Map(result.retryMessages.map((r) => [r.msgId, r.delaySeconds]));
  for (const message of messages) {
    if (explicitAck.has(message.id)) acks.push(message.id);
    else if (explicitRetry.has(message.id)) retries.push({ id: message.id, delaySeconds: explicitRetry.get(message.id) ?? retryDelaySeconds });
    else if (result.outcome !== "ok" || result.retryBatch.retry)
      retries.push({ id: message.id, delaySeconds: result.retryBatch.delaySeconds ?? retryDelaySeconds });
    else acks.push(message.id);
  }
  return { acks, retries };
}

export class QueueDelivery {
  #consumers: ConsumerPlan[] = [];
  readonly #inFlight = new Map<string, number>();
  readonly #pending = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: QueueStore,
    private readonly deliver: DeliverBatch,
    private readonly now: () => number = Date.now,
    private readonly report: (error: unknown) => void = (error) => console.error("takoform runtime: queue delivery:", error),
  ) {}

  setConsumers(consumers: ConsumerPlan[]): void {
    this.#consumers = consumers;
  }

  start(intervalMs = 50): void {
    this.#timer = setInterval(() => this.tick(), intervalMs);
    this.#timer.unref();
  }

  /** One pass: starts every batch that is due. */
  tick(): void {
    // A store error (a full disk, a locked file) is reported and tried again at the next tick; from
    // the timer it would end the host.
    try {
      this.store.sweep();
    } catch (error) {
      this.report(error);
    }
    for (const consumer of this.#consumers) {
      try {
        this.#startDue(consumer);
      } catch (error) {
        this.report(error);
      }
    }
  }

  #startDue(consumer: ConsumerPlan): void {
    while ((this.#inFlight.get(consumer.key) ?? 0) < consumer.maxConcurrency && this.#due(consumer)) {
      const messages = this.store.lease(consumer.tenant, consumer.queue, consumer.maxBatchSize);
      if (messages.length === 0) break;
      this.#inFlight.set(consumer.key, (this.#inFlight.get(consumer.key) ?? 0) + 1);
      const work = this.#run(consumer, messages).finally(() => {
        this.#inFlight.set(consumer.key, (this.#inFlight.get(consumer.key) ?? 1) - 1);
        this.#pending.delete(work);
      });
      this.#pending.add(work);
    }
  }

  #due(consumer: ConsumerPlan): boolean {
    const { count, oldestVisibleAt } = this.store.backlog(consumer.tenant, consumer.queue);
    if (count === 0) return false;
    return count >= consumer.maxBatchSize || this.now() - (oldestVisibleAt ?? 0) >= consumer.maxBatchTimeoutSeconds * 1000;
  }

  async #run(consumer: ConsumerPlan, messages: LeasedMessage[]): Promise<void> {
    let result: BatchOutcome;
    try {
      result = await this.deliver(consumer, messages);
    } catch (error) {
      this.report(error);
      result = { outcome: "exception", ackAll: false, retryBatch: { retry: true }, explicitAcks: [], retryMessages: [] };
    }
    try {
      const { acks, retries } = settleBatch(messages, result, consumer.retryDelaySeconds);
      this.store.acknowledge(consumer.tenant, acks);
      for (const retry of retries) this.store.retry(consumer.tenant, retry.id, retry.delaySeconds, consumer.maxRetries, consumer.deadLetter);
    } catch (error) {
      this.report(error);
    }
  }

  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    await Promise.allSettled([...this.#pending]);
  }
}
