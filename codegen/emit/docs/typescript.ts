// ExampleValue -> the TypeScript an author writes with the generated CDKTF classes.

import { camelCase } from "../../model/naming.js";
import { AttrObject, RefValue, type ExampleValue } from "./example-values.js";

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(k: string): string {
  return IDENT.test(k) ? k : JSON.stringify(k);
}

/** A construct variable name for a resource label: "api_v2" -> "apiV2". */
export function variableFor(label: string): string {
  return camelCase(label.replace(/[^A-Za-z0-9_]/g, "_"));
}

export function tsValue(v: ExampleValue, indent: string): string {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (v instanceof RefValue) return `${variableFor(v.label)}.name`;
  const inner = indent + "  ";
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    if (v.every((x) => x === null || typeof x !== "object" || x instanceof RefValue)) return `[${v.map((x) => tsValue(x, inner)).join(", ")}]`;
    return `[\n${v.map((x) => `${inner}${tsValue(x, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries: [string, ExampleValue][] = v instanceof AttrObject ? v.entries.map(([k, x]) => [camelCase(k), x]) : Object.entries(v);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([k, x]) => `${inner}${key(k)}: ${tsValue(x, inner)},`).join("\n")}\n${indent}}`;
}
