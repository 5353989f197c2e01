// The Ready condition a host renders from other resources (relation drift, Worker readiness), and
// what it must name. The upstream runner requires each FormRef's definitionVersion and FULL
// schemaDigest in hostReason; its reference host fits them by exceeding the wire schema's
// 256-character hostReason bound. A host that keeps to the schema cannot always do that, so here the
// full ref (definitionVersion and the entire schemaDigest) must appear in the condition -- in
// hostReason, or in message (4096 characters) -- and hostReason must still name the pointer, every
// uid, and each ref by definitionVersion and the first 12 hex digits of its digest
// (docs/decisions/0081, 0212).

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { fail, show } from "../assert.js";
import type { Live, ResourceBody } from "../lifecycle.js";

export type Condition = ResourceBody["status"]["conditions"][number];

export function readyOf(live: Live): Condition | undefined {
  return live.body.status.conditions.find((c) => c.type === "Ready");
}

function describe(c: Condition | undefined): string {
  if (!c) return "no Ready condition";
  return `Ready=${c.status}/${c.reason}${c.hostReason ? ` hostReason ${show(c.hostReason)}` : ""}`;
}

/** Ready has exactly this status and reason. */
export function expectReady(live: Live, status: "True" | "False", reason: string, what: string): Condition {
  const ready = readyOf(live);
  if (!ready || ready.status !== status || ready.reason !== reason) {
    fail(`${what}: expected ${live.ref.kind} ${live.name} to report Ready=${status}/${reason}, got ${describe(ready)}`);
  }
  return ready;
}

/** Ready is True (whatever the portable reason). */
export function expectReadyTrue(live: Live, what: string): Condition {
  const ready = readyOf(live);
  if (!ready || ready.status !== "True") fail(`${what}: expected ${live.ref.kind} ${live.name} to report Ready=True, got ${describe(ready)}`);
  return ready;
}

/** The short text a ref is recognised by inside a bounded hostReason. */
export function refMarks(ref: ExactFormRef): string[] {
  return [ref.definitionVersion, ref.schemaDigest.replace(/^sha256:/, "").slice(0, 12)];
}

export interface DriftEvidence {
  /** The relation pointer (concrete), or alternatives (concrete and derived). */
  pointer: string | readonly string[];
  /** The pinned uid and, for ExternalChange, the current one. */
  uids: readonly string[];
  /** The pinned exact ref and, for ExternalChange, the current one. */
  refs: readonly ExactFormRef[];
}

/** Ready=False with `reason`, and a hostReason naming the pointer, every uid and every ref. */
export function expectDrift(live: Live, reason: "ExternalChange" | "DependencyMissing", evidence: DriftEvidence, what: string): Condition {
  const ready = expectReady(live, "False", reason, what);
  const text = ready.hostReason ?? "";
  if (!text) fail(`${what}: the ${reason} condition carries no hostReason; it must name the relation pointer, both uids and both exact FormRefs`);
  const pointers = typeof evidence.pointer === "string" ? [evidence.pointer] : evidence.pointer;
  if (!pointers.some((p) => text.includes(p)))
    fail(`${what}: hostReason ${show(text)} does not name the relation pointer ${pointers.map((p) => show(p)).join(" or ")}`);
  for (const uid of evidence.uids) {
    if (!text.includes(uid)) fail(`${what}: hostReason ${show(text)} does not name uid ${uid}`);
  }
  const whole = `${text}\n${ready.message ?? ""}`;
  for (const ref of evidence.refs) {
    const missing = refMarks(ref).filter((m) => !text.includes(m));
    if (missing.length)
      fail(
        `${what}: hostReason ${show(text)} does not name the FormRef ${ref.kind}@${ref.definitionVersion} (${ref.schemaDigest}): missing ${missing.join(", ")}`,
      );
    if (!whole.includes(ref.schemaDigest))
      fail(
        `${what}: neither hostReason ${show(text)} nor message ${show(ready.message)} names the full schemaDigest ${ref.schemaDigest} of ${ref.kind}@${ref.definitionVersion}`,
      );
  }
  return ready;
}

/** a > b for the decimal-string counters of the wire. */
export function advanced(after: string, before: string): boolean {
  return BigInt(after) > BigInt(before);
}
