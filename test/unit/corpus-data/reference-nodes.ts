// Finds the reference-shaped nodes of a desired schema without trusting any annotation: a closed
// object that requires apiVersion, kind and name, with apiVersion and kind const.

export interface ReferenceNode {
  /** JSON pointer pattern of the reference in a spec; * is any array element or map member. */
  pointer: string;
  node: Record<string, unknown>;
  /** x-takoform-binding of the enclosing list, when the reference sits in a binding list. */
  binding?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function isReferenceNode(node: unknown): boolean {
  if (!isObject(node) || !isObject(node.properties) || !Array.isArray(node.required)) return false;
  const props = node.properties;
  const required = node.required as unknown[];
  return (
    ["apiVersion", "kind", "name"].every((m) => required.includes(m) && isObject(props[m])) &&
    typeof (props.apiVersion as Record<string, unknown>).const === "string" &&
    typeof (props.kind as Record<string, unknown>).const === "string"
  );
}

export function referenceNodes(schema: unknown): ReferenceNode[] {
  const out: ReferenceNode[] = [];
  const visit = (node: unknown, pointer: string, binding: string | undefined): void => {
    if (!isObject(node)) return;
    const here = typeof node["x-takoform-binding"] === "string" ? (node["x-takoform-binding"] as string) : binding;
    if (isReferenceNode(node)) {
      out.push({ pointer, node, ...(here ? { binding: here } : {}) });
      return;
    }
    if (isObject(node.properties)) for (const [name, sub] of Object.entries(node.properties)) visit(sub, `${pointer}/${name}`, here);
    if (isObject(node.items)) visit(node.items, `${pointer}/*`, here);
    if (isObject(node.additionalProperties)) visit(node.additionalProperties, `${pointer}/*`, here);
    for (const key of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(node[key])) for (const sub of node[key] as unknown[]) visit(sub, pointer, here);
  };
  visit(schema, "", undefined);
  return out;
}

/** Every node of a schema carrying `annotation`, with its JSON pointer inside the schema document. */
export function nodesWithAnnotation(schema: unknown, annotation: string): string[] {
  const out: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${at}/${i}`));
    if (!isObject(node)) return;
    if (annotation in node) out.push(at);
    for (const [k, v] of Object.entries(node)) if (!k.startsWith("x-takoform-")) visit(v, `${at}/${k}`);
  };
  visit(schema, "");
  return out;
}
