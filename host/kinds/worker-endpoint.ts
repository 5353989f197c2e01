// WorkerEndpoint (decision 0024): an inward-activation attachment behind the attachment gate, at
// most one per worker, with a host-assigned HTTPS address as its outputs (immutable for the
// lifetime of its uid).

import { check } from "../rules/outcome.js";
import { assignEndpointAddress } from "../rules/attachments/worker-endpoint-address.js";
import { endpointsOf, singleEndpointPerWorker } from "../rules/attachments/worker-endpoint-single.js";
import type { KindBehaviour } from "./behaviour.js";
import { gatedWorker, identity, selfOf } from "./worker-support.js";

export const workerEndpoint: KindBehaviour = {
  admit(view, input) {
    const worker = gatedWorker(view, input);
    if (worker === undefined) return;
    check(singleEndpointPerWorker(identity(worker), selfOf(input), endpointsOf(worker.uid, view.holdersOf(worker.uid))));
  },

  outputs(context, options) {
    const assigned = assignEndpointAddress(context.uid, options.endpointDomain);
    if (!assigned.ok) return assigned;
    return { hostname: assigned.address.hostname, url: assigned.address.url };
  },
  /** The data plane: its assigned hostname routed to its worker (runtime/worker-endpoint.ts). */
  runtime: () => import("./runtime/worker-endpoint.js").then((m) => m.workerEndpointRuntime),
};
