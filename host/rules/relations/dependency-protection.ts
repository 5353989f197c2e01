// Dependency protection (Host API v1beta1). Deleting a resource that any stored relation references
// by uid fails dependency_in_use; a resource referencing itself does not block its own deletion.
// The host re-runs this at commit of an accepted delete, against the incarnation it accepted.

import type { Holder } from "./view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

export function dependencyProtection(targetUid: string, holders: readonly Holder[]): RuleOutcome {
  const blocking = holders.filter((h) => h.uid !== targetUid && h.record.targetUid === targetUid);
  if (blocking.length === 0) return accept();
  const named = blocking
    .slice(0, 8)
    .map((h) => `${h.formRef.kind} "${h.name}" (space ${h.space}, ${h.record.pointer})`)
    .join(", ");
  return refuse(
    "dependency_in_use",
    `still referenced by ${blocking.length} live resource${blocking.length === 1 ? "" : "s"}: ${named}${blocking.length > 8 ? ", …" : ""}`,
  );
}
