// The canonical hostname of a WorkerCustomDomain is unique per TENANT (decision 0026): a second
// live claim in any space of the caller's tenant fails invalid_argument, and the refusal names only
// that tenant's own holder. A hostname only another tenant serves is outside the comparison.

import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { canonicalHostname } from "./custom-domain-hostname.js";

export interface HostnameHolder {
  tenant: string;
  uid: string;
  space: string;
  name: string;
  hostname: string;
}

export interface HostnameClaimInput {
  /** The authenticated tenant of the request (at commit: the tenant the mutation was admitted from). */
  tenant: string;
  /** The canonical hostname being claimed. */
  hostname: string;
  /** The custom domain being applied; uid absent on create. */
  self: { uid?: string };
  /** Live custom domains (the view should pass only the tenant's own; others are ignored here too). */
  holders: readonly HostnameHolder[];
}

export function hostnameClaim(input: HostnameClaimInput): RuleOutcome {
  const canonical = (h: string) => {
    const c = canonicalHostname(h);
    return c.ok ? c.hostname : h;
  };
  const wanted = canonical(input.hostname);
  const holder = input.holders.find((h) => h.tenant === input.tenant && h.uid !== input.self.uid && canonical(h.hostname) === wanted);
  if (holder === undefined) return accept();
  return refuse(
    "invalid_argument",
    `/hostname: "${wanted}" is already served by WorkerCustomDomain "${holder.name}" in space "${holder.space}"; one hostname has one answer`,
    "/hostname",
  );
}
