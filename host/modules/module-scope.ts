// The top-level facts of one parsed module: its import bindings, its top-level declarations, what
// it exports under which name, and its default export.

import type { Program } from "acorn";
import type { EsNode } from "./ast-walk.js";

export type LocalBinding =
  | { kind: "import"; source: string; imported: string /* "default", a name, or "*" */ }
  | { kind: "function"; node: EsNode }
  | { kind: "class"; node: EsNode }
  | { kind: "variable"; declarationKind: "var" | "let" | "const"; init: EsNode | undefined; destructured: boolean };

export type ExportTarget =
  | { kind: "local"; local: string }
  | { kind: "expression"; node: EsNode } // export default <expression or anonymous declaration>
  | { kind: "reexport"; source: string; imported: string } // export { x as y } from "m"
  | { kind: "namespace"; source: string }; // export * as y from "m"

export interface ModuleScope {
  bindings: Map<string, LocalBinding>;
  exports: Map<string, ExportTarget>;
  /** Sources of `export * from "m"` (never carry a default). */
  starSources: string[];
}

const nameOf = (node: { type: string; name?: string; value?: unknown }): string => (node.type === "Identifier" ? String(node.name) : String(node.value));

export function moduleScope(program: Program): ModuleScope {
  const bindings = new Map<string, LocalBinding>();
  const exports = new Map<string, ExportTarget>();
  const starSources: string[] = [];

  const declare = (decl: EsNode): string[] => {
    if (decl.type === "FunctionDeclaration" && decl["id"]) {
      const name = nameOf(decl["id"] as EsNode & { name: string });
      bindings.set(name, { kind: "function", node: decl });
      return [name];
    }
    if (decl.type === "ClassDeclaration" && decl["id"]) {
      const name = nameOf(decl["id"] as EsNode & { name: string });
      bindings.set(name, { kind: "class", node: decl });
      return [name];
    }
    if (decl.type === "VariableDeclaration") {
      const names: string[] = [];
      for (const d of decl["declarations"] as EsNode[]) {
        const id = d["id"] as EsNode;
        const declarationKind = decl["kind"] as "var" | "let" | "const";
        if (id.type === "Identifier") {
          const name = String(id["name"]);
          bindings.set(name, { kind: "variable", declarationKind, init: (d["init"] as EsNode | null) ?? undefined, destructured: false });
          names.push(name);
        } else {
          for (const name of patternNames(id)) {
            bindings.set(name, { kind: "variable", declarationKind, init: undefined, destructured: true });
            names.push(name);
          }
        }
      }
      return names;
    }
    return [];
  };

  for (const statement of program.body as unknown as EsNode[]) {
    switch (statement.type) {
      case "ImportDeclaration": {
        const source = String((statement["source"] as EsNode)["value"]);
        for (const s of statement["specifiers"] as EsNode[]) {
          const local = nameOf(s["local"] as EsNode & { name: string });
          const imported = s.type === "ImportDefaultSpecifier" ? "default" : s.type === "ImportNamespaceSpecifier" ? "*" : nameOf(s["imported"] as EsNode);
          bindings.set(local, { kind: "import", source, imported });
        }
        break;
      }
      case "ExportNamedDeclaration": {
        const source = statement["source"] ? String((statement["source"] as EsNode)["value"]) : undefined;
        if (statement["declaration"]) {
          for (const name of declare(statement["declaration"] as EsNode)) exports.set(name, { kind: "local", local: name });
        }
        for (const s of statement["specifiers"] as EsNode[]) {
          const exported = nameOf(s["exported"] as EsNode);
          const local = nameOf(s["local"] as EsNode);
          exports.set(exported, source === undefined ? { kind: "local", local } : { kind: "reexport", source, imported: local });
        }
        break;
      }
      case "ExportDefaultDeclaration": {
        const decl = statement["declaration"] as EsNode;
        const named = (decl.type === "FunctionDeclaration" || decl.type === "ClassDeclaration") && decl["id"];
        if (named) {
          const [name] = declare(decl);
          exports.set("default", { kind: "local", local: name! });
        } else {
          exports.set("default", { kind: "expression", node: decl });
        }
        break;
      }
      case "ExportAllDeclaration": {
        const source = String((statement["source"] as EsNode)["value"]);
        if (statement["exported"]) exports.set(nameOf(statement["exported"] as EsNode), { kind: "namespace", source });
        else starSources.push(source);
        break;
      }
      default:
        declare(statement);
    }
  }
  return { bindings, exports, starSources };
}

function patternNames(pattern: EsNode): string[] {
  switch (pattern.type) {
    case "Identifier":
      return [String(pattern["name"])];
    case "ObjectPattern":
      return (pattern["properties"] as EsNode[]).flatMap((p) => patternNames((p.type === "RestElement" ? p["argument"] : p["value"]) as EsNode));
    case "ArrayPattern":
      return (pattern["elements"] as (EsNode | null)[]).flatMap((e) => (e === null ? [] : patternNames(e)));
    case "RestElement":
      return patternNames(pattern["argument"] as EsNode);
    case "AssignmentPattern":
      return patternNames(pattern["left"] as EsNode);
    default:
      return [];
  }
}
