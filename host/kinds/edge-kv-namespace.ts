// EdgeKVNamespace: nothing beyond the generic Form rules in the control plane; in the data plane a
// version's edge.kv binding to it goes through a byte-lossless wrapper worker (runtime/edge-kv-bytes.ts).

import type { KindBehaviour } from "./behaviour.js";

export const edgeKvNamespace: KindBehaviour = {
  runtime: () => import("./runtime/edge-kv-bytes.js").then((m) => m.edgeKvNamespaceRuntime),
};
