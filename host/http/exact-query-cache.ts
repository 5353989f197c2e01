// The exact FormRef query of a name-addressed route, decoded once per distinct query: a client
// sends the same few queries again and again (one per Form it manages), so the strict decoding and
// the exact-query rules run on the first sight of each and a bounded map answers the rest. Only
// accepted queries are held, frozen, keyed by the path's group and kind and the raw query text;
// the rules are pure, so a held answer is the answer they would give again.

import { HostError } from "../errors.js";
import { exactFormQuery, type ExactFormQuery } from "../rules/shared-wire-rules/exact-form-query.js";
import { strictQuery } from "../rules/shared-wire-rules/strict-query.js";

const MAX_HELD = 512;
const held = new Map<string, ExactFormQuery>();

export function exactQueryOf(rawQuery: string, fromPath: { apiVersion: string; kind: string }): ExactFormQuery | HostError {
  const key = `${fromPath.apiVersion}\u0000${fromPath.kind}\u0000${rawQuery}`;
  const hit = held.get(key);
  if (hit !== undefined) return hit;
  const pairs = strictQuery(rawQuery);
  if (pairs instanceof HostError) return pairs;
  const exact = exactFormQuery(pairs, fromPath);
  if (exact instanceof HostError) return exact;
  if (held.size >= MAX_HELD) held.clear();
  const frozen = Object.freeze({ space: exact.space, ref: Object.freeze(exact.ref) });
  held.set(key, frozen);
  return frozen;
}
