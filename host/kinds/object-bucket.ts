// ObjectBucket: nothing beyond the generic Form rules in the control plane; in the data plane a
// version's edge.objects binding to it goes through a wrapper whose writes are counted against the
// tenant's storage quota (runtime/object-bucket.ts, ADR 0303).

import type { KindBehaviour } from "./behaviour.js";

export const objectBucket: KindBehaviour = {
  runtime: () => import("./runtime/object-bucket.js").then((m) => m.objectBucketRuntime),
};
