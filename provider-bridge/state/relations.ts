// The references of a desired spec, walked over the Terraform attributes (the reference
// attributes hold the target's name): the relation entries relations_json lists. The same walk
// serves the read (over the state built from the host's spec) and the plan (over the planned
// attributes, where an unknown reference, or an unknown container holding one, makes the whole
// list unknown until apply).
import { isCtyObject, Unknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { AttributeModel } from "../model/types.js";
import type { RelationEntry } from "./status-json.js";

class UnknownReference extends Error {}

function holdsReference(attr: AttributeModel): boolean {
  return attr.reference !== undefined || (attr.nested?.attributes.some(holdsReference) ?? false);
}

function escapeKey(k: string): string {
  return k.replace(/~/g, "~0").replace(/\//g, "~1");
}

function walk(attributes: readonly AttributeModel[], state: CtyObject, base: string, out: RelationEntry[]): void {
  for (const attr of attributes) {
    if (!holdsReference(attr)) continue;
    const v: CtyValue = state[attr.name] ?? null;
    if (v === null) continue;
    if (v instanceof Unknown) throw new UnknownReference();
    const pointer = `${base}/${attr.wireName}`;
    const ref = attr.reference;
    if (ref) {
      const add = (item: CtyValue, p: string): void => {
        if (item instanceof Unknown) throw new UnknownReference();
        if (typeof item === "string") out.push({ pointer: p, relation: attr.wireName, apiVersion: ref.apiVersion, kind: ref.kind, name: item });
      };
      if (Array.isArray(v)) v.forEach((item, i) => add(item, `${pointer}/${i}`));
      else add(v, pointer);
      continue;
    }
    const nested = attr.nested!;
    const inner = (item: CtyValue, p: string): void => {
      if (item instanceof Unknown) throw new UnknownReference();
      if (item !== null && isCtyObject(item)) walk(nested.attributes, item, p, out);
    };
    if (nested.nesting === "single") inner(v, pointer);
    else if (Array.isArray(v)) v.forEach((item, i) => inner(item, `${pointer}/${i}`));
    else if (isCtyObject(v)) for (const [k, item] of Object.entries(v)) inner(item, `${pointer}/${escapeKey(k)}`);
  }
}

/** Every reference in the desired attributes, in schema order; undefined while one of them is unknown. */
export function relationsOfState(attributes: readonly AttributeModel[], state: CtyObject): RelationEntry[] | undefined {
  const out: RelationEntry[] = [];
  try {
    walk(attributes, state, "", out);
  } catch (err) {
    if (err instanceof UnknownReference) return undefined;
    throw err;
  }
  return out;
}
