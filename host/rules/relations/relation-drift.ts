// Incarnation change (Host API v1beta1; decision 0022 rule 8). On read and observe, each stored
// relation is looked up again BY NAME in the source's space and compared with its pin:
//   nothing there                          -> Ready=False DependencyMissing
//   another uid, or another exact FormRef  -> Ready=False ExternalChange
// The relation is never re-bound. hostReason names the pointer, both uids and both refs; the wire
// bounds hostReason to 256 characters, so it carries the compact ref form (kind@version#digest
// prefix) and the message carries every drifted relation with full refs.

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import type { RelationRecord, RelationView, RenderedCondition } from "./view.js";
import { describeFormRef, sameFormRef, shortFormRef } from "./refs.js";

export const HOST_REASON_MAX = 256;

export interface DriftFinding {
  pointer: string;
  reason: "ExternalChange" | "DependencyMissing";
  pinnedUID: string;
  currentUID?: string;
  pinnedFormRef: ExactFormRef;
  currentFormRef?: ExactFormRef;
}

export type DriftRendering = { drifted: false } | { drifted: true; condition: RenderedCondition; findings: DriftFinding[] };

export function relationDrift(space: string, records: readonly RelationRecord[], view: Pick<RelationView, "resolve">): DriftRendering {
  const findings: DriftFinding[] = [];
  for (const record of records) {
    const current = view.resolve(space, record.targetApiVersion, record.targetKind, record.targetName);
    const base = { pointer: record.pointer, pinnedUID: record.targetUid, pinnedFormRef: record.targetFormRef };
    if (current === undefined) {
      findings.push({ ...base, reason: "DependencyMissing" });
    } else if (current.uid !== record.targetUid || !sameFormRef(current.formRef, record.targetFormRef)) {
      findings.push({ ...base, reason: "ExternalChange", currentUID: current.uid, currentFormRef: current.formRef });
    }
  }
  const first = findings[0];
  if (first === undefined) return { drifted: false };
  return {
    drifted: true,
    findings,
    condition: {
      type: "Ready",
      status: "False",
      reason: first.reason,
      hostReason: hostReasonOf(first),
      message: findings.map(messageOf).join("; ").slice(0, 4096),
    },
  };
}

function hostReasonOf(f: DriftFinding): string {
  const now = f.currentFormRef === undefined ? "none" : shortFormRef(f.currentFormRef);
  const text = `${f.pointer} uid ${f.pinnedUID}->${f.currentUID ?? "none"} ref ${shortFormRef(f.pinnedFormRef)}->${now}`;
  return text.length <= HOST_REASON_MAX ? text : text.slice(0, HOST_REASON_MAX - 1) + "…";
}

function messageOf(f: DriftFinding): string {
  const pinned = `pinned uid ${f.pinnedUID} under ${describeFormRef(f.pinnedFormRef)}`;
  if (f.reason === "DependencyMissing") {
    return `relation ${f.pointer}: target no longer exists (${pinned}; now uid none, ref none); re-create it, then re-apply`;
  }
  return (
    `relation ${f.pointer}: target changed (${pinned}; now uid ${f.currentUID} under ${describeFormRef(f.currentFormRef as ExactFormRef)}); ` +
    `re-apply to pin the current target`
  );
}
