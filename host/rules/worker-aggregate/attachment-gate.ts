// Attachment gate (decision 0016). An inward activation is admitted against the worker's ACTIVE
// DEPLOYMENT: every version it weights must export the handler the attachment's events invoke
// (custom domain and endpoint: fetch; cron trigger: scheduled; queue consumer: queue). No
// deployment, or a weighted version without the handler, is unsupported_capability.

import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { ATTACHMENT_HANDLER, versionsMissing, type DeploymentServing, type WorkerIdentity } from "./aggregate.js";

export interface AttachmentGateInput {
  attachmentKind: string;
  worker: WorkerIdentity;
  /** The worker's active deployment, or undefined when it has none. */
  deployment: DeploymentServing | undefined;
}

export function attachmentGate(input: AttachmentGateInput): RuleOutcome {
  const handler = ATTACHMENT_HANDLER[input.attachmentKind];
  if (handler === undefined) return accept();
  if (input.deployment === undefined) {
    return refuse(
      "unsupported_capability",
      `/worker: worker "${input.worker.name}" has no active deployment, so nothing serves the ${handler} handler a ${input.attachmentKind} invokes`,
      "/worker",
    );
  }
  const missing = versionsMissing(input.deployment, handler);
  if (missing.length === 0) return accept();
  return refuse(
    "unsupported_capability",
    `/worker: the active deployment "${input.deployment.name}" of worker "${input.worker.name}" weights ` +
      `${missing.map((v) => `WorkerVersion "${v.name}"`).join(", ")}, which do${missing.length === 1 ? "es" : ""} not export ${handler}; ` +
      `a ${input.attachmentKind} needs every weighted version to export it`,
    "/worker",
  );
}
