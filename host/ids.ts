// Injectable identifier sources: host-issued resource uids and per-request ids.

import { randomUUID } from "node:crypto";

export interface Ids {
  /** A fresh host-issued uid (wire grammar ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$). Never reused. */
  uid(): string;
  /** A fresh request id for error envelopes and the request log. */
  requestId(): string;
}

export const randomIds: Ids = {
  uid: () => randomUUID(),
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
