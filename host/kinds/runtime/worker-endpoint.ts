// WorkerEndpoint -> the hostname its outputs carry (host-assigned under the endpoint domain),
// routed by the gateway to its worker's router.

import type { ResourceRecord } from "../../store/records.js";

export function endpointHostname(endpoint: ResourceRecord): string | undefined {
  const hostname = endpoint.outputs?.["hostname"];
  return typeof hostname === "string" ? hostname.toLowerCase() : undefined;
}
