// Reduces a JSON Schema to the facts two hosts must agree on, so our schemas can be compared
// with the reference's: local $refs are inlined (so $defs names do not matter), prose
// (title, description, $comment) is dropped, and annotation digests are dropped because each
// corpus points at its own pinned documents. Set-valued keywords (required, enum, type arrays)
// are sorted.

const PROSE = new Set(["title", "description", "$comment"]);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function normalizeSchema(schema: unknown): unknown {
  const root = schema;
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith("#/")) throw new Error(`non-local $ref ${ref}`);
    return ref
      .slice(2)
      .split("/")
      .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((node, token) => (isObject(node) ? node[token] : undefined), root);
  };
  const visit = (node: unknown, depth: number): unknown => {
    if (depth > 64) throw new Error("schema nests too deep (cyclic $ref?)");
    if (Array.isArray(node)) return node.map((n) => visit(n, depth + 1));
    if (!isObject(node)) return node;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#")) {
      const { $ref, ...rest } = node;
      const target = visit(resolve($ref), depth + 1);
      return Object.keys(rest).filter((k) => !PROSE.has(k)).length === 0 ? target : { ...(visit(rest, depth + 1) as object), $ref: target };
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (PROSE.has(key) || key === "$defs") continue;
      if (key === "x-takoform-required-interface" && isObject(value)) {
        const { schemaDigest: _, ...identity } = value;
        out[key] = identity;
      } else if (key === "x-takoform-target-formrefs" && Array.isArray(value)) {
        out[key] = value.map((ref) => {
          const { schemaDigest: _, ...identity } = ref as Record<string, unknown>;
          return identity;
        });
      } else if ((key === "required" || key === "enum" || key === "type") && Array.isArray(value)) {
        // Set-valued keywords: order carries no meaning for validation.
        out[key] = [...value].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      } else if (key === "properties" && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, depth + 1)]));
      } else {
        out[key] = visit(value, depth + 1);
      }
    }
    return out;
  };
  return visit(schema, 0);
}
