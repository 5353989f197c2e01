// WorkerEndpoint -> the hostname its outputs carry (host-assigned under the endpoint domain),
// routed by the gateway to its worker's router.

import type { RuntimeProjection } from "../../runtime/projection.js";
import type { ResourceRecord } from "../../store/records.js";

export function endpointHostname(endpoint: ResourceRecord): string | undefined {
  const hostname = endpoint.outputs?.["hostname"];
  return typeof hostname === "string" ? hostname.toLowerCase() : undefined;
}

/** A host-assigned hostname: claimed before declared ones (custom domains). */
export const workerEndpointRuntime: RuntimeProjection = { hostname: { of: endpointHostname, assigned: true } };
