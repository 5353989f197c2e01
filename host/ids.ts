// Injectable identifier sources: host-issued resource uids and per-request ids.

import { randomFillSync, randomUUID } from "node:crypto";
import { v7 as timeOrderedUuid } from "uuid";

export interface Ids {
  /** A fresh host-issued uid (wire grammar ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$). Never reused. */
  uid(): string;
  /** A fresh request id for error envelopes and the request log. */
  requestId(): string;
}

/** Random bytes for uids, read from the system 4 KiB at a time: one getrandom call per 256 uids, not one per uid. */
const entropy = new Uint8Array(4096);
let entropyAt = entropy.length;

function sixteenRandomBytes(): Uint8Array {
  if (entropyAt + 16 > entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  return entropy.subarray(entropyAt, (entropyAt += 16));
}

/** The timestamp and counter of the last uid (RFC 9562 section 6.2, method 1, as uuid's own v7() keeps them). */
const clock = { msecs: -Infinity, seq: 0 };

/**
 * A fresh UUIDv7. Given its random bytes, uuid's v7() no longer keeps its own counter, so this keeps
 * it the same way: a new millisecond seeds the 31-bit counter from random bits, a uid minted in the
 * same millisecond (or after the clock stepped back) takes the counter plus one, and a wrapped
 * counter moves the timestamp on.
 */
function timeOrderedUid(): string {
  const random = sixteenRandomBytes();
  const now = Date.now();
  if (now > clock.msecs) {
    clock.msecs = now;
    clock.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    clock.seq = (clock.seq + 1) | 0;
    if (clock.seq === 0) clock.msecs++;
  }
  return timeOrderedUuid({ random, msecs: clock.msecs, seq: clock.seq });
}

/**
 * uids are UUIDv7 (RFC 9562: a millisecond timestamp, then 74 random bits): unique like a random
 * UUID, and ordered by creation, so the store's key index takes a create's uid row next to the
 * last one instead of at a random page (docs/decisions/0296-time-ordered-uids.md).
 */
export const randomIds: Ids = {
  uid: timeOrderedUid,
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
