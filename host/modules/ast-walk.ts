// A minimal ESTree walker: visits every node below a root with its parent, depth first.

export interface EsNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

function isNode(value: unknown): value is EsNode {
  return value !== null && typeof value === "object" && typeof (value as { type?: unknown }).type === "string";
}

export function walk(root: EsNode, visit: (node: EsNode, parent: EsNode | undefined, field: string | undefined) => void): void {
  const stack: { node: EsNode; parent: EsNode | undefined; field: string | undefined }[] = [{ node: root, parent: undefined, field: undefined }];
  while (stack.length > 0) {
    const { node, parent, field } = stack.pop()!;
    visit(node, parent, field);
    for (const key of Object.keys(node)) {
      if (key === "type" || key === "start" || key === "end" || key === "loc" || key === "range") continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) if (isNode(child[i])) stack.push({ node: child[i] as EsNode, parent: node, field: key });
      } else if (isNode(child)) {
        stack.push({ node: child, parent: node, field: key });
      }
    }
  }
}

/** 1-based line of an offset, for messages. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
