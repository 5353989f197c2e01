// Canonical positive decimals: the wire encoding of metadata.generation and metadata.revision,
// 1..9223372036854775807, no sign, no leading zero.

const MAX = 9223372036854775807n;
const CANONICAL = /^[1-9][0-9]{0,18}$/;

export function isCanonicalDecimal(value: unknown): value is string {
  return typeof value === "string" && CANONICAL.test(value) && BigInt(value) <= MAX;
}

/** value + 1, refusing to leave the wire range. */
export function nextDecimal(value: string): string {
  const next = BigInt(value) + 1n;
  if (next > MAX) throw new RangeError("counter exhausted its canonical decimal range");
  return next.toString();
}

/** The strong ETag of a revision: the revision surrounded by one pair of double quotes. */
export function revisionETag(revision: string): string {
  return `"${revision}"`;
}
