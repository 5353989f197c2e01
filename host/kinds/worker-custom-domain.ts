// WorkerCustomDomain (decision 0026): the hostname is canonicalized at the defaults entry point
// (a U-label is a diagnostic, never mapped), the domain is an attachment behind the attachment
// gate, and a canonical hostname is claimed tenant-wide across spaces through the hostname index
// this kind maintains at commit.

import type { JsonObject } from "../../corpus/lib/index.js";
import { check } from "../rules/outcome.js";
import { canonicalizeCustomDomainSpec } from "../rules/attachments/custom-domain-hostname.js";
import { hostnameClaim } from "../rules/attachments/hostname-claim.js";
import { diagnosticOf } from "../rules/outcome.js";
import { hostnameKey, hostnamePrefix } from "../store/keys.js";
import type { HostnameRecord, ResourceRecord } from "../store/records.js";
import type { KindBehaviour } from "./behaviour.js";
import { gatedWorker, selfOf } from "./worker-support.js";

function hostnameOf(record: ResourceRecord): string | undefined {
  return typeof record.spec.hostname === "string" ? record.spec.hostname : undefined;
}

export const workerCustomDomain: KindBehaviour = {
  canonicalize(spec) {
    const canonical = canonicalizeCustomDomainSpec(spec);
    if (!canonical.ok) return { spec, diagnostics: [diagnosticOf(canonical)] };
    return { spec: canonical.spec as JsonObject, diagnostics: [] };
  },

  admit(view, input) {
    gatedWorker(view, input);
    if (typeof input.spec.hostname !== "string") return;
    const holders = view.indexed<HostnameRecord>(hostnamePrefix(view.scope, input.spec.hostname)).map((held) => ({ ...held, tenant: view.scope.tenant }));
    check(hostnameClaim({ tenant: view.scope.tenant, hostname: input.spec.hostname, self: selfOf(input), holders }));
  },

  indexes(scope, record) {
    const hostname = hostnameOf(record);
    if (hostname === undefined) return [];
    const value: HostnameRecord = { uid: record.uid, space: record.space, name: record.name, hostname };
    return [{ key: hostnameKey(scope, hostname, record.uid), value }];
  },
  /** The data plane: its hostname routed to its worker (runtime/worker-custom-domain.ts). */
  runtime: () => import("./runtime/worker-custom-domain.js").then((m) => m.workerCustomDomainRuntime),
};
