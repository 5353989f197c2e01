// Plan-time host capability (reference decision 0031): during PlanResourceChange
// the provider reads the host's support profile for the exact FormRef the plan
// addresses and for every binding contract the planned values use (each at
// most once per configured provider), and refuses at plan what this host
// cannot carry. The comparison itself is capability-rules.ts.
import type { ProviderConfig } from "../config/provider-config.js";
import { bindingSupportPath, formSupportPath, type SupportAnswer } from "../client/support.js";
import { warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ResourceContext } from "../framework/resource.js";
import type { ExactFormRef } from "../model/types.js";
import type { CtyObject } from "../wire/value.js";
import { SOURCE_DIR } from "./artifact-plan.js";
import { localArtifact } from "./artifact-source.js";
import { bindingKey, capabilityDiagnostics, usedBindings } from "./capability-rules.js";
import { addressOf, connect, subjectOf, type Lifecycle } from "./context.js";
import { identityText } from "./host-diagnostics.js";

function bundleSize(lc: Lifecycle, planned: CtyObject): { bytes: number; files: number } | undefined {
  const src = planned[SOURCE_DIR];
  if (!lc.model.artifact || typeof src !== "string") return undefined;
  try {
    const artifact = localArtifact(lc.model.artifact.manifestKind, src);
    const entries = (artifact.manifest["modules"] ?? artifact.manifest["files"]) as { size: number }[];
    return { bytes: entries.reduce((sum, e) => sum + e.size, 0), files: entries.length };
  } catch {
    return undefined; // planArtifactSource already reported why the directory is unusable
  }
}

export async function checkHostCapability(lc: Lifecycle, ref: ExactFormRef, planned: CtyObject, ctx: ResourceContext<ProviderConfig>): Promise<Diagnostic[]> {
  if (!ctx.provider) return [];
  const conn = await connect(ctx);
  if ("error" in conn) {
    // A plan must not fail because it could not ASK (reference decision 0031): apply stays the backstop.
    return [
      warningDiag(
        `Cannot read the host's support profile for ${lc.model.kind}`,
        `${conn.error.detail}\n\nThe plan could not decide host capability for ${lc.model.typeName}; apply refuses what the host cannot do.`,
      ),
    ];
  }
  const support = conn.api.support;
  const used = usedBindings(lc.model, planned);
  const [form, ...bindingAnswers] = await Promise.all([
    support.get(formSupportPath(ref)),
    ...used.map((u) => support.get(bindingSupportPath(u.binding.name, u.binding.version))),
  ]);
  const bindings = new Map<string, SupportAnswer>(used.map((u, i) => [bindingKey(u.binding), bindingAnswers[i]!]));
  const space = planned["space"];
  const a = addressOf(ref, { ...planned, space: typeof space === "string" ? space : null }, ctx.provider);
  const who = identityText(subjectOf(lc, a, ""));
  const bundle = bundleSize(lc, planned);
  return capabilityDiagnostics({ model: lc.model, ref, planned, who, form: form!, bindings, ...(bundle ? { bundle } : {}) });
}
