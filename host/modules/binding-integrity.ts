// Decides whether a top-level binding still denotes the value it was initialized with: a binding
// that is reassigned, has a member written or deleted, or escapes (passed to a call, aliased,
// stored elsewhere) may carry own properties no static reading of its initializer shows.
// Conservative: any same-named identifier counts, whatever scope it is in.

import type { Program } from "acorn";
import { lineOf, walk, type EsNode } from "./ast-walk.js";

/**
 * "assigned": members are only written (keys may be added or re-valued, none removed);
 * "opaque": reassigned, deleted from, or escaped, so nothing about its own keys is certain.
 */
export type Integrity = { intact: true } | { intact: false; reason: string; extent: "assigned" | "opaque" };

const MEMBER_ASSIGNED = "has a member assigned";
const READ_PARENTS = new Set(["ExportSpecifier", "ExportDefaultDeclaration", "SpreadElement", "BinaryExpression", "IfStatement", "ConditionalExpression"]);

export function bindingIntegrity(program: Program, text: string, name: string): Integrity {
  const parents = new Map<EsNode, { parent: EsNode | undefined; field: string | undefined }>();
  const references: EsNode[] = [];
  walk(program as unknown as EsNode, (node, parent, field) => {
    parents.set(node, { parent, field });
    if (node.type === "Identifier" && node["name"] === name) references.push(node);
  });
  let assigned: string | undefined;
  for (const id of references) {
    const { parent, field } = parents.get(id) ?? { parent: undefined, field: undefined };
    if (parent === undefined) continue;
    const problem = classify(id, parent, field, parents);
    if (problem === undefined) continue;
    const reason = `\`${name}\` ${problem} at line ${lineOf(text, id.start)}`;
    if (problem === MEMBER_ASSIGNED) assigned ??= reason;
    else return { intact: false, reason, extent: "opaque" };
  }
  return assigned === undefined ? { intact: true } : { intact: false, reason: assigned, extent: "assigned" };
}

function classify(
  id: EsNode,
  parent: EsNode,
  field: string | undefined,
  parents: Map<EsNode, { parent: EsNode | undefined; field: string | undefined }>,
): string | undefined {
  // Names that are not references.
  if (parent.type === "VariableDeclarator" && field === "id") return undefined;
  if (
    (parent.type === "FunctionDeclaration" ||
      parent.type === "ClassDeclaration" ||
      parent.type === "FunctionExpression" ||
      parent.type === "ClassExpression") &&
    field === "id"
  )
    return undefined;
  if ((parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && field === "key" && !parent["computed"])
    return undefined;
  if (parent.type === "MemberExpression" && field === "property" && !parent["computed"]) return undefined;
  if (parent.type.startsWith("Import")) return undefined;
  if (READ_PARENTS.has(parent.type)) return undefined;
  if (parent.type === "UnaryExpression") return parent["operator"] === "delete" ? "is deleted" : undefined;
  if (parent.type === "AssignmentExpression" && field === "left") return "is reassigned";
  if (parent.type === "UpdateExpression") return "is reassigned";
  if (parent.type === "MemberExpression" && field === "object") {
    const up = parents.get(parent);
    if (up?.parent === undefined) return undefined;
    const g = up.parent;
    if (g.type === "AssignmentExpression" && up.field === "left") return MEMBER_ASSIGNED;
    if (g.type === "UpdateExpression") return MEMBER_ASSIGNED;
    if (g.type === "UnaryExpression" && g["operator"] === "delete") return "has a member deleted";
    if ((g.type === "ForInStatement" || g.type === "ForOfStatement") && up.field === "left") return MEMBER_ASSIGNED;
    return undefined;
  }
  if ((parent.type === "CallExpression" || parent.type === "NewExpression") && field === "callee") return undefined;
  void id;
  return "escapes (passed on or aliased)";
}
