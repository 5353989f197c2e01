// Revision-role pages: how to change a revision without a replacement that cannot complete.
// A revision is immutable, so a change replaces it; replacing it under the same name fails both
// ways (destroy first: a holder still references it; create first: the name is still taken).

import { kindSnake } from "../../model/naming.js";
import type { ResourceModel } from "../../model/types.js";

export function revisionSection(r: ResourceModel): string[] {
  const contentArg = r.attributes.some((a) => a.name === "manifest_digest") ? "manifest_digest" : undefined;
  const prefix = kindSnake(r.kind).split("_").pop();
  const nameExpr = contentArg !== undefined ? `"${prefix}-\${substr(var.${contentArg}, 7, 12)}"` : `"${prefix}-\${var.revision}"`;
  return [
    "## Changing a revision",
    "",
    `A \`${r.kind}\` is an immutable revision: any change is a new resource. Replacing one under the`,
    "same `name` cannot complete: destroying it first is refused while anything still refers to it",
    "(`dependency_in_use`), and creating the replacement first is refused because the name is still",
    "taken. Give each revision its own name, derived from what it contains, and create the new one",
    "before the old one is destroyed; whatever refers to it then moves to the new name in the same apply.",
    "",
    "```terraform",
    `resource "${r.typeName}" "current" {`,
    ...(contentArg !== undefined
      ? [`  ${"name".padEnd(contentArg.length)} = ${nameExpr}`, `  ${contentArg} = var.${contentArg}`]
      : [`  name = ${nameExpr}`, "  # ... arguments ..."]),
    "",
    "  lifecycle {",
    "    create_before_destroy = true",
    "  }",
    "}",
    "```",
    "",
  ];
}
