// ExampleValue -> HCL text, laid out the way `terraform fmt` leaves it (aligned "=").

import { AttrObject, RefValue, type ExampleValue } from "./example-values.js";

const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function hclString(s: string): string {
  return JSON.stringify(s).replaceAll("${", "$${").replaceAll("%{", "%%{");
}

function isInline(v: ExampleValue): boolean {
  return v === null || typeof v !== "object" || v instanceof RefValue || (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object"));
}

function entriesOf(v: AttrObject | { [key: string]: ExampleValue }): [string, ExampleValue][] {
  return v instanceof AttrObject ? v.entries : Object.entries(v);
}

/** Renders `key = value` lines for one body, aligning "=" across runs of single-line entries. */
export function hclBody(entries: [string, ExampleValue][], indent: string): string[] {
  const rendered = entries.map(([k, v]) => ({ key: IDENT.test(k) ? k : hclString(k), value: hclValue(v, indent) }));
  const lines: string[] = [];
  let i = 0;
  while (i < rendered.length) {
    let j = i;
    while (j < rendered.length && !rendered[j]!.value.includes("\n")) j++;
    const run = rendered.slice(i, Math.max(j, i + 1));
    const width = Math.max(...run.map((r) => r.key.length));
    for (const r of run) lines.push(`${indent}${r.key.padEnd(r.value.includes("\n") ? r.key.length : width)} = ${r.value}`);
    i += run.length;
  }
  return lines;
}

export function hclValue(v: ExampleValue, indent: string): string {
  if (v === null) return "null";
  if (typeof v === "string") return hclString(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (v instanceof RefValue) return `${v.typeName}.${v.label}.name`;
  const inner = indent + "  ";
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    if (v.every(isInline)) return `[${v.map((x) => hclValue(x, inner)).join(", ")}]`;
    return `[\n${v.map((x) => `${inner}${hclValue(x, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = entriesOf(v);
  if (entries.length === 0) return "{}";
  return `{\n${hclBody(entries, inner).join("\n")}\n${indent}}`;
}

/** One resource block. */
export function hclResource(typeName: string, label: string, entries: [string, ExampleValue][]): string {
  return [`resource "${typeName}" "${label}" {`, ...hclBody(entries, "  "), "}"].join("\n");
}
