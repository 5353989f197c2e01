// cty types, as Terraform writes them in schemas and in dynamic values:
// "string" | "number" | "bool" | "dynamic" | ["list"|"set"|"map", T] |
// ["object", {name: T}, [optional names]?] | ["tuple", [T...]].

export type CtyType =
  | { readonly kind: "string" | "number" | "bool" | "dynamic" }
  | { readonly kind: "list" | "set" | "map"; readonly element: CtyType }
  | { readonly kind: "object"; readonly attributes: Readonly<Record<string, CtyType>>; readonly optional?: readonly string[] }
  | { readonly kind: "tuple"; readonly elements: readonly CtyType[] };

export type CollectionKind = "list" | "set" | "map";
export type ObjectType = Extract<CtyType, { kind: "object" }>;

export const ctyString: CtyType = { kind: "string" };
export const ctyNumber: CtyType = { kind: "number" };
export const ctyBool: CtyType = { kind: "bool" };
export const ctyDynamic: CtyType = { kind: "dynamic" };

export function listOf(element: CtyType): CtyType {
  return { kind: "list", element };
}
export function setOf(element: CtyType): CtyType {
  return { kind: "set", element };
}
export function mapOf(element: CtyType): CtyType {
  return { kind: "map", element };
}
export function objectOf(attributes: Record<string, CtyType>): ObjectType {
  const attrs: Record<string, CtyType> = Object.create(null) as Record<string, CtyType>;
  for (const [k, v] of Object.entries(attributes)) attrs[k] = v;
  return { kind: "object", attributes: attrs };
}
export function tupleOf(elements: CtyType[]): CtyType {
  return { kind: "tuple", elements };
}

export class CtyTypeError extends Error {}

/** Parses cty type JSON (already JSON-decoded). Throws CtyTypeError on anything else. */
export function parseCtyType(json: unknown): CtyType {
  if (typeof json === "string") {
    if (json === "string" || json === "number" || json === "bool" || json === "dynamic") return { kind: json };
    throw new CtyTypeError(`unknown primitive type ${JSON.stringify(json)}`);
  }
  if (!Array.isArray(json) || json.length < 2) throw new CtyTypeError(`invalid type ${JSON.stringify(json)}`);
  const [kind, arg, extra] = json as [unknown, unknown, unknown];
  switch (kind) {
    case "list":
    case "set":
    case "map":
      if (json.length !== 2) break;
      return { kind, element: parseCtyType(arg) };
    case "object": {
      if (typeof arg !== "object" || arg === null || Array.isArray(arg) || json.length > 3) break;
      const attributes: Record<string, CtyType> = Object.create(null) as Record<string, CtyType>;
      for (const [name, t] of Object.entries(arg)) attributes[name] = parseCtyType(t);
      if (extra === undefined) return { kind: "object", attributes };
      if (!Array.isArray(extra) || !extra.every((n) => typeof n === "string" && n in attributes)) break;
      return { kind: "object", attributes, optional: extra as string[] };
    }
    case "tuple":
      if (!Array.isArray(arg) || json.length !== 2) break;
      return { kind: "tuple", elements: arg.map(parseCtyType) };
  }
  throw new CtyTypeError(`invalid type ${JSON.stringify(json)}`);
}

/** The type JSON Terraform reads; object attributes in sorted order. */
export function ctyTypeJson(type: CtyType): unknown {
  switch (type.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return type.kind;
    case "list":
    case "set":
    case "map":
      return [type.kind, ctyTypeJson(type.element)];
    case "object": {
      const attrs = Object.create(null) as Record<string, unknown>;
      for (const name of Object.keys(type.attributes).sort()) attrs[name] = ctyTypeJson(type.attributes[name]!);
      return type.optional && type.optional.length > 0 ? ["object", attrs, [...type.optional].sort()] : ["object", attrs];
    }
    case "tuple":
      return ["tuple", type.elements.map(ctyTypeJson)];
  }
}

export function ctyTypeEquals(a: CtyType, b: CtyType): boolean {
  return JSON.stringify(ctyTypeJson(a)) === JSON.stringify(ctyTypeJson(b));
}

/** Whether the type contains "dynamic" anywhere (not allowed inside sets). */
export function hasDynamic(type: CtyType): boolean {
  switch (type.kind) {
    case "dynamic":
      return true;
    case "list":
    case "set":
    case "map":
      return hasDynamic(type.element);
    case "object":
      return Object.values(type.attributes).some(hasDynamic);
    case "tuple":
      return type.elements.some(hasDynamic);
    default:
      return false;
  }
}
