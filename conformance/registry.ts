// The registry of every check the runner knows, keyed by the exact check name.
//
// Its type makes it exhaustive at compile time: every one of the required names of the
// portable-host contract (required-checks.ts, generated) and every check of our own (OWN_CHECKS)
// must have an entry, and nothing else may. A required check whose rule arrives with a later
// issue is registered as pending(reason): it reports "failed" with "not implemented: <reason>".

import type { Check } from "./check.js";
import type { RequiredCheck } from "./required-checks.js";
import applyCreateUidMinted from "./checks/apply-create-uid-minted.js";
import applyHeadersRequired from "./checks/apply-headers-required.js";
import applyIdempotencyReplay from "./checks/apply-idempotency-replay.js";
import artifactCommitBindsDeclaredSize from "./checks/artifact-commit-binds-declared-size.js";
import artifactCommitIdempotent from "./checks/artifact-commit-idempotent.js";
import artifactDigestIsNotACapability from "./checks/artifact-digest-is-not-a-capability.js";
import artifactDigestMismatch from "./checks/artifact-digest-mismatch.js";
import artifactManifestKindExclusive from "./checks/artifact-manifest-kind-exclusive.js";
import artifactManifestRejectList from "./checks/artifact-manifest-reject-list.js";
import artifactRetentionWhileReferenced from "./checks/artifact-retention-while-referenced.js";
import artifactThenBundleApply from "./checks/artifact-then-bundle-apply.js";
import artifactUploadMissingBlob from "./checks/artifact-upload-missing-blob.js";
import asyncCommitBindsTheAcceptedIdentity from "./checks/async-commit-binds-the-accepted-identity.js";
import asyncCommitRevalidates from "./checks/async-commit-revalidates.js";
import asyncOperationFlow from "./checks/async-operation-flow.js";
import attachmentClaimDecidedOnImport from "./checks/attachment-claim-decided-on-import.js";
import attachmentClaimRevalidatedAtCommit from "./checks/attachment-claim-revalidated-at-commit.js";
import attachmentGateHoldsInBothDirections from "./checks/attachment-gate-holds-in-both-directions.js";
import attachmentRequiresActiveDeployment from "./checks/attachment-requires-active-deployment.js";
import bindingContractVerified from "./checks/binding-contract-verified.js";
import bindingNameCollisionRejected from "./checks/binding-name-collision-rejected.js";
import bindingTargetMissing404BeforeMutation from "./checks/binding-target-missing-404-before-mutation.js";
import bindingVerificationStepsAndCodes from "./checks/binding-verification-steps-and-codes.js";
import bundleMainModuleIsLoadable from "./checks/bundle-main-module-is-loadable.js";
import clientInputNeverYieldsServerError from "./checks/client-input-never-yields-server-error.js";
import concurrentUnrelatedMutation from "./checks/concurrent-unrelated-mutation.js";
import conditionReasonClosed from "./checks/condition-reason-closed.js";
import createConflictWhenExists from "./checks/create-conflict-when-exists.js";
import cronGrammarEnforced from "./checks/cron-grammar-enforced.js";
import crossPrincipalIdempotencyIsolation from "./checks/cross-principal-idempotency-isolation.js";
import crossSpaceIsolation from "./checks/cross-space-isolation.js";
import customDomainHostnameCanonicalized from "./checks/custom-domain-hostname-canonicalized.js";
import customDomainHostnameClaimStopsAtTheTenant from "./checks/custom-domain-hostname-claim-stops-at-the-tenant.js";
import customDomainHostnameClaimUnique from "./checks/custom-domain-hostname-claim-unique.js";
import customDomainULabelRefused from "./checks/custom-domain-u-label-refused.js";
import deadLetterCycleRejected from "./checks/dead-letter-cycle-rejected.js";
import declaredHandlerNotExportedRejected from "./checks/declared-handler-not-exported-rejected.js";
import declaredHandlerNotExportedRejectedOnUploadedBundle from "./checks/declared-handler-not-exported-rejected-on-uploaded-bundle.js";
import deleteFenceSurvivesDerivedRendering from "./checks/delete-fence-survives-derived-rendering.js";
import deleteGenerationFence from "./checks/delete-generation-fence.js";
import deleteRevisionFence from "./checks/delete-revision-fence.js";
import deleteThenRecreateUidChanges from "./checks/delete-then-recreate-uid-changes.js";
import dependencyInUseOnBoundTargetDelete from "./checks/dependency-in-use-on-bound-target-delete.js";
import dependentRevisionAdvancesWithRendering from "./checks/dependent-revision-advances-with-rendering.js";
import deploymentChangePreservesDependents from "./checks/deployment-change-preserves-dependents.js";
import deploymentDeleteBlockedByDependent from "./checks/deployment-delete-blocked-by-dependent.js";
import deploymentDeleteBlockedByInboundBinding from "./checks/deployment-delete-blocked-by-inbound-binding.js";
import deploymentSingleActivePerWorker from "./checks/deployment-single-active-per-worker.js";
import deploymentVersionDuplicateRejected from "./checks/deployment-version-duplicate-rejected.js";
import deploymentVersionNotReadyRejected from "./checks/deployment-version-not-ready-rejected.js";
import deploymentVersionOwnership from "./checks/deployment-version-ownership.js";
import deploymentWeightSumEnforced from "./checks/deployment-weight-sum-enforced.js";
import discoveryExact from "./checks/discovery-exact.js";
import eachTenantMutatesItsOwnPlane from "./checks/each-tenant-mutates-its-own-plane.js";
import edgeInterfaceContractsAdvertised from "./checks/edge-interface-contracts-advertised.js";
import environmentNamespaceIsSingle from "./checks/environment-namespace-is-single.js";
import errorEnvelopeTaxonomy from "./checks/error-envelope-taxonomy.js";
import exactFormRefFailsClosedOnUnknownDefinition from "./checks/exact-form-ref-fails-closed-on-unknown-definition.js";
import expectedUidMismatchRejected from "./checks/expected-uid-mismatch-rejected.js";
import formDeclaredOutputsAreExact from "./checks/form-declared-outputs-are-exact.js";
import formDefinitionExact from "./checks/form-definition-exact.js";
import formsExactAvailability from "./checks/forms-exact-availability.js";
import handlerGatedAttachments from "./checks/handler-gated-attachments.js";
import idempotencyIsTenantScoped from "./checks/idempotency-is-tenant-scoped.js";
import importAdoptsNativeResource from "./checks/import-adopts-native-resource.js";
import importClaimsItsNativeIdentity from "./checks/import-claims-its-native-identity.js";
import importRecordsItsNativeIdentity from "./checks/import-records-its-native-identity.js";
import importValidatesLikeApply from "./checks/import-validates-like-apply.js";
import inboundServiceBindingRequiresAServingWorker from "./checks/inbound-service-binding-requires-a-serving-worker.js";
import manifestReferenceIsNotACapability from "./checks/manifest-reference-is-not-a-capability.js";
import moduleWorkerRuntimeContractAdvertised from "./checks/module-worker-runtime-contract-advertised.js";
import namespacedGroupTravelsAsTwoPathSegments from "./checks/namespaced-group-travels-as-two-path-segments.js";
import noUpdateSpecChangeRejected from "./checks/no-update-spec-change-rejected.js";
import observeFenceExact from "./checks/observe-fence-exact.js";
import operationBoundToItsCreatingPrincipal from "./checks/operation-bound-to-its-creating-principal.js";
import operationCancel from "./checks/operation-cancel.js";
import operationReplayTerminal from "./checks/operation-replay-terminal.js";
import operationResumableAfterSettlement from "./checks/operation-resumable-after-settlement.js";
import packageDigestNotIdentity from "./checks/package-digest-not-identity.js";
import portableDefaultsMaterialized from "./checks/portable-defaults-materialized.js";
import prepareBindsExactSpec from "./checks/prepare-binds-exact-spec.js";
import prepareIsTenantScoped from "./checks/prepare-is-tenant-scoped.js";
import prepareRequiresUpdateFence from "./checks/prepare-requires-update-fence.js";
import prepareSubstitutionRejected from "./checks/prepare-substitution-rejected.js";
import queueSingleConsumerEnforced from "./checks/queue-single-consumer-enforced.js";
import relationDriftRecoveredByApply from "./checks/relation-drift-recovered-by-apply.js";
import relationIncarnationChangeDetected from "./checks/relation-incarnation-change-detected.js";
import relationPinRecordsTargetFormRef from "./checks/relation-pin-records-target-form-ref.js";
import relationReapplyRepins from "./checks/relation-reapply-repins.js";
import relationResolutionIsTenantScoped from "./checks/relation-resolution-is-tenant-scoped.js";
import relationTargetDeletionBlocked from "./checks/relation-target-deletion-blocked.js";
import relationTargetFormRefVerified from "./checks/relation-target-form-ref-verified.js";
import relationTargetInterfaceVerified from "./checks/relation-target-interface-verified.js";
import relationTargetMissingRejected from "./checks/relation-target-missing-rejected.js";
import replayRecordRetiresWithItsIncarnation from "./checks/replay-record-retires-with-its-incarnation.js";
import requestBodyIsRawFirstIJson from "./checks/request-body-is-raw-first-i-json.js";
import resourceAddressIsTenantScoped from "./checks/resource-address-is-tenant-scoped.js";
import resourceAnswersOnlyUnderItsRecordedFormRef from "./checks/resource-answers-only-under-its-recorded-form-ref.js";
import resourceDeleteIsTenantIsolated from "./checks/resource-delete-is-tenant-isolated.js";
import resourceImportIsTenantIsolated from "./checks/resource-import-is-tenant-isolated.js";
import resourceNameUniqueAcrossDefinitionVersions from "./checks/resource-name-unique-across-definition-versions.js";
import resourceObserveIsTenantIsolated from "./checks/resource-observe-is-tenant-isolated.js";
import resourceReadIsTenantIsolated from "./checks/resource-read-is-tenant-isolated.js";
import resourceUpdateIsTenantIsolated from "./checks/resource-update-is-tenant-isolated.js";
import revisionEtagExact from "./checks/revision-etag-exact.js";
import revisionRoleUpdateRejected from "./checks/revision-role-update-rejected.js";
import sameKindTwoGroups from "./checks/same-kind-two-groups.js";
import spaceIdGrammarEnforced from "./checks/space-id-grammar-enforced.js";
import specChangeBumpsGeneration from "./checks/spec-change-bumps-generation.js";
import sqliteMigrationLedgerReadiness from "./checks/sqlite-migration-ledger-readiness.js";
import staleGenerationRejected from "./checks/stale-generation-rejected.js";
import stalePrepareRejected from "./checks/stale-prepare-rejected.js";
import staleRevisionRejected from "./checks/stale-revision-rejected.js";
import staticAssetSpaPaths from "./checks/static-asset-spa-paths.js";
import statusChangeBumpsRevisionNotGeneration from "./checks/status-change-bumps-revision-not-generation.js";
import supportProfilesPresent from "./checks/support-profiles-present.js";
import twoDefinitionVersionsAnswerIndependently from "./checks/two-definition-versions-answer-independently.js";
import unauthenticatedRequestRefused from "./checks/unauthenticated-request-refused.js";
import undeclaredRuntimeHandlerRejected from "./checks/undeclared-runtime-handler-rejected.js";
import updateGenerationFence from "./checks/update-generation-fence.js";
import uploadSessionBoundToItsCreatingPrincipal from "./checks/upload-session-bound-to-its-creating-principal.js";
import validateAcceptsCanonical from "./checks/validate-accepts-canonical.js";
import validateRejectsNegativeFixtures from "./checks/validate-rejects-negative-fixtures.js";
import workerEndpointAddressIsHostAssigned from "./checks/worker-endpoint-address-is-host-assigned.js";
import workerEndpointAddressIsStableForItsUid from "./checks/worker-endpoint-address-is-stable-for-its-uid.js";
import workerEndpointFollowsTheActiveDeployment from "./checks/worker-endpoint-follows-the-active-deployment.js";
import workerEndpointSinglePerWorker from "./checks/worker-endpoint-single-per-worker.js";
import workerReadinessFollowsTheActiveDeployment from "./checks/worker-readiness-follows-the-active-deployment.js";

