// Shared wire rules, "Idempotency-key namespacing": every fenced mutation request (apply,
// import, observe, delete) carries an Idempotency-Key (check: apply-headers-required).

import { refuse, type HostError } from "../../errors.js";

const KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKey(header: string | undefined, action: string): string | HostError {
  if (header === undefined) return refuse.invalid_argument(`${action} requires an Idempotency-Key header`);
  if (!KEY.test(header)) {
    return refuse.invalid_argument("Idempotency-Key must be 1 to 255 visible ASCII characters");
  }
  return header;
}
