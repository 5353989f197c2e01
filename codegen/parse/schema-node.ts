// Small, pure helpers over JSON Schema nodes as Form definitions write them.

export type SchemaNode = Record<string, unknown>;

/** Keywords codegen cannot map to a Terraform type; meeting one is an error, never a silent drop. */
const UNSUPPORTED_KEYWORDS = [
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "patternProperties",
  "prefixItems",
  "contains",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
];

export function isObject(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follows a local "#/$defs/..." $ref (sibling keywords win), repeatedly. */
export function resolveNode(node: SchemaNode, root: SchemaNode, where: string): SchemaNode {
  let current = node;
  for (let depth = 0; typeof current.$ref === "string"; depth++) {
    if (depth > 32) throw new Error(`${where}: $ref chain too deep`);
    const ref = current.$ref as string;
    if (!ref.startsWith("#/")) throw new Error(`${where}: only local $ref is supported, got '${ref}'`);
    let target: unknown = root;
    for (const token of ref.slice(2).split("/")) {
      const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
      target = isObject(target) ? target[key] : undefined;
    }
    if (!isObject(target)) throw new Error(`${where}: $ref '${ref}' names nothing`);
    const { $ref: _dropped, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

export function assertSupported(node: SchemaNode, where: string): void {
  for (const k of UNSUPPORTED_KEYWORDS) {
    if (k in node) throw new Error(`${where}: keyword '${k}' has no Terraform mapping`);
  }
}

export type JsonType = "string" | "integer" | "number" | "boolean" | "object" | "array" | "dynamic";

/** The one JSON type of a node, or "dynamic" when it admits several (null aside). */
export function jsonType(node: SchemaNode): JsonType {
  const t = node.type;
  if (typeof t === "string") return t === "null" ? "dynamic" : (t as JsonType);
  if (Array.isArray(t)) {
    const types = t.filter((x) => x !== "null");
    if (types.length === 1) return types[0] as JsonType;
    if (types.length === 2 && types.includes("integer") && types.includes("number")) return "number";
    return "dynamic";
  }
  if (isObject(node.properties)) return "object";
  if (node.items !== undefined) return "array";
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : [];
  const kinds = new Set(values.map((v) => (typeof v === "boolean" ? "boolean" : typeof v === "number" ? "number" : typeof v)));
  if (kinds.size === 1) {
    const only = [...kinds][0];
    if (only === "string" || only === "number" || only === "boolean") return only;
  }
  return "dynamic";
}

export function requiredSet(node: SchemaNode): Set<string> {
  return new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : []);
}

export function propertiesOf(node: SchemaNode): [string, SchemaNode][] {
  if (!isObject(node.properties)) return [];
  return Object.entries(node.properties)
    .filter((e): e is [string, SchemaNode] => isObject(e[1]))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function escapePointerToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
