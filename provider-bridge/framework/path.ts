// Attribute paths: where in a value a diagnostic or a replacement applies.

export type PathStep = { readonly attribute: string } | { readonly key: string } | { readonly index: number };
export type AttributePath = readonly PathStep[];

export const attr = (name: string): PathStep => ({ attribute: name });
export const key = (k: string): PathStep => ({ key: k });
export const index = (i: number): PathStep => ({ index: i });

/** A path from attribute names and keys: path("rules", 0, "id"); numbers are list indexes. */
export function path(...parts: (string | number)[]): AttributePath {
  return parts.map((p) => (typeof p === "number" ? { index: p } : { attribute: p }));
}

/** rules[0].id, labels["env"] */
export function formatPath(p: AttributePath): string {
  let out = "";
  for (const step of p) {
    if ("attribute" in step) out += out === "" ? step.attribute : `.${step.attribute}`;
    else if ("key" in step) out += `[${JSON.stringify(step.key)}]`;
    else out += `[${step.index}]`;
  }
  return out;
}

export function pathToProto(p: AttributePath): { steps: ({ attribute_name: string } | { element_key_string: string } | { element_key_int: number })[] } {
  return {
    steps: p.map((step) => {
      if ("attribute" in step) return { attribute_name: step.attribute };
      if ("key" in step) return { element_key_string: step.key };
      return { element_key_int: step.index };
    }),
  };
}
