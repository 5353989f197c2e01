// Equality of cty values of one type, as Terraform compares them: numbers by
// decimal value, sets regardless of order. The answer is undefined when an
// unknown makes it impossible to tell.
import type { CtyType } from "./cty-type.js";
import { numbersEqual } from "./number.js";
import { DynamicVal, Unknown, type CtyNumber, type CtyObject, type CtyValue } from "./value.js";

export function valuesEqual(type: CtyType, a: CtyValue, b: CtyValue): boolean | undefined {
  if (a instanceof Unknown || b instanceof Unknown) return undefined;
  if (a === null || b === null) return a === b;
  switch (type.kind) {
    case "string":
    case "bool":
      return a === b;
    case "number":
      return numbersEqual(a as CtyNumber, b as CtyNumber);
    case "list":
    case "tuple": {
      const x = a as CtyValue[];
      const y = b as CtyValue[];
      if (x.length !== y.length) return false;
      let result: boolean | undefined = true;
      for (let i = 0; i < x.length; i++) {
        const t = type.kind === "tuple" ? type.elements[i]! : type.element;
        const e = valuesEqual(t, x[i]!, y[i]!);
        if (e === false) return false;
        if (e === undefined) result = undefined;
      }
      return result;
    }
    case "set":
      return setsEqual(type.element, a as CtyValue[], b as CtyValue[]);
    case "map":
    case "object": {
      const x = a as CtyObject;
      const y = b as CtyObject;
      const keys = type.kind === "object" ? Object.keys(type.attributes) : [...new Set([...Object.keys(x), ...Object.keys(y)])];
      let result: boolean | undefined = true;
      for (const k of keys) {
        if (type.kind === "map" && (!(k in x) || !(k in y))) return false;
        const t = type.kind === "object" ? type.attributes[k]! : type.element;
        const e = valuesEqual(t, x[k] ?? null, y[k] ?? null);
        if (e === false) return false;
        if (e === undefined) result = undefined;
      }
      return result;
    }
    case "dynamic": {
      const x = a as DynamicVal;
      const y = b as DynamicVal;
      if (!(x instanceof DynamicVal) || !(y instanceof DynamicVal)) return false;
      if (JSON.stringify(x.type) !== JSON.stringify(y.type)) return false;
      return valuesEqual(x.type, x.value, y.value);
    }
  }
}

function setsEqual(element: CtyType, x: CtyValue[], y: CtyValue[]): boolean | undefined {
  if (x.length !== y.length) return false;
  const unmatched = [...y];
  let uncertain = false;
  for (const item of x) {
    const i = unmatched.findIndex((other) => valuesEqual(element, item, other) === true);
    if (i >= 0) unmatched.splice(i, 1);
    else if (unmatched.some((other) => valuesEqual(element, item, other) === undefined)) uncertain = true;
    else return false;
  }
  return uncertain ? undefined : true;
}
