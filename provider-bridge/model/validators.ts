// Plan-time checks from the Form schemas, as codegen records them per
// attribute (validators), per element of a primitive collection
// (elementValidators) and per member name of a map or object
// (keyValidators). Each carries the host's own message for the same failure.
// Unknown values are skipped; sensitive values are never echoed.
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import { formatPath, type AttributePath, type PathStep } from "../framework/path.js";
import { parseCtyType } from "../wire/cty-type.js";
import { valuesEqual } from "../wire/equal.js";
import { canonicalDecimal, isCtyNumber, numbersEqual, numberText, toJsNumber } from "../wire/number.js";
import { DynamicVal, isCtyObject, Unknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { AttributeModel, Validator } from "./types.js";

/** Patterns longer than this are not checked offline (and never printed): the host's message is clearer. */
export const STRUCTURAL_PATTERN_CHARS = 120;

const patternCache = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = patternCache.get(pattern);
  if (!r) {
    r = new RegExp(pattern, "u");
    patternCache.set(pattern, r);
  }
  return r;
}

/** Whether a value passes one validator; undefined when the validator does not apply to it. */
function passes(validator: Validator, v: CtyValue, elementType: () => ReturnType<typeof parseCtyType> | undefined): boolean {
  const count = Array.isArray(v) ? v.length : isCtyObject(v) ? Object.keys(v).length : undefined;
  switch (validator.kind) {
    case "enum":
      return validator.values.some((allowed) => (typeof allowed === "number" ? isCtyNumber(v) && numbersEqual(v, allowed) : allowed === v));
    case "pattern":
      // A long pattern is a structural floor the host explains (cron): its validate at plan, and
      // every apply, name the field and the range instead of printing the expression.
      return typeof v !== "string" || validator.pattern.length > STRUCTURAL_PATTERN_CHARS || regex(validator.pattern).test(v);
    case "minLength":
      return typeof v !== "string" || [...v].length >= validator.value;
    case "maxLength":
      return typeof v !== "string" || [...v].length <= validator.value;
    case "minimum":
      return !isCtyNumber(v) || toJsNumber(v) >= validator.value;
    case "maximum":
      return !isCtyNumber(v) || toJsNumber(v) <= validator.value;
    case "exclusiveMinimum":
      return !isCtyNumber(v) || toJsNumber(v) > validator.value;
    case "exclusiveMaximum":
      return !isCtyNumber(v) || toJsNumber(v) < validator.value;
    case "integer":
      return !isCtyNumber(v) || !/e-/.test(canonicalDecimal(numberText(v)));
    case "minItems":
    case "minProperties":
      return count === undefined || count >= validator.value;
    case "maxItems":
    case "maxProperties":
      return count === undefined || count <= validator.value;
    case "uniqueItems": {
      const element = elementType();
      if (!Array.isArray(v) || !element) return true;
      for (let i = 0; i < v.length; i++) for (let j = 0; j < i; j++) if (valuesEqual(element, v[i]!, v[j]!) === true) return false;
      return true;
    }
  }
}

/**
 * Terraform 1.11 can place a diagnostic on a source line only for paths it can
 * follow through the configuration's syntax; a path into the value of an
 * attribute (rules[0].pattern, labels["k"]) falls back to the whole resource
 * block. Diagnostics therefore carry the top-level attribute's path, so they
 * point at its line, and name the full path in their text.
 */
function sourcePath(p: AttributePath): AttributePath {
  return p.slice(0, 1);
}

function show(v: CtyValue): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (isCtyNumber(v)) return numberText(v);
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `a list of ${v.length}`;
  return "an object";
}

interface Context {
  readonly sensitive: boolean;
  readonly diags: Diagnostic[];
}

function run(
  validators: readonly Validator[] | undefined,
  v: CtyValue,
  p: AttributePath,
  ctx: Context,
  elementType: () => ReturnType<typeof parseCtyType> | undefined,
  subject?: string,
): void {
  if (!validators || v === null || v instanceof Unknown) return;
  for (const validator of validators) {
    if (passes(validator, v, elementType)) continue;
    const name = formatPath(p);
    const what = subject ?? name;
    const got = ctx.sensitive || subject !== undefined ? "" : `; got ${show(v)}`;
    ctx.diags.push(errorDiag(`Invalid value for ${name}`, `${what} ${validator.message}${got}.`, sourcePath(p)));
  }
}

function collectionElementType(attr: AttributeModel): ReturnType<typeof parseCtyType> | undefined {
  const t = parseCtyType(attr.type);
  return t.kind === "list" || t.kind === "set" || t.kind === "map" ? t.element : undefined;
}

function checkAttribute(attr: AttributeModel, value: CtyValue, p: AttributePath, ctx: Context): void {
  const v = value instanceof DynamicVal ? value.value : value;
  if (v === null || v instanceof Unknown) return;
  const c: Context = { sensitive: ctx.sensitive || attr.sensitive, diags: ctx.diags };
  run(attr.validators, v, p, c, () => collectionElementType(attr));
  if (attr.elementValidators) {
    if (Array.isArray(v)) v.forEach((item, i) => run(attr.elementValidators, item, [...p, { index: i } as PathStep], c, () => undefined));
    else if (isCtyObject(v)) for (const [k, item] of Object.entries(v)) run(attr.elementValidators, item, [...p, { key: k } as PathStep], c, () => undefined);
  }
  if (attr.keyValidators && isCtyObject(v)) {
    for (const k of Object.keys(v)) run(attr.keyValidators, k, [...p, { key: k } as PathStep], c, () => undefined, `member name ${JSON.stringify(k)}`);
  }
  if (!attr.nested) return;
  const nested = attr.nested;
  const visit = (item: CtyValue, at: AttributePath): void => {
    if (item !== null && isCtyObject(item)) checkObject(nested.attributes, item, at, c);
  };
  if (nested.nesting === "single") visit(v, p);
  else if (Array.isArray(v)) v.forEach((item, i) => visit(item, nested.nesting === "list" ? [...p, { index: i } as PathStep] : p));
  else if (isCtyObject(v)) for (const [k, item] of Object.entries(v)) visit(item, [...p, { key: k } as PathStep]);
}

function checkObject(attributes: readonly AttributeModel[], value: CtyObject, base: AttributePath, ctx: Context): void {
  for (const attr of attributes) checkAttribute(attr, value[attr.name] ?? null, [...base, { attribute: attr.name }], ctx);
}

/** Validation diagnostics for a resource configuration. */
export function validateAttributes(attributes: readonly AttributeModel[], config: CtyObject): Diagnostic[] {
  const ctx: Context = { sensitive: false, diags: [] };
  checkObject(attributes, config, [], ctx);
  return ctx.diags;
}