/** Checks of our own, for rules of the spec the required list does not name. */
export const OWN_CHECKS = [
  "client-input-never-yields-server-error",
  "portable-defaults-materialized",
  "request-body-is-raw-first-i-json",
  "resource-name-unique-across-definition-versions",
  "environment-namespace-is-single",
  "deployment-version-not-ready-rejected",
  "worker-readiness-follows-the-active-deployment",
  "inbound-service-binding-requires-a-serving-worker",
  "attachment-gate-holds-in-both-directions",
  "relation-drift-recovered-by-apply",
  "binding-verification-steps-and-codes",
  "declared-handler-not-exported-rejected-on-uploaded-bundle",
] as const;

export type OwnCheck = (typeof OWN_CHECKS)[number];
export type CheckName = RequiredCheck | OwnCheck;

/** Annotated (not only `satisfies`): an entry stays a Check, so pending is representable when every check is implemented. */
export const REGISTRY: { [K in RequiredCheck]: Check } & Record<OwnCheck, Check> = {
  "discovery-exact": discoveryExact,
  "unauthenticated-request-refused": unauthenticatedRequestRefused,
  "forms-exact-availability": formsExactAvailability,
  "form-definition-exact": formDefinitionExact,
  "validate-accepts-canonical": validateAcceptsCanonical,
  "validate-rejects-negative-fixtures": validateRejectsNegativeFixtures,
  "prepare-binds-exact-spec": prepareBindsExactSpec,
  "prepare-substitution-rejected": prepareSubstitutionRejected,
  "apply-create-uid-minted": applyCreateUidMinted,
  "apply-headers-required": applyHeadersRequired,
  "apply-idempotency-replay": applyIdempotencyReplay,
  "replay-record-retires-with-its-incarnation": replayRecordRetiresWithItsIncarnation,
  "create-conflict-when-exists": createConflictWhenExists,
  "update-generation-fence": updateGenerationFence,
  "stale-generation-rejected": staleGenerationRejected,
  "revision-etag-exact": revisionEtagExact,
  "observe-fence-exact": observeFenceExact,
  "status-change-bumps-revision-not-generation": statusChangeBumpsRevisionNotGeneration,
  "spec-change-bumps-generation": specChangeBumpsGeneration,
  "delete-generation-fence": deleteGenerationFence,
  "delete-revision-fence": deleteRevisionFence,
  "stale-revision-rejected": staleRevisionRejected,
  "delete-then-recreate-uid-changes": deleteThenRecreateUidChanges,
  "expected-uid-mismatch-rejected": expectedUidMismatchRejected,
  "package-digest-not-identity": packageDigestNotIdentity,
  "same-kind-two-groups": sameKindTwoGroups,
  "revision-role-update-rejected": revisionRoleUpdateRejected,
  "no-update-spec-change-rejected": noUpdateSpecChangeRejected,
  "binding-target-missing-404-before-mutation": bindingTargetMissing404BeforeMutation,
  "dependency-in-use-on-bound-target-delete": dependencyInUseOnBoundTargetDelete,
  "relation-target-missing-rejected": relationTargetMissingRejected,
  "relation-target-deletion-blocked": relationTargetDeletionBlocked,
  "relation-incarnation-change-detected": relationIncarnationChangeDetected,
  "relation-reapply-repins": relationReapplyRepins,
  "binding-contract-verified": bindingContractVerified,
  "async-operation-flow": asyncOperationFlow,
  "operation-replay-terminal": operationReplayTerminal,
  "operation-resumable-after-settlement": operationResumableAfterSettlement,
  "operation-cancel": operationCancel,
  "exact-form-ref-fails-closed-on-unknown-definition": exactFormRefFailsClosedOnUnknownDefinition,
  "artifact-upload-missing-blob": artifactUploadMissingBlob,
  "artifact-digest-mismatch": artifactDigestMismatch,
  "artifact-commit-idempotent": artifactCommitIdempotent,
  "artifact-then-bundle-apply": artifactThenBundleApply,
  "support-profiles-present": supportProfilesPresent,
  "error-envelope-taxonomy": errorEnvelopeTaxonomy,
  "cross-space-isolation": crossSpaceIsolation,
  "cross-principal-idempotency-isolation": crossPrincipalIdempotencyIsolation,
  "prepare-requires-update-fence": prepareRequiresUpdateFence,
  "stale-prepare-rejected": stalePrepareRejected,
  "condition-reason-closed": conditionReasonClosed,
  "space-id-grammar-enforced": spaceIdGrammarEnforced,
  "concurrent-unrelated-mutation": concurrentUnrelatedMutation,
  "async-commit-revalidates": asyncCommitRevalidates,
  "async-commit-binds-the-accepted-identity": asyncCommitBindsTheAcceptedIdentity,
  "import-adopts-native-resource": importAdoptsNativeResource,
  "import-validates-like-apply": importValidatesLikeApply,
  "import-claims-its-native-identity": importClaimsItsNativeIdentity,
  "import-records-its-native-identity": importRecordsItsNativeIdentity,
  "deployment-weight-sum-enforced": deploymentWeightSumEnforced,
  "deployment-single-active-per-worker": deploymentSingleActivePerWorker,
  "deployment-version-ownership": deploymentVersionOwnership,
  "deployment-version-duplicate-rejected": deploymentVersionDuplicateRejected,
  "attachment-requires-active-deployment": attachmentRequiresActiveDeployment,
  "handler-gated-attachments": handlerGatedAttachments,
  "binding-name-collision-rejected": bindingNameCollisionRejected,
  "deployment-change-preserves-dependents": deploymentChangePreservesDependents,
  "deployment-delete-blocked-by-dependent": deploymentDeleteBlockedByDependent,
  "deployment-delete-blocked-by-inbound-binding": deploymentDeleteBlockedByInboundBinding,
  "dependent-revision-advances-with-rendering": dependentRevisionAdvancesWithRendering,
  "delete-fence-survives-derived-rendering": deleteFenceSurvivesDerivedRendering,
  "artifact-manifest-reject-list": artifactManifestRejectList,
  "artifact-commit-binds-declared-size": artifactCommitBindsDeclaredSize,
  "artifact-manifest-kind-exclusive": artifactManifestKindExclusive,
  "bundle-main-module-is-loadable": bundleMainModuleIsLoadable,
  "artifact-retention-while-referenced": artifactRetentionWhileReferenced,
  "namespaced-group-travels-as-two-path-segments": namespacedGroupTravelsAsTwoPathSegments,
  "operation-bound-to-its-creating-principal": operationBoundToItsCreatingPrincipal,
  "upload-session-bound-to-its-creating-principal": uploadSessionBoundToItsCreatingPrincipal,
  "artifact-digest-is-not-a-capability": artifactDigestIsNotACapability,
  "manifest-reference-is-not-a-capability": manifestReferenceIsNotACapability,
  "static-asset-spa-paths": staticAssetSpaPaths,
  "sqlite-migration-ledger-readiness": sqliteMigrationLedgerReadiness,
  "module-worker-runtime-contract-advertised": moduleWorkerRuntimeContractAdvertised,
  "undeclared-runtime-handler-rejected": undeclaredRuntimeHandlerRejected,
  "declared-handler-not-exported-rejected": declaredHandlerNotExportedRejected,
  "edge-interface-contracts-advertised": edgeInterfaceContractsAdvertised,
  "cron-grammar-enforced": cronGrammarEnforced,
  "queue-single-consumer-enforced": queueSingleConsumerEnforced,
  "custom-domain-hostname-canonicalized": customDomainHostnameCanonicalized,
  "custom-domain-hostname-claim-unique": customDomainHostnameClaimUnique,
  "custom-domain-hostname-claim-stops-at-the-tenant": customDomainHostnameClaimStopsAtTheTenant,
  "dead-letter-cycle-rejected": deadLetterCycleRejected,
  "attachment-claim-decided-on-import": attachmentClaimDecidedOnImport,
  "attachment-claim-revalidated-at-commit": attachmentClaimRevalidatedAtCommit,
  "custom-domain-u-label-refused": customDomainULabelRefused,
  "two-definition-versions-answer-independently": twoDefinitionVersionsAnswerIndependently,
  "resource-answers-only-under-its-recorded-form-ref": resourceAnswersOnlyUnderItsRecordedFormRef,
  "relation-target-form-ref-verified": relationTargetFormRefVerified,
  "relation-target-interface-verified": relationTargetInterfaceVerified,
  "relation-pin-records-target-form-ref": relationPinRecordsTargetFormRef,
  "worker-endpoint-address-is-host-assigned": workerEndpointAddressIsHostAssigned,
  "worker-endpoint-single-per-worker": workerEndpointSinglePerWorker,
  "worker-endpoint-follows-the-active-deployment": workerEndpointFollowsTheActiveDeployment,
  "worker-endpoint-address-is-stable-for-its-uid": workerEndpointAddressIsStableForItsUid,
  "form-declared-outputs-are-exact": formDeclaredOutputsAreExact,
  "resource-address-is-tenant-scoped": resourceAddressIsTenantScoped,
  "resource-read-is-tenant-isolated": resourceReadIsTenantIsolated,
  "resource-observe-is-tenant-isolated": resourceObserveIsTenantIsolated,
  "resource-update-is-tenant-isolated": resourceUpdateIsTenantIsolated,
  "resource-import-is-tenant-isolated": resourceImportIsTenantIsolated,
  "resource-delete-is-tenant-isolated": resourceDeleteIsTenantIsolated,
  "relation-resolution-is-tenant-scoped": relationResolutionIsTenantScoped,
  "prepare-is-tenant-scoped": prepareIsTenantScoped,
  "idempotency-is-tenant-scoped": idempotencyIsTenantScoped,
  "each-tenant-mutates-its-own-plane": eachTenantMutatesItsOwnPlane,
  "client-input-never-yields-server-error": clientInputNeverYieldsServerError,
  "portable-defaults-materialized": portableDefaultsMaterialized,
  "request-body-is-raw-first-i-json": requestBodyIsRawFirstIJson,
  "resource-name-unique-across-definition-versions": resourceNameUniqueAcrossDefinitionVersions,
  "environment-namespace-is-single": environmentNamespaceIsSingle,
  "deployment-version-not-ready-rejected": deploymentVersionNotReadyRejected,
  "worker-readiness-follows-the-active-deployment": workerReadinessFollowsTheActiveDeployment,
  "inbound-service-binding-requires-a-serving-worker": inboundServiceBindingRequiresAServingWorker,
  "attachment-gate-holds-in-both-directions": attachmentGateHoldsInBothDirections,
  "relation-drift-recovered-by-apply": relationDriftRecoveredByApply,
  "binding-verification-steps-and-codes": bindingVerificationStepsAndCodes,
  "declared-handler-not-exported-rejected-on-uploaded-bundle": declaredHandlerNotExportedRejectedOnUploadedBundle,
};

/** Names of the checks registered as pending. */
export function pendingChecks(): CheckName[] {
  return (Object.keys(REGISTRY) as CheckName[]).filter((n) => REGISTRY[n].kind === "pending");
}
