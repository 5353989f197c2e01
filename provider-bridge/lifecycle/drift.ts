// Relation drift as the host renders it (Ready=False with ExternalChange or
// DependencyMissing): a warning naming the relation and the remedy, never a
// failed refresh; the plan then carries an apply that re-pins the target.
import { warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { CtyObject } from "../wire/value.js";
import { conditionsOfStatus } from "../state/status-json.js";

export const DRIFT_REASONS = ["ExternalChange", "DependencyMissing"] as const;

export interface DriftFinding {
  reason: string;
  message: string;
  hostReason: string;
}

export function driftOf(state: CtyObject | null): DriftFinding[] {
  const out: DriftFinding[] = [];
  for (const c of conditionsOfStatus(state?.["status_json"])) {
    const reason = typeof c["reason"] === "string" ? c["reason"] : "";
    if (c["status"] === "True" || !(DRIFT_REASONS as readonly string[]).includes(reason)) continue;
    out.push({
      reason,
      message: typeof c["message"] === "string" ? c["message"] : "",
      hostReason: typeof c["host_reason"] === "string" ? c["host_reason"] : "",
    });
  }
  return out;
}

/** The relation pointers a finding names ("/worker uid a->b ..." or "relation /worker: ..."). */
function relationsNamed(f: DriftFinding): string[] {
  const names = new Set<string>();
  for (const m of `${f.hostReason} ${f.message}`.matchAll(/(?:^|relation |\s)(\/[A-Za-z0-9_~/-]+)/g)) names.add(m[1]!);
  return [...names];
}

export function driftWarnings(identity: string, findings: DriftFinding[], updatable: boolean): Diagnostic[] {
  return findings.map((f) => {
    const rel = relationsNamed(f);
    const which = rel.length > 0 ? `relation ${rel.join(", ")}` : "a relation";
    const remedy =
      f.reason === "DependencyMissing"
        ? "Re-create the missing target (Terraform plans it when it is in this configuration), then apply so the host pins it again."
        : "Apply to pin the current target again (planned below).";
    const extra = updatable ? "" : " This Form cannot be updated in place, so replace the resource (terraform apply -replace) to re-pin it.";
    return warningDiag(`${identity}: ${which} drifted (${f.reason})`, `${f.message}${f.hostReason ? ` [${f.hostReason}]` : ""}\n\n${remedy}${extra}`);
  });
}
