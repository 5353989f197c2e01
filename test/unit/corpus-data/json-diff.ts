// Leaf-level differences between two JSON values, for tests that must state exactly what differs.

export type Difference = { pointer: string; first: unknown; second: unknown };

/** Leaf-level differences between two JSON values, by JSON pointer. */
export function jsonDiff(a: unknown, b: unknown, at = ""): Difference[] {
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: Difference[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...jsonDiff(a[i], b[i], `${at}/${i}`));
    return out;
  }
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => jsonDiff(a[k], b[k], `${at}/${k}`));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ pointer: at, first: a, second: b }];
}
