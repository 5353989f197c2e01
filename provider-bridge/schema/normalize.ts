// Values Terraform requires in a particular shape beyond their type: nested
// blocks of list or set nesting are never null (an empty list), map blocks are
// an empty map, group blocks are an object. Applied to state this provider
// returns (upgrade, read, import) so a resource need not think about blocks.
import { ctyObject, isCtyObject, Unknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { CompiledObject } from "./compiled.js";

export function normalizeObject(object: CompiledObject, value: CtyObject): CtyObject {
  const out = ctyObject(Object.entries(value));
  for (const name of Object.keys(object.type.attributes)) if (!(name in out)) out[name] = null;
  for (const [name, attr] of object.attributes) {
    const v = out[name] ?? null;
    if (!attr.nested || v === null || v instanceof Unknown) continue;
    out[name] = normalizeNested(attr.nested.object, attr.nested.nesting, v);
  }
  for (const [name, b] of object.blockTypes) {
    const v = out[name] ?? null;
    if (v instanceof Unknown) continue;
    if (v === null) {
      if (b.nesting === "list" || b.nesting === "set") out[name] = [];
      else if (b.nesting === "map") out[name] = ctyObject();
      else if (b.nesting === "group") out[name] = normalizeObject(b.block, ctyObject());
      continue;
    }
    out[name] = normalizeNested(b.block, b.nesting, v);
  }
  return out;
}

function normalizeNested(object: CompiledObject, nesting: string, v: CtyValue): CtyValue {
  if (nesting === "single" || nesting === "group") return isCtyObject(v) ? normalizeObject(object, v) : v;
  if (Array.isArray(v)) return v.map((item) => (item !== null && isCtyObject(item) ? normalizeObject(object, item) : item));
  if (isCtyObject(v)) return ctyObject(Object.entries(v).map(([k, item]) => [k, item !== null && isCtyObject(item) ? normalizeObject(object, item) : item]));
  return v;
}
