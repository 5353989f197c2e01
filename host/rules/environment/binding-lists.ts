// Binding lists are discovered, not listed: every array property of a desiredSchema that carries
// the x-takoform-binding annotation. Found through nested object properties; "*" marks an array
// element in the returned pointer pattern.

export interface BindingList {
  /** Pointer pattern of the list itself, e.g. "/kvBindings". */
  pointer: string;
  /** The annotated Binding contract name, e.g. "module-worker.edge-kv". */
  binding: string;
}

export function bindingLists(desiredSchema: Record<string, unknown>): BindingList[] {
  const out: BindingList[] = [];
  const visit = (schema: unknown, pointer: string, depth: number): void => {
    if (depth > 16 || schema === null || typeof schema !== "object") return;
    const node = schema as Record<string, unknown>;
    const binding = node["x-takoform-binding"];
    if (typeof binding === "string") {
      out.push({ pointer, binding });
      return;
    }
    const props = node["properties"];
    if (props !== null && typeof props === "object") {
      for (const [name, child] of Object.entries(props as Record<string, unknown>)) {
        visit(child, `${pointer}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, depth + 1);
      }
    }
    if (node["items"] !== undefined) visit(node["items"], `${pointer}/*`, depth + 1);
  };
  visit(desiredSchema, "", 0);
  return out;
}
