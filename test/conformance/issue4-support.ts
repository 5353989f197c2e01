// Shared by the issue-4 suites: the conformance checks of issue 4 (cross-resource relations,
// binding verification, the Worker aggregate and its attachments) — the required names the issue
// lists and our own checks for the same rules — and the setup they run under: the runner's
// binding-probe Form Packages written to a fresh directory, installed in the host (--forms) and
// pinned by the runner (--corpus) beside the project corpus (docs/decisions/0083).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeBindingProbePackages } from "../../conformance/harness/aggregate/binding-probes.js";
import { corpusRoot, loadCatalog } from "../../corpus/lib/index.js";

export const ISSUE4_REQUIRED = [
  "relation-target-form-ref-verified",
  "relation-target-interface-verified",
  "relation-pin-records-target-form-ref",
  "relation-resolution-is-tenant-scoped",
  "dependent-revision-advances-with-rendering",
  "delete-fence-survives-derived-rendering",
  "cron-grammar-enforced",
  "queue-single-consumer-enforced",
  "dead-letter-cycle-rejected",
  "custom-domain-hostname-canonicalized",
  "custom-domain-u-label-refused",
  "custom-domain-hostname-claim-unique",
  "custom-domain-hostname-claim-stops-at-the-tenant",
  "declared-handler-not-exported-rejected",
  "worker-endpoint-address-is-host-assigned",
  "worker-endpoint-single-per-worker",
  "worker-endpoint-follows-the-active-deployment",
  "worker-endpoint-address-is-stable-for-its-uid",
  "binding-target-missing-404-before-mutation",
  "dependency-in-use-on-bound-target-delete",
  "relation-target-missing-rejected",
  "relation-target-deletion-blocked",
  "relation-incarnation-change-detected",
  "relation-reapply-repins",
  "binding-contract-verified",
  "deployment-weight-sum-enforced",
  "deployment-single-active-per-worker",
  "deployment-version-ownership",
  "deployment-version-duplicate-rejected",
  "attachment-requires-active-deployment",
  "handler-gated-attachments",
  "binding-name-collision-rejected",
  "deployment-change-preserves-dependents",
  "deployment-delete-blocked-by-dependent",
  "deployment-delete-blocked-by-inbound-binding",
  "static-asset-spa-paths",
] as const;

export const ISSUE4_OWN = [
  "environment-namespace-is-single",
  "deployment-version-not-ready-rejected",
  "worker-readiness-follows-the-active-deployment",
  "inbound-service-binding-requires-a-serving-worker",
  "attachment-gate-holds-in-both-directions",
  "relation-drift-recovered-by-apply",
  "binding-verification-steps-and-codes",
] as const;

export const ISSUE4_CHECKS: readonly string[] = [...ISSUE4_REQUIRED, ...ISSUE4_OWN];

export interface Issue4Setup {
  /** Extra arguments of `takoform host`. */
  hostArgs: string[];
  /** Extra arguments of `takoform conformance` (before --only). */
  runnerArgs: string[];
  cleanup(): void;
}

export function issue4Setup(): Issue4Setup {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-binding-probes-"));
  writeBindingProbePackages(dir, loadCatalog([corpusRoot()]));
  return {
    hostArgs: ["--forms", dir],
    runnerArgs: ["--corpus", corpusRoot(), "--corpus", dir],
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
