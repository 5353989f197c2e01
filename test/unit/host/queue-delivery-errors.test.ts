// The queue delivery's timer survives a store that fails (queue-delivery.ts): the error is
// reported and the next tick tries again, where a throw from the timer would end the host.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { QueueDelivery } from "../../../host/runtime/queue-delivery.js";
import { QueueStore } from "../../../host/runtime/queue-store.js";

it("reports a store error from a tick instead of throwing it", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-queue-errors-"));
  const store = new QueueStore(dataDir);
  rmSync(dataDir, { recursive: true, force: true }); // the tenant's queue file cannot be opened now
  const reported: unknown[] = [];
  const delivery = new QueueDelivery(
    store,
    async () => ({ outcome: "ok", ackAll: true, retryBatch: { retry: false }, explicitAcks: [], retryMessages: [] }),
    Date.now,
    (error) => reported.push(error),
  );
  delivery.setConsumers([
    { key: "c", tenant: "t", queue: "q", queueName: "q", maxBatchSize: 10, maxBatchTimeoutSeconds: 0, maxRetries: 0, retryDelaySeconds: 0, maxConcurrency: 1 },
  ]);
  expect(() => delivery.tick()).not.toThrow();
  expect(reported).toHaveLength(1);
  expect(String(reported[0])).toMatch(/directory does not exist|unable to open/i);
  store.close();
});
