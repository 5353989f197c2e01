// cty values from JSON, driven by the type: the form of stored state
// (UpgradeResourceState's RawState.json, written by Terraform from the old
// schema) and of DynamicValue.json. JSON has no unknown. Objects get null for
// every attribute the JSON lacks; members the type does not have are dropped
// (Terraform strips attributes removed from the schema the same way).
import { parseCtyType, type CtyType } from "./cty-type.js";
import { JsonNumber, parseJsonLossless, type JsonNode } from "./json-text.js";
import { numberFromBigInt, numberFromText } from "./number.js";
import { inferType } from "./infer.js";
import { ctyObject, DynamicVal, type CtyValue } from "./value.js";

export class JsonValueError extends Error {}

function isObjectNode(n: JsonNode): n is { [name: string]: JsonNode } {
  return typeof n === "object" && n !== null && !Array.isArray(n) && !(n instanceof JsonNumber);
}

/** Turns a parsed JSON tree back into plain JSON data (numbers as JS numbers), e.g. a type. */
function plain(n: JsonNode): unknown {
  if (n instanceof JsonNumber) return Number(n.text);
  if (Array.isArray(n)) return n.map(plain);
  if (isObjectNode(n)) return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, plain(v)]));
  return n;
}

function at(path: string): string {
  return path === "" ? "value" : path;
}

export function valueFromJsonNode(type: CtyType, node: JsonNode, path = ""): CtyValue {
  if (node === null) return null;
  switch (type.kind) {
    case "string":
      if (typeof node === "string") return node;
      // cty's JSON decoder accepts numbers and bools for strings, as their text
      if (node instanceof JsonNumber) return node.text;
      if (typeof node === "boolean") return String(node);
      break;
    case "number":
      if (node instanceof JsonNumber) {
        if (typeof node.exact === "number") return node.exact;
        return typeof node.exact === "bigint" ? numberFromBigInt(node.exact) : numberFromText(node.text);
      }
      if (typeof node === "string") {
        try {
          return numberFromText(node);
        } catch {
          break;
        }
      }
      break;
    case "bool":
      if (typeof node === "boolean") return node;
      if (node === "true" || node === "false") return node === "true";
      break;
    case "list":
    case "set":
      if (!Array.isArray(node)) break;
      return node.map((item, i) => valueFromJsonNode(type.element, item, `${path}[${i}]`));
    case "tuple":
      if (!Array.isArray(node) || node.length !== type.elements.length) break;
      return node.map((item, i) => valueFromJsonNode(type.elements[i]!, item, `${path}[${i}]`));
    case "map": {
      if (!isObjectNode(node)) break;
      return ctyObject(Object.entries(node).map(([k, v]) => [k, valueFromJsonNode(type.element, v, `${path}[${JSON.stringify(k)}]`)]));
    }
    case "object": {
      if (!isObjectNode(node)) break;
      const out = ctyObject();
      for (const [name, attrType] of Object.entries(type.attributes)) {
        const member = node[name];
        out[name] = member === undefined ? null : valueFromJsonNode(attrType, member, path === "" ? name : `${path}.${name}`);
      }
      return out;
    }
    case "dynamic": {
      // {"value": V, "type": T}
      if (!isObjectNode(node) || node["type"] === undefined) break;
      const concrete = parseCtyType(plain(node["type"]));
      return new DynamicVal(concrete, valueFromJsonNode(concrete, node["value"] ?? null, path));
    }
  }
  throw new JsonValueError(
    `${at(path)}: JSON ${Array.isArray(node) ? "array" : node instanceof JsonNumber ? "number" : typeof node} is not a valid ${type.kind}`,
  );
}

/** Decodes JSON text (bytes or string) as a value of `type`, keeping every number exact. */
export function decodeJsonValue(type: CtyType, json: Uint8Array | string): CtyValue {
  const text = typeof json === "string" ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString("utf8");
  return valueFromJsonNode(type, parseJsonLossless(text));
}

/**
 * A value of `type` from plain JavaScript data (model defaults, wire JSON the
 * host returned). A "dynamic" position takes the data's own type: objects as
 * objects, arrays as tuples.
 */
export function valueFromPlain(type: CtyType, data: unknown, path = ""): CtyValue {
  if (data === null || data === undefined) return null;
  switch (type.kind) {
    case "dynamic": {
      const v = inferredValue(data, path);
      return new DynamicVal(inferType(v), v);
    }
    case "list":
    case "set":
      if (!Array.isArray(data)) break;
      return data.map((item, i) => valueFromPlain(type.element, item, `${path}[${i}]`));
    case "tuple":
      if (!Array.isArray(data) || data.length !== type.elements.length) break;
      return data.map((item, i) => valueFromPlain(type.elements[i]!, item, `${path}[${i}]`));
    case "map":
      if (typeof data !== "object" || Array.isArray(data)) break;
      return ctyObject(Object.entries(data).map(([k, v]) => [k, valueFromPlain(type.element, v, `${path}[${JSON.stringify(k)}]`)]));
    case "object": {
      if (typeof data !== "object" || Array.isArray(data)) break;
      const record = data as Record<string, unknown>;
      const out = ctyObject();
      for (const [name, t] of Object.entries(type.attributes)) {
        out[name] = Object.prototype.hasOwnProperty.call(record, name) ? valueFromPlain(t, record[name], path === "" ? name : `${path}.${name}`) : null;
      }
      return out;
    }
    default:
      return valueFromJsonNode(type, toNode(data), path);
  }
  throw new JsonValueError(`${at(path)}: ${Array.isArray(data) ? "an array" : typeof data} is not a valid ${type.kind}`);
}

function inferredValue(data: unknown, path: string): CtyValue {
  if (data === null || data === undefined) return null;
  if (typeof data === "string" || typeof data === "boolean") return data;
  if (typeof data === "number") return data;
  if (typeof data === "bigint") return numberFromBigInt(data);
  if (Array.isArray(data)) return data.map((item, i) => inferredValue(item, `${path}[${i}]`));
  if (typeof data === "object") return ctyObject(Object.entries(data).map(([k, v]) => [k, inferredValue(v, `${path}.${k}`)]));
  throw new JsonValueError(`${at(path)}: cannot represent ${typeof data} as a value`);
}

function toNode(data: unknown): JsonNode {
  if (data === null || data === undefined) return null;
  if (typeof data === "number" || typeof data === "bigint") return new JsonNumber(String(data), data);
  if (typeof data === "string" || typeof data === "boolean") return data;
  if (Array.isArray(data)) return data.map(toNode);
  if (typeof data === "object") {
    const out = Object.create(null) as { [name: string]: JsonNode };
    for (const [k, v] of Object.entries(data)) out[k] = toNode(v);
    return out;
  }
  throw new JsonValueError(`cannot represent ${typeof data} as a value`);
}
