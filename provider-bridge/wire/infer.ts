// The cty type of a plain value, for a "dynamic" attribute given a value
// without its type: strings, numbers and bools as themselves, arrays as
// tuples, objects as objects.
import { ctyBool, ctyDynamic, ctyNumber, ctyString, objectOf, tupleOf, type CtyType } from "./cty-type.js";
import { CtyDecimal, DynamicVal, Unknown, type CtyValue } from "./value.js";

export function inferType(v: CtyValue): CtyType {
  if (v === null || v instanceof Unknown) return ctyDynamic;
  if (v instanceof DynamicVal) return v.type;
  if (typeof v === "string") return ctyString;
  if (typeof v === "boolean") return ctyBool;
  if (typeof v === "number" || typeof v === "bigint" || v instanceof CtyDecimal) return ctyNumber;
  if (Array.isArray(v)) return tupleOf(v.map(inferType));
  return objectOf(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inferType(x)])));
}
