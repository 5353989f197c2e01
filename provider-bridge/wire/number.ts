// cty numbers are arbitrary-precision decimals. In JavaScript they are:
//   number      when exactly a JS number (safe integers, and values Terraform sent as float64)
//   bigint      integers beyond 2^53
//   CtyDecimal  any other decimal, kept as text (Terraform sends such numbers as strings)
// Nothing here rounds: equality compares canonical decimal text.
import { CtyDecimal, type CtyNumber } from "./value.js";

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export class CtyNumberError extends Error {}

/** A number from decimal text (msgpack string or JSON number token). */
export function numberFromText(text: string): CtyNumber {
  const t = text.trim();
  if (INTEGER.test(t)) {
    const big = BigInt(t);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }
  if (!DECIMAL.test(t)) throw new CtyNumberError(`${JSON.stringify(text)} is not a number`);
  return new CtyDecimal(t);
}

/** An int64/uint64 from msgpack: a number when safe. */
export function numberFromBigInt(v: bigint): CtyNumber {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

export function isCtyNumber(v: unknown): v is CtyNumber {
  return typeof v === "number" || typeof v === "bigint" || v instanceof CtyDecimal;
}

/** Decimal text of a number: exact for bigint and CtyDecimal, shortest round-trip text for a JS number. */
export function numberText(n: CtyNumber): string {
  if (typeof n === "bigint") return n.toString();
  if (n instanceof CtyDecimal) return n.text;
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
  return String(n);
}

/** Canonical form sign/digits/exponent ("-12.50e1" -> "-125"), for equality of decimal texts. */
export function canonicalDecimal(text: string): string {
  if (text === "+Inf" || text === "-Inf") return text;
  const m = /^(-?)(\d*)\.?(\d*)(?:[eE]([-+]?\d+))?$/.exec(text.trim());
  if (!m) throw new CtyNumberError(`${JSON.stringify(text)} is not a number`);
  const [, sign, intPart = "", fracPart = "", exp = "0"] = m;
  let digits = (intPart + fracPart).replace(/^0+/, "");
  let exponent = BigInt(exp) - BigInt(fracPart.length);
  if (digits === "") return "0";
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  exponent += BigInt(trailing);
  return `${sign}${digits}e${exponent}`;
}

export function numbersEqual(a: CtyNumber, b: CtyNumber): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  return canonicalDecimal(numberText(a)) === canonicalDecimal(numberText(b));
}

/** A JS number, for callers that accept binary64 (the host's wire JSON). Rounds bigints and decimals. */
export function toJsNumber(n: CtyNumber): number {
  return typeof n === "number" ? n : Number(typeof n === "bigint" ? n : n.text);
}
