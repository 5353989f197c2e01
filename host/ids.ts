// Injectable identifier sources: host-issued resource uids and per-request ids.

import { randomUUID } from "node:crypto";
import { v7 as timeOrderedUuid } from "uuid";

export interface Ids {
  /** A fresh host-issued uid (wire grammar ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$). Never reused. */
  uid(): string;
  /** A fresh request id for error envelopes and the request log. */
  requestId(): string;
}

/**
 * uids are UUIDv7 (RFC 9562: a millisecond timestamp, then 74 random bits): unique like a random
 * UUID, and ordered by creation, so the store's key index takes a create's uid row next to the
 * last one instead of at a random page (docs/decisions/0296-time-ordered-uids.md).
 */
export const randomIds: Ids = {
  uid: () => timeOrderedUuid(),
  requestId: () => "req-" + randomUUID(),
};

/** Deterministic ids for tests: uid-1, uid-2, ... and req-1, req-2, ... */
export function counterIds(prefix = ""): Ids {
  let uids = 0;
  let requests = 0;
  return {
    uid: () => `${prefix}uid-${++uids}`,
    requestId: () => `${prefix}req-${++requests}`,
  };
}
