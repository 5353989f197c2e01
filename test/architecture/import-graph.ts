// The project's relative-import graph, read with the TypeScript scanner (static imports,
// re-exports and dynamic import() of string literals). Paths are repo-relative with "/".

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const SKIP = new Set(["node_modules", ".git", "dist", ".takoform", "fixtures"]);

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
  /** `import type` / `export type`: erased at run time, so it closes no cycle. */
  typeOnly: boolean;
}

function sources(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith(".")) continue;
    const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) sources(root, rel, out);
    else if (/\.(ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
}

/** Resolves "./x.js" written in TypeScript sources to the repo-relative file it names. */
function resolved(from: string, specifier: string): string {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return joined.replace(/\.js$/, ".ts").replace(/\.mjs$/, ".mts");
}

export function importGraph(root: string): ImportEdge[] {
  const files: string[] = [];
  sources(root, "", files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(path.join(root, from), "utf8");
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
    const info = ts.preProcessFile(text, true, true);
    for (const imported of info.importedFiles) {
      if (!imported.fileName.startsWith(".")) continue;
      const to = resolved(from, imported.fileName);
      if (to.startsWith("..")) continue;
      let line = 0;
      while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= imported.pos) line++;
      // The statement starts on the nearest line above that opens an import or export.
      let start = line;
      while (start > 0 && !/^\s*(import|export)\b/.test(text.slice(lineStarts[start]!, lineStarts[start + 1] ?? text.length))) start--;
      const statement = text.slice(lineStarts[start]!, lineStarts[start + 1] ?? text.length);
      edges.push({ from, to, line: line + 1, typeOnly: /^\s*(import|export) type\b/.test(statement) });
    }
  }
  return edges;
}

/** Every import cycle among the given modules (strongly connected components of size > 1). */
export function cycles(edges: readonly ImportEdge[], within: (file: string) => boolean): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly || !within(edge.from) || !within(edge.to)) continue;
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  }
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return out;
}
