// Lifecycle, validate: "diagnostics only, no mutation, no digest". validate carries a name and
// resolves none (Tenant isolation): it reads no stored resource, so its answer cannot depend on
// any tenant's state.

import type { ResourceRequest } from "../../wire/resource-request.js";
import { admitSpec } from "../admission/admit-spec.js";
import type { HostContext, LifecycleResponse } from "../context.js";

export function validateResource(ctx: HostContext, request: ResourceRequest): LifecycleResponse {
  const admitted = admitSpec(ctx, request);
  const diagnostics = admitted.diagnostics.map((diagnostic) => {
    const out: Record<string, string> = { severity: diagnostic.severity };
    if (diagnostic.field !== undefined) out.field = diagnostic.field;
    out.message = diagnostic.message;
    return out;
  });
  const valid = !admitted.diagnostics.some((diagnostic) => diagnostic.severity === "error");
  return { status: 200, body: JSON.stringify({ valid, diagnostics }) };
}
