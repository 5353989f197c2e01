// The registry of the runtime ABI runner: one entry per required check of runtime-abi-v1, typed
// exhaustively over the closed list (contract.ts RUNTIME_ABI_CHECKS): a missing or extra name is a
// compile error, and the corpus loader refuses a contract whose list differs.

import type { RuntimeCheck } from "./check.js";
import type { RuntimeCheckName } from "./contract.js";
import moduleLoadsAndExportsAreDerivedFromBytes from "./checks/module-loads-and-exports-are-derived-from-bytes.js";
import unsupportedModuleMediaTypeRefused from "./checks/unsupported-module-media-type-refused.js";
import mainModuleMissingRefused from "./checks/main-module-missing-refused.js";
import unparseableModuleRefused from "./checks/unparseable-module-refused.js";
import declaredHandlerNotExportedRefused from "./checks/declared-handler-not-exported-refused.js";
import fetchReceivesRequestEnvAndContext from "./checks/fetch-receives-request-env-and-context.js";
import fetchReturnsAResponse from "./checks/fetch-returns-a-response.js";
import fetchUncaughtThrowIsAHostGeneratedResponse from "./checks/fetch-uncaught-throw-is-a-host-generated-response.js";
import environmentProjectsExactlyTheDeclaredNames from "./checks/environment-projects-exactly-the-declared-names.js";
import globalsFloorPresent from "./checks/globals-floor-present.js";
import kvBindingRoundTripsBytesThroughEnv from "./checks/kv-binding-round-trips-bytes-through-env.js";
import requestBodyStreamsRatherThanBuffering from "./checks/request-body-streams-rather-than-buffering.js";
import responseBodyStreamsRatherThanBuffering from "./checks/response-body-streams-rather-than-buffering.js";
import serviceRequestBodyStreamsToTheCallee from "./checks/service-request-body-streams-to-the-callee.js";
import serviceResponseBodyStreamsFromTheCallee from "./checks/service-response-body-streams-from-the-callee.js";
import waitUntilHoldsTheIsolateAndARejectionLeavesTheResponseAlone from "./checks/wait-until-holds-the-isolate-and-a-rejection-leaves-the-response-alone.js";
import scheduledInvokedByTheHostCronAttachment from "./checks/scheduled-invoked-by-the-host-cron-attachment.js";
import queueBatchDeliveredToTheQueueHandler from "./checks/queue-batch-delivered-to-the-queue-handler.js";

export const RUNTIME_REGISTRY: { readonly [N in RuntimeCheckName]: RuntimeCheck } = {
  "module-loads-and-exports-are-derived-from-bytes": moduleLoadsAndExportsAreDerivedFromBytes,
  "unsupported-module-media-type-refused": unsupportedModuleMediaTypeRefused,
  "main-module-missing-refused": mainModuleMissingRefused,
  "unparseable-module-refused": unparseableModuleRefused,
  "declared-handler-not-exported-refused": declaredHandlerNotExportedRefused,
  "fetch-receives-request-env-and-context": fetchReceivesRequestEnvAndContext,
  "fetch-returns-a-response": fetchReturnsAResponse,
  "fetch-uncaught-throw-is-a-host-generated-response": fetchUncaughtThrowIsAHostGeneratedResponse,
  "environment-projects-exactly-the-declared-names": environmentProjectsExactlyTheDeclaredNames,
  "globals-floor-present": globalsFloorPresent,
  "kv-binding-round-trips-bytes-through-env": kvBindingRoundTripsBytesThroughEnv,
  "request-body-streams-rather-than-buffering": requestBodyStreamsRatherThanBuffering,
  "response-body-streams-rather-than-buffering": responseBodyStreamsRatherThanBuffering,
  "service-request-body-streams-to-the-callee": serviceRequestBodyStreamsToTheCallee,
  "service-response-body-streams-from-the-callee": serviceResponseBodyStreamsFromTheCallee,
  "wait-until-holds-the-isolate-and-a-rejection-leaves-the-response-alone": waitUntilHoldsTheIsolateAndARejectionLeavesTheResponseAlone,
  "scheduled-invoked-by-the-host-cron-attachment": scheduledInvokedByTheHostCronAttachment,
  "queue-batch-delivered-to-the-queue-handler": queueBatchDeliveredToTheQueueHandler,
};
