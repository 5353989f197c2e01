// The example an author reads first: the Form's own canonical conformance fixture, written as
// HCL and as CDKTF TypeScript. A Form without fixtures gets its required arguments only.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AttributeModel, ResourceModel } from "../../model/types.js";
import type { LoadedForm } from "../../parse/load.js";
import { AttrObject, toAttrObject, type ExampleValue } from "./example-values.js";
import { hclResource } from "./hcl.js";
import { tsValue } from "./typescript.js";
import { cdktfClassName, cdktfModulePath } from "./cdktf-names.js";

export const EXAMPLE_LABEL = "example";

/** The wire desired spec of the form's first conformance fixture, if it has one. */
export function fixtureSpec(form: LoadedForm): Record<string, unknown> | undefined {
  const fixtures = (form.definition as { conformanceFixtures?: { desiredPath?: string }[] }).conformanceFixtures ?? [];
  const rel = fixtures[0]?.desiredPath;
  if (rel === undefined) return undefined;
  const file = path.join(form.dir, rel);
  if (!existsSync(file)) return undefined;
  const value: unknown = JSON.parse(readFileSync(file, "utf8"));
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function placeholder(a: AttributeModel): unknown {
  if (a.reference !== undefined) {
    const ref = { apiVersion: a.reference.apiVersion, kind: a.reference.kind, name: "example-target" };
    return Array.isArray(a.type) ? [ref] : ref;
  }
  const enumValues = a.validators.find((v) => v.kind === "enum");
  if (enumValues !== undefined && enumValues.kind === "enum") return enumValues.values[0];
  if (a.type === "number") return 1;
  if (a.type === "bool") return true;
  if (a.nested?.nesting === "single") return Object.fromEntries(a.nested.attributes.filter((c) => c.required).map((c) => [c.wireName, placeholder(c)]));
  return "example";
}

/** Example entries: name first, then the fixture's (or placeholder) arguments. */
export function exampleEntries(r: ResourceModel, form: LoadedForm): [string, ExampleValue][] {
  const wire = fixtureSpec(form) ?? Object.fromEntries(r.attributes.filter((a) => a.required).map((a) => [a.wireName, placeholder(a)]));
  return [["name", EXAMPLE_LABEL], ...toAttrObject(r.attributes, wire).entries];
}

export function exampleHcl(r: ResourceModel, entries: [string, ExampleValue][]): string {
  return hclResource(r.typeName, EXAMPLE_LABEL, entries);
}

export function exampleTypeScript(r: ResourceModel, entries: [string, ExampleValue][]): string {
  const cls = cdktfClassName(r.typeName);
  return [
    `import { ${cls} } from "./generated/cdktf/${cdktfModulePath(r.typeName)}/index.js";`,
    "",
    `const ${EXAMPLE_LABEL} = new ${cls}(this, "${EXAMPLE_LABEL}", ${tsValue(new AttrObject(entries), "")});`,
  ].join("\n");
}
