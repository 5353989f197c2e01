// Short facts about one attribute, as the argument and attribute references print them.

import type { AttributeModel, CtyType, Validator } from "../../model/types.js";

function typeWord(t: CtyType): string {
  if (t === "string") return "String";
  if (t === "number") return "Number";
  if (t === "bool") return "Boolean";
  if (t === "dynamic") return "Dynamic";
  if (t[0] === "object") return "Object";
  const [kind, inner] = t;
  return `${kind === "list" ? "List" : kind === "set" ? "Set" : "Map"} of ${typeWord(inner)}`;
}

/** "String", "Set of String", "Attributes Set", ... (the Registry's type labels). */
export function typeLabel(a: AttributeModel): string {
  if (a.nested !== undefined) {
    const n = a.nested.nesting;
    return n === "single" ? "Attributes" : `Attributes ${n === "list" ? "List" : n === "set" ? "Set" : "Map"}`;
  }
  return typeWord(a.type);
}

export function flagsLabel(a: AttributeModel): string {
  const flags = [typeLabel(a), a.required ? "Required" : a.optional ? "Optional" : "Read-only"];
  if (a.sensitive) flags.push("Sensitive");
  if (a.requiresReplace) flags.push("Forces replacement");
  return flags.join(", ");
}

function validatorText(v: Validator): string {
  switch (v.kind) {
    case "enum":
      return `one of ${v.values.map((x) => `\`${JSON.stringify(x)}\``).join(", ")}`;
    case "pattern":
      return `pattern \`${v.pattern}\``;
    case "integer":
      return "whole number";
    case "uniqueItems":
      return "no duplicate elements";
    case "minLength":
      return `length at least ${v.value}`;
    case "maxLength":
      return `length at most ${v.value}`;
    case "minItems":
      return `at least ${v.value} elements`;
    case "maxItems":
      return `at most ${v.value} elements`;
    case "minProperties":
      return `at least ${v.value} entries`;
    case "maxProperties":
      return `at most ${v.value} entries`;
    case "minimum":
      return `value at least ${v.value}`;
    case "maximum":
      return `value at most ${v.value}`;
    case "exclusiveMinimum":
      return `value greater than ${v.value}`;
    case "exclusiveMaximum":
      return `value less than ${v.value}`;
  }
}

/** Sentences about defaults, references, bindings and validation, appended to the description. */
export function extraSentences(a: AttributeModel): string[] {
  const out: string[] = [];
  if (a.default !== undefined) out.push(`Defaults to \`${JSON.stringify(a.default)}\`.`);
  if (a.binding !== undefined) out.push(`Governed by the Binding contract \`${a.binding.name}@${a.binding.version}\`.`);
  if (a.validators.length > 0) out.push(`Constraints: ${a.validators.map(validatorText).join("; ")}.`);
  if (a.elementValidators !== undefined) out.push(`Element constraints: ${a.elementValidators.map(validatorText).join("; ")}.`);
  if (a.keyValidators !== undefined) out.push(`Key constraints: ${a.keyValidators.map(validatorText).join("; ")}.`);
  return out;
}
