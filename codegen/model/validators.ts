// JSON Schema validation keywords -> Validator metadata the provider enforces at plan time.
// Each message is the one the host gives for the same failure (Ajv 2020-12 as formatted by
// corpus/lib formatSchemaErrors, which appends the allowed values to enum and const), so an
// author sees one wording whether plan or apply refuses the value.

import type { Validator } from "./types.js";

type Bound = Extract<Validator, { value: number }>["kind"];

const BOUND_MESSAGES: Record<Bound, (n: number) => string> = {
  minLength: (n) => `must NOT have fewer than ${n} characters`,
  maxLength: (n) => `must NOT have more than ${n} characters`,
  minItems: (n) => `must NOT have fewer than ${n} items`,
  maxItems: (n) => `must NOT have more than ${n} items`,
  minProperties: (n) => `must NOT have fewer than ${n} properties`,
  maxProperties: (n) => `must NOT have more than ${n} properties`,
  minimum: (n) => `must be >= ${n}`,
  maximum: (n) => `must be <= ${n}`,
  exclusiveMinimum: (n) => `must be > ${n}`,
  exclusiveMaximum: (n) => `must be < ${n}`,
};

/** Keywords a validator is made from, in the order validators are listed. */
export const VALIDATION_KEYWORDS: readonly string[] = ["enum", "const", "pattern", ...Object.keys(BOUND_MESSAGES), "uniqueItems"];

export const UNIQUE_ITEMS_MESSAGE = "must NOT have duplicate items (items ## {j} and {i} are identical)";

type Scalar = string | number | boolean;

function listValues(values: unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(", ");
}

function isScalar(v: unknown): v is Scalar {
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean";
}

/**
 * The validators one schema node states about its own value. `integer` is added by the caller
 * that knows the node's type; `uniqueItems` only when the value stays a list (a set is unique by
 * construction).
 */
export function validatorsFor(node: Record<string, unknown>, options: { uniqueItems?: boolean } = {}): Validator[] {
  const out: Validator[] = [];
  if (Array.isArray(node.enum)) {
    const values = node.enum.filter(isScalar);
    out.push({ kind: "enum", values, message: `must be equal to one of the allowed values: ${listValues(node.enum)}` });
  }
  if (node.const !== undefined && isScalar(node.const)) {
    out.push({ kind: "enum", values: [node.const], message: `must be equal to constant: ${listValues([node.const])}` });
  }
  if (typeof node.pattern === "string") {
    out.push({ kind: "pattern", pattern: node.pattern, message: `must match pattern "${node.pattern}"` });
  }
  for (const kind of Object.keys(BOUND_MESSAGES) as Bound[]) {
    const value = node[kind];
    if (typeof value === "number") out.push({ kind, value, message: BOUND_MESSAGES[kind](value) });
  }
  if (node.uniqueItems === true && options.uniqueItems === true) {
    out.push({ kind: "uniqueItems", message: UNIQUE_ITEMS_MESSAGE });
  }
  return out;
}

export const INTEGER_VALIDATOR: Validator = { kind: "integer", message: "must be integer" };
