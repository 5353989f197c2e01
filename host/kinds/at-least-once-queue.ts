// AtLeastOnceQueue: nothing beyond the generic Form rules in the control plane; in the data plane
// a version's producer binding to it goes through a wrapper worker (runtime/at-least-once-queue.ts).

import type { KindBehaviour } from "./behaviour.js";

export const atLeastOnceQueue: KindBehaviour = {
  runtime: () => import("./runtime/at-least-once-queue.js").then((m) => m.atLeastOnceQueueRuntime),
};
