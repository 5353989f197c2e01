// cty values in JavaScript, always read together with their CtyType:
//   null                   null of any type
//   Unknown                not known yet (optionally with Terraform's refinements)
//   string, boolean        string, bool
//   number | bigint | CtyDecimal   number (see ./number.ts: never rounded)
//   CtyValue[]             list, set (Terraform de-duplicates), tuple
//   CtyObject              object and map (null-prototype objects)
//   DynamicVal             a value of an attribute typed "dynamic", with its concrete type
import type { CtyType } from "./cty-type.js";

/** An unknown value. `refinement` is the raw msgpack payload of Terraform's ext-12 refinements. */
export class Unknown {
  constructor(readonly refinement?: Uint8Array) {}
}
export const UNKNOWN = new Unknown();

/** A number that is not exactly a JS number: decimal text as Terraform sent it. */
export class CtyDecimal {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A value whose type was chosen by the configuration ("dynamic" attributes). */
export class DynamicVal {
  constructor(
    readonly type: CtyType,
    readonly value: CtyValue,
  ) {}
}

export type CtyNumber = number | bigint | CtyDecimal;
export interface CtyObject {
  [name: string]: CtyValue;
}
export type CtyValue = null | Unknown | string | boolean | CtyNumber | CtyValue[] | CtyObject | DynamicVal;

export function isUnknown(v: unknown): v is Unknown {
  return v instanceof Unknown;
}

/** A fresh null-prototype object (safe for any key, including "__proto__"). */
export function ctyObject(entries?: Iterable<readonly [string, CtyValue]>): CtyObject {
  const out = Object.create(null) as CtyObject;
  if (entries) for (const [k, v] of entries) out[k] = v;
  return out;
}

export function isCtyObject(v: CtyValue): v is CtyObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Unknown) && !(v instanceof CtyDecimal) && !(v instanceof DynamicVal);
}

/** True when no unknown appears anywhere in the value. */
export function isWhollyKnown(v: CtyValue): boolean {
  if (v instanceof Unknown) return false;
  if (v instanceof DynamicVal) return isWhollyKnown(v.value);
  if (Array.isArray(v)) return v.every(isWhollyKnown);
  if (v !== null && typeof v === "object" && !(v instanceof CtyDecimal)) return Object.values(v).every(isWhollyKnown);
  return true;
}

/** Deep copy (objects and arrays); primitives and class instances are immutable and shared. */
export function cloneValue<T extends CtyValue>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneValue) as T;
  if (v !== null && typeof v === "object" && isCtyObject(v)) return ctyObject(Object.entries(v).map(([k, x]) => [k, cloneValue(x)])) as T;
  return v;
}
