// The mutant catalogue: for EVERY required check (exhaustive at compile time over the contract's
// names, like the registry), the host mutants it must catch. A mutant breaks exactly one
// behaviour in front of a real host (mutant-proxy.ts); the named check must fail against it, and
// every other check is allowed to miss it. A check whose mutant passes is a defect of the check.

import type { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { MUTANTS, type MutantEnv } from "./mutants.js";
import { OPERATION_MUTANTS } from "./operation-mutants.js";
import { RELATION_MUTANTS } from "./relation-mutants.js";
import { RULE_MUTANTS } from "./rule-mutants.js";
import type { Mutation } from "./mutant-proxy.js";

export type RequiredCheck = (typeof REQUIRED_CHECKS)[number];

export interface CataloguedMutant {
  name: string;
  breaks: string;
  /** Checks beyond the catalogue's required ones that must also catch it (our own checks). */
  caughtBy?: readonly string[];
  make(env: MutantEnv): Mutation;
}

/** Every mutant by name. */
export const ALL_MUTANTS: ReadonlyMap<string, CataloguedMutant> = new Map(
  [...MUTANTS, ...RELATION_MUTANTS, ...OPERATION_MUTANTS, ...Object.values(RULE_MUTANTS)].map((m) => [m.name, m]),
);

const R = Object.fromEntries(Object.entries(RULE_MUTANTS).map(([k, m]) => [k, m.name])) as { [K in keyof typeof RULE_MUTANTS]: string };

export const CATCHES: { readonly [C in RequiredCheck]: readonly string[] } = {
  "discovery-exact": [R.discoveryWidened],
  "unauthenticated-request-refused": ["credential-lookup-fails-open"],
  "forms-exact-availability": [R.formsEntryDuplicated],
  "form-definition-exact": [R.formDefinitionEdited],
  "validate-accepts-canonical": [R.validateRefusesEverything],
  "validate-rejects-negative-fixtures": [R.validateAcceptsEverything],
  "prepare-binds-exact-spec": ["defaults-not-echoed"],
  "prepare-substitution-rejected": [R.applyRefusalRecoded],
  "apply-create-uid-minted": [R.uidNotMinted],
  "apply-headers-required": [R.idempotencyKeyInvented],
  "apply-idempotency-replay": ["idempotency-key-stripped"],
  "replay-record-retires-with-its-incarnation": [R.replayNeverRetires],
  "create-conflict-when-exists": [R.createConflictRecoded],
  "update-generation-fence": [R.unfencedRefusalRecoded],
  "stale-generation-rejected": ["stale-generation-accepted"],
  "observe-fence-exact": [R.observeFenceRecoded],
  "spec-change-bumps-generation": [R.generationDoubleBumped],
  "revision-etag-exact": ["etag-dropped"],
  "status-change-bumps-revision-not-generation": ["status-change-not-rendered"],
  "delete-generation-fence": ["delete-requires-if-match"],
  "delete-revision-fence": [R.deleteIfMatchIgnored],
  "stale-revision-rejected": [R.ifMatchIgnored],
  "delete-then-recreate-uid-changes": [R.uidReusedOnRecreate],
  "expected-uid-mismatch-rejected": ["expected-uid-ignored"],
  "package-digest-not-identity": [R.packageDigestIsIdentity],
  "same-kind-two-groups": [R.groupFolded],
  "revision-role-update-rejected": [R.updateRefusalRecoded],
  "no-update-spec-change-rejected": [R.updateRefusalRecoded],
  "binding-target-missing-404-before-mutation": [R.missingTargetRecoded],
  "dependency-in-use-on-bound-target-delete": ["dependency-protection-bypassed"],
  "relation-target-missing-rejected": [R.missingTargetRecoded],
  "relation-target-deletion-blocked": ["dependency-protection-bypassed"],
  "relation-incarnation-change-detected": ["relation-drift-not-rendered"],
  "relation-reapply-repins": [R.identicalApplyShortCircuited],
  "binding-contract-verified": [R.versionRefusalRecoded],
  "async-operation-flow": ["terminal-operation-without-outcome", "probe-hold-ignored"],
  "operation-replay-terminal": ["terminal-replay-not-byte-identical", "probe-hold-ignored"],
  "operation-resumable-after-settlement": ["terminal-replay-not-byte-identical"],
  "operation-cancel": ["cancel-claims-cancelled-without-stopping", "probe-hold-ignored"],
  "artifact-upload-missing-blob": [R.missingBlobRecoded],
  "artifact-digest-mismatch": [R.artifactRefusalRecoded],
  "artifact-commit-idempotent": [R.recommitRefused],
  "artifact-then-bundle-apply": [R.artifactRefMissingRecoded],
  "exact-form-ref-fails-closed-on-unknown-definition": ["unknown-definition-falls-back"],
  "support-profiles-present": [R.supportProfileCommercial],
  "error-envelope-taxonomy": ["refusals-marked-retryable"],
  "cross-space-isolation": ["space-ignored-on-read"],
  "cross-principal-idempotency-isolation": [R.idempotencyShared],
  "prepare-requires-update-fence": [R.unfencedRefusalRecoded],
  "stale-prepare-rejected": [R.staleReviewRefreshed],
  "condition-reason-closed": [R.conditionReasonOpen],
  "space-id-grammar-enforced": [R.spaceCaseFolded],
  "concurrent-unrelated-mutation": ["stale-generation-accepted"],
  "async-commit-revalidates": [R.commitErrorRecoded],
  "async-commit-binds-the-accepted-identity": ["replaced-incarnation-reported-as-fence-conflict", "probe-hold-ignored"],
  "import-adopts-native-resource": [R.importAtGenerationTwo],
  "import-validates-like-apply": [R.importRefusalRecoded],
  "import-claims-its-native-identity": ["native-identity-claim-ignored"],
  "import-records-its-native-identity": [R.nativeIdEchoed],
  "deployment-weight-sum-enforced": ["weights-normalized"],
  "deployment-single-active-per-worker": [R.deploymentRefusalRecoded],
  "deployment-version-ownership": [R.deploymentRefusalRecoded],
  "deployment-version-duplicate-rejected": [R.deploymentRefusalRecoded],
  "attachment-requires-active-deployment": [R.attachmentGateRecoded],
  "handler-gated-attachments": [R.attachmentGateRecoded],
  "binding-name-collision-rejected": [R.versionRefusalRecoded],
  "deployment-change-preserves-dependents": [R.deploymentGateRecoded],
  "deployment-delete-blocked-by-dependent": [R.deleteBlockRecoded],
  "deployment-delete-blocked-by-inbound-binding": [R.deleteBlockRecoded],
  "dependent-revision-advances-with-rendering": ["worker-readiness-revision-frozen"],
  "delete-fence-survives-derived-rendering": [R.deleteFencedOnFirstRevision],
  "namespaced-group-travels-as-two-path-segments": ["escaped-slash-decoded"],
  "operation-bound-to-its-creating-principal": ["foreign-operation-permission-denied", "probe-hold-ignored"],
  "upload-session-bound-to-its-creating-principal": ["foreign-upload-continues-session"],
  "artifact-digest-is-not-a-capability": ["manifest-readable-by-digest", "missing-blobs-per-byte-store"],
  "artifact-manifest-reject-list": [R.artifactRefusalRecoded],
  "artifact-commit-binds-declared-size": [R.artifactRefusalRecoded],
  "artifact-manifest-kind-exclusive": [R.artifactRefusalRecoded],
  "bundle-main-module-is-loadable": [R.artifactRefusalRecoded],
  "artifact-retention-while-referenced": [R.abandonLosesBlobs],
  "manifest-reference-is-not-a-capability": [R.foreignManifestDisclosed],
  "static-asset-spa-paths": [R.createRefusalRecoded],
  "sqlite-migration-ledger-readiness": [R.migrationAlwaysReady],
  "module-worker-runtime-contract-advertised": [R.interfaceDigestShifted],
  "undeclared-runtime-handler-rejected": [R.validateAcceptsEverything],
  "declared-handler-not-exported-rejected": [R.versionRefusalRecoded],
  "edge-interface-contracts-advertised": [R.interfaceDigestShifted],
  "cron-grammar-enforced": ["cron-only-pattern-matched", "cron-step-span-unchecked"],
  "queue-single-consumer-enforced": [R.consumerRefusalRecoded],
  "custom-domain-hostname-canonicalized": [R.hostnameSpellingsDistinct],
  "custom-domain-u-label-refused": ["u-label-mapped"],
  "custom-domain-hostname-claim-unique": [R.domainRefusalRecoded],
  "custom-domain-hostname-claim-stops-at-the-tenant": ["hostname-claim-host-wide"],
  "dead-letter-cycle-rejected": [R.consumerRefusalRecoded],
  "attachment-claim-decided-on-import": [R.importRefusalRecoded],
  "attachment-claim-revalidated-at-commit": [R.commitErrorRecoded],
  "resource-answers-only-under-its-recorded-form-ref": ["recorded-form-ref-rewritten"],
  "two-definition-versions-answer-independently": [R.mixedIdentityRecoded],
  "relation-target-form-ref-verified": [R.createRefusalRecoded],
  "relation-target-interface-verified": [R.createRefusalRecoded],
  "relation-pin-records-target-form-ref": ["relation-drift-not-rendered"],
  "worker-endpoint-address-is-host-assigned": [R.endpointAddressInsecure],
  "worker-endpoint-single-per-worker": [R.endpointRefusalRecoded],
  "worker-endpoint-follows-the-active-deployment": [R.deploymentGateRecoded],
  "worker-endpoint-address-is-stable-for-its-uid": ["endpoint-address-moves-on-refresh"],
  "form-declared-outputs-are-exact": [R.outputsInvented],
  "resource-read-is-tenant-isolated": ["foreign-tenant-gets-permission-denied"],
  "resource-address-is-tenant-scoped": [R.namesHostWide],
  "resource-observe-is-tenant-isolated": [R.foreignObserveDisclosed],
  "resource-update-is-tenant-isolated": [R.foreignUpdateDisclosed],
  "resource-import-is-tenant-isolated": [R.foreignImportDisclosed],
  "resource-delete-is-tenant-isolated": [R.foreignDeleteDisclosed],
  "relation-resolution-is-tenant-scoped": [R.foreignTargetDenied],
  "prepare-is-tenant-scoped": ["review-spendable-across-tenants"],
  "idempotency-is-tenant-scoped": [R.idempotencyShared],
  "each-tenant-mutates-its-own-plane": [R.strangerWritesFirstPlane],
};

/** Each mutant with every check that must catch it: the catalogue's required checks and its own caughtBy. */
export function catchersByMutant(): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [check, names] of Object.entries(CATCHES)) for (const n of names) (out.get(n) ?? out.set(n, new Set()).get(n)!).add(check);
  for (const [name, m] of ALL_MUTANTS) for (const c of m.caughtBy ?? []) (out.get(name) ?? out.set(name, new Set()).get(name)!).add(c);
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}
