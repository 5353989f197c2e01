// Deterministic JSON text for files the pin tool writes: two-space indentation and a trailing
// newline. Generated documents (package indexes, the corpus index) also get sorted member names;
// authored documents keep the member order their author chose.

export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** Deep copy with object members sorted by name (UTF-16 code unit order); arrays keep their order. */
export function sortMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortMembers);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortMembers((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
