// Support profiles (check: undeclared-runtime-handler-rejected): "A WorkerVersion declaring a
// handler the runtime contract does not define MUST be refused before any mutation ... decidable
// from the spec alone and is refused on validate, prepare, and apply alike."
//
// The vocabulary is read from the installed runtime contract, not from the Form's own enum, so a
// desired schema that drifted laxer still cannot admit a handler no conforming runtime invokes.

import type { ExactFormRef, JsonObject } from "../../../corpus/lib/index.js";
import type { Diagnostic } from "../../catalog/host-form.js";
import type { RuntimeContract } from "./runtime-contract.js";
import { EDGE_GROUP } from "../../../corpus/lib/index.js";

/** Forms whose top-level field names the module handlers a version exports. */
export const HANDLER_FIELDS: readonly { apiVersion: string; kind: string; field: string }[] = [
  { apiVersion: EDGE_GROUP, kind: "WorkerVersion", field: "handlers" },
];

export function undeclaredRuntimeHandler(ref: ExactFormRef, spec: JsonObject, runtime: RuntimeContract | undefined): Diagnostic | undefined {
  const entry = HANDLER_FIELDS.find((candidate) => candidate.apiVersion === ref.apiVersion && candidate.kind === ref.kind);
  if (entry === undefined || runtime === undefined) return undefined;
  const declared = spec[entry.field];
  if (!Array.isArray(declared)) return undefined;
  for (const [index, handler] of declared.entries()) {
    if (typeof handler === "string" && runtime.handlers.includes(handler)) continue;
    return {
      severity: "error",
      field: `/${entry.field}/${index}`,
      message:
        `handler ${JSON.stringify(handler)} is not defined by the runtime contract ` +
        `${runtime.ref.name}@${runtime.ref.version} (${runtime.ref.schemaDigest}), which defines exactly: ` +
        runtime.handlers.join(", "),
    };
  }
  return undefined;
}
