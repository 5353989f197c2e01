// Closed string sets as TypeScript unions in the generated CDKTF configuration interfaces: the
// CDKTF generator reads Terraform's schema, which has no enums, so every `enum` of the Form
// (handlers, notFoundHandling, ...) would be a bare `string`. The model still knows each set; the
// interface property (top level or nested) is rewritten to the union, so a misspelt value fails
// type-checking instead of the host's validate. Getters and setters keep `string`, which every
// union value is.
import { camelCase } from "../../model/naming.js";
import type { AttributeModel, ResourceModel, Validator } from "../../model/types.js";

export interface EnumSetting {
  /** The property name in the CDKTF interfaces (camelCase). */
  property: string;
  values: string[];
  /** The set constrains the elements of a list or set of strings. */
  element: boolean;
}

function stringEnum(validators: readonly Validator[] | undefined): string[] | undefined {
  const e = validators?.find((v) => v.kind === "enum");
  if (e === undefined || e.kind !== "enum" || !e.values.every((v) => typeof v === "string")) return undefined;
  return e.values as string[];
}

function collect(attributes: readonly AttributeModel[], out: EnumSetting[]): void {
  for (const a of attributes) {
    const own = stringEnum(a.validators);
    if (own !== undefined) out.push({ property: camelCase(a.name), values: own, element: false });
    const element = stringEnum(a.elementValidators);
    if (element !== undefined) out.push({ property: camelCase(a.name), values: element, element: true });
    if (a.nested !== undefined) collect(a.nested.attributes, out);
  }
}

export function enumSettings(r: ResourceModel): EnumSetting[] {
  const out: EnumSetting[] = [];
  collect(r.attributes, out);
  return out;
}

/** The generator's folder of a resource type: takoform_worker_version -> providers/takoform/worker-version/index.ts. */
export function resourceFile(typeName: string): string {
  return `providers/takoform/${typeName.replace(/^takoform_/, "").replaceAll("_", "-")}/index.ts`;
}

/** Rewrites `readonly x?: string;` (and `string[]` for element sets) to the union. */
export function typedUnions(text: string, settings: readonly EnumSetting[]): string {
  let out = text;
  for (const s of settings) {
    const union = s.values.map((v) => `'${v.replaceAll("'", "\\'")}'`).join(" | ");
    const from = new RegExp(`(  readonly ${s.property}\\??: )string${s.element ? "\\[\\]" : ""};`, "g");
    out = out.replace(from, (_m, head: string) => `${head}${s.element ? `(${union})[]` : union};`);
  }
  return out;
}
