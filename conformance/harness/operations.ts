// Which wire document answers which operation of the operation table, by status.

import { fail } from "./assert.js";
import { describeResponse, type HostResponse } from "./http.js";
import type { WireDocument } from "./wire-schemas.js";

export type Operation =
  | "discovery"
  | "forms"
  | "form-definition"
  | "validate"
  | "prepare"
  | "apply"
  | "read"
  | "import"
  | "observe"
  | "delete"
  | "operation"
  | "operation-cancel"
  | "artifact-upload-start"
  | "artifact-blob-upload"
  | "artifact-commit"
  | "artifact-manifest-read"
  | "artifact-blob-head"
  | "artifact-upload-abandon"
  | "support-forms"
  | "support-form"
  | "support-interface"
  | "support-binding"
  /** A request outside the table (a shape the lane does not have); only the error rules apply. */
  | "off-table";

const SUCCESS: Record<Operation, WireDocument | undefined> = {
  discovery: "discovery",
  forms: "formsResponse",
  "form-definition": "formDefinitionResponse",
  validate: "validateResponse",
  prepare: "prepareResponse",
  apply: "resourceResponse",
  read: "resourceResponse",
  import: "resourceResponse",
  observe: "resourceEnvelope",
  delete: undefined,
  operation: "operation",
  "operation-cancel": "operation",
  "artifact-upload-start": "artifactUploadStatus",
  "artifact-blob-upload": undefined,
  "artifact-commit": "artifactCommitResponse",
  "artifact-manifest-read": "artifactManifest",
  "artifact-blob-head": undefined,
  "artifact-upload-abandon": undefined,
  "support-forms": "supportProfilesResponse",
  "support-form": "supportProfile",
  "support-interface": "supportProfile",
  "support-binding": "supportProfile",
  "off-table": undefined,
};

const MAY_ACCEPT_ASYNC: ReadonlySet<Operation> = new Set(["apply", "import", "delete", "artifact-commit"]);

/** The document a successful answer of `op` with `status` must be, if any. */
export function documentFor(op: Operation, status: number): WireDocument | undefined {
  if (status === 202 && MAY_ACCEPT_ASYNC.has(op)) return "operationEnvelope";
  return SUCCESS[op];
}

export function assertNoServerError(res: HostResponse): void {
  if (res.status >= 500) fail(`host answered a server error to a client request: ${describeResponse(res)}`);
}
