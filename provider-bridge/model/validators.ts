// Plan-time checks from the Form schemas (enum, pattern, lengths, bounds,
// unique items), as codegen records them per attribute. Unknown values are
// skipped; every error names the attribute path.
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import { formatPath, type AttributePath, type PathStep } from "../framework/path.js";
import { valuesEqual } from "../wire/equal.js";
import { parseCtyType } from "../wire/cty-type.js";
import { isCtyNumber, numbersEqual, toJsNumber } from "../wire/number.js";
import { isCtyObject, Unknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { AttributeModel, Validator } from "./types.js";

const patternCache = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = patternCache.get(pattern);
  if (!r) {
    r = new RegExp(pattern, "u");
    patternCache.set(pattern, r);
  }
  return r;
}

function show(v: CtyValue): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (isCtyNumber(v)) return String(v);
  return String(v);
}

function enumMatches(values: Validator & { kind: "enum" }, v: CtyValue): boolean {
  return values.values.some((allowed) => {
    if (typeof allowed === "number") return isCtyNumber(v) && numbersEqual(v, allowed);
    return allowed === v;
  });
}

/**
 * Terraform 1.11 can place a diagnostic on a source line only for paths it can
 * follow through the configuration's syntax; a path into the value of a nested
 * attribute (rules[0].pattern) falls back to the whole resource block. Such
 * diagnostics carry the top-level attribute's path, so they point at its line,
 * and name the full path in their text.
 */
function sourcePath(p: AttributePath): AttributePath {
  return p.slice(0, 1);
}

function checkOne(validator: Validator, attr: AttributeModel, v: CtyValue, p: AttributePath, diags: Diagnostic[]): void {
  const name = formatPath(p);
  const fail = (detail: string): void => void diags.push(errorDiag(`Invalid value for ${name}`, detail, sourcePath(p)));
  switch (validator.kind) {
    case "enum":
      if (!enumMatches(validator, v)) fail(`${name} must be one of ${validator.values.map((x) => JSON.stringify(x)).join(", ")}; got ${show(v)}.`);
      return;
    case "pattern":
      if (typeof v === "string" && !regex(validator.pattern).test(v)) fail(`${name} must match the pattern ${validator.pattern}; got ${show(v)}.`);
      return;
    case "minLength":
    case "maxLength": {
      if (typeof v !== "string") return;
      const length = [...v].length;
      if (validator.kind === "minLength" && length < validator.value) fail(`${name} must be at least ${validator.value} characters long; got ${length}.`);
      if (validator.kind === "maxLength" && length > validator.value) fail(`${name} must be at most ${validator.value} characters long; got ${length}.`);
      return;
    }
    case "minimum":
    case "maximum": {
      if (!isCtyNumber(v)) return;
      const n = toJsNumber(v);
      if (validator.kind === "minimum" && n < validator.value) fail(`${name} must be at least ${validator.value}; got ${show(v)}.`);
      if (validator.kind === "maximum" && n > validator.value) fail(`${name} must be at most ${validator.value}; got ${show(v)}.`);
      return;
    }
    case "minItems":
    case "maxItems": {
      const count = Array.isArray(v) ? v.length : isCtyObject(v) ? Object.keys(v).length : undefined;
      if (count === undefined) return;
      if (validator.kind === "minItems" && count < validator.value) fail(`${name} must have at least ${validator.value} elements; got ${count}.`);
      if (validator.kind === "maxItems" && count > validator.value) fail(`${name} must have at most ${validator.value} elements; got ${count}.`);
      return;
    }
    case "uniqueItems": {
      if (!Array.isArray(v) || attr.nested) return;
      const type = parseCtyType(attr.type);
      const element = type.kind === "list" || type.kind === "set" ? type.element : undefined;
      if (!element) return;
      for (let i = 0; i < v.length; i++) {
        for (let j = 0; j < i; j++) {
          if (valuesEqual(element, v[i]!, v[j]!) === true) return fail(`${name} must not repeat an element; element ${i} repeats element ${j}.`);
        }
      }
      return;
    }
  }
}

function checkAttribute(attr: AttributeModel, v: CtyValue, p: AttributePath, diags: Diagnostic[]): void {
  if (v === null || v instanceof Unknown) return;
  for (const validator of attr.validators) checkOne(validator, attr, v, p, diags);
  if (!attr.nested) return;
  const nested = attr.nested;
  const visit = (item: CtyValue, at: AttributePath): void => {
    if (item !== null && isCtyObject(item)) checkObject(nested.attributes, item, at, diags);
  };
  if (nested.nesting === "single") visit(v, p);
  else if (Array.isArray(v)) v.forEach((item, i) => visit(item, nested.nesting === "list" ? [...p, { index: i } as PathStep] : p));
  else if (isCtyObject(v)) for (const [k, item] of Object.entries(v)) visit(item, [...p, { key: k } as PathStep]);
}

export function checkObject(attributes: readonly AttributeModel[], value: CtyObject, base: AttributePath, diags: Diagnostic[]): void {
  for (const attr of attributes) checkAttribute(attr, value[attr.name] ?? null, [...base, { attribute: attr.name }], diags);
}

/** Validation diagnostics for a resource configuration. */
export function validateAttributes(attributes: readonly AttributeModel[], config: CtyObject): Diagnostic[] {
  const diags: Diagnostic[] = [];
  checkObject(attributes, config, [], diags);
  return diags;
}
