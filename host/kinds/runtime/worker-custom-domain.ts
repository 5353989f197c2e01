// WorkerCustomDomain -> its canonical hostname (stored canonicalized), routed like an endpoint.

import type { RuntimeProjection } from "../../runtime/projection.js";
import type { ResourceRecord } from "../../store/records.js";

export function customDomainHostname(domain: ResourceRecord): string | undefined {
  const hostname = domain.spec["hostname"];
  return typeof hostname === "string" ? hostname.toLowerCase().replace(/\.$/, "") : undefined;
}

export const workerCustomDomainRuntime: RuntimeProjection = { hostname: { of: customDomainHostname, assigned: false } };
