// Resource identity, "A replay record does not outlive the incarnation it reports" (checks:
// apply-idempotency-replay, replay-record-retires-with-its-incarnation, decision 0011), with the
// fingerprint rule of the Shared wire rules.
//
// - A record bound to a uid is RETIRED once that incarnation no longer exists: the request is
//   executed as the new request it is. Retirement is by incarnation, never by name.
// - A record bound to nothing (a successful delete, every refusal) keeps replaying.
// - A live record answered for a different fingerprint is a reused key: invalid_argument.
// - An expired record (host retention window) is simply absent.

import { refuse, type HostError } from "../../errors.js";
import type { ReplayRecord } from "../../store/records.js";

export type ReplayDecision = { action: "execute" } | { action: "replay"; record: ReplayRecord } | HostError;

export function replayDecision(record: ReplayRecord | undefined, fingerprint: string, now: Date, boundUidIsLive: boolean): ReplayDecision {
  if (record === undefined) return { action: "execute" };
  if (Date.parse(record.expiresAt) <= now.getTime()) return { action: "execute" };
  if (record.boundUid !== undefined && !boundUidIsLive) return { action: "execute" };
  if (record.fingerprint !== fingerprint) {
    return refuse.invalid_argument("this Idempotency-Key was already used for a different request");
  }
  return { action: "replay", record };
}
