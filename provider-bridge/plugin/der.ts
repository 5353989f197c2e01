// Just enough DER (X.690) to write one X.509 certificate: tag-length-value
// building blocks. Every function returns the complete encoding.

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return [0x80 | out.length, ...out];
}

export function tlv(tag: number, ...content: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(content);
  return Buffer.concat([Uint8Array.from([tag, ...lengthBytes(body.length)]), body]);
}

export const sequence = (...items: Uint8Array[]): Uint8Array => tlv(0x30, ...items);
export const set = (...items: Uint8Array[]): Uint8Array => tlv(0x31, ...items);
/** [n] EXPLICIT: a constructed context-specific wrapper. */
export const explicit = (n: number, inner: Uint8Array): Uint8Array => tlv(0xa0 | n, inner);
export const boolean = (v: boolean): Uint8Array => tlv(0x01, Uint8Array.of(v ? 0xff : 0x00));
export const octetString = (bytes: Uint8Array): Uint8Array => tlv(0x04, bytes);
export const utf8String = (s: string): Uint8Array => tlv(0x0c, Buffer.from(s, "utf8"));
/** BIT STRING with `unused` padding bits in the last byte. */
export const bitString = (bytes: Uint8Array, unused = 0): Uint8Array => tlv(0x03, Uint8Array.of(unused), bytes);

/** A non-negative INTEGER from its big-endian magnitude. */
export function unsignedInteger(magnitude: Uint8Array): Uint8Array {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i++;
  const trimmed = magnitude.subarray(i);
  const pad = (trimmed[0] ?? 0) & 0x80 ? [0] : [];
  return tlv(0x02, Uint8Array.from([...pad, ...(trimmed.length ? trimmed : [0])]));
}

export function smallInteger(n: number): Uint8Array {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return unsignedInteger(Uint8Array.from(bytes.length ? bytes : [0]));
}

export function oid(dotted: string): Uint8Array {
  const parts = dotted.split(".").map(Number);
  const out: number[] = [40 * parts[0]! + parts[1]!];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

/** X.509 Time: UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5). */
export function time(d: Date): Uint8Array {
  const iso = d.toISOString(); // 2026-12-02T11:27:20.632Z
  const digits = iso.slice(0, 19).replace(/[-:T]/g, ""); // 20261202112720
  if (d.getUTCFullYear() < 2050) return tlv(0x17, Buffer.from(digits.slice(2) + "Z", "ascii"));
  return tlv(0x18, Buffer.from(digits + "Z", "ascii"));
}
