// Revision-role pages: how to change a revision without a replacement that cannot complete.
// A revision is immutable, so a change replaces it; replacing it under the same name fails both
// ways (destroy first: a holder still references it; create first: the name is still taken).

import { kindSnake } from "../../model/naming.js";
import type { ResourceModel } from "../../model/types.js";

export function revisionSection(r: ResourceModel): string[] {
  const contentArg = r.attributes.some((a) => a.name === "manifest_digest") ? "manifest_digest" : undefined;
  const prefix = kindSnake(r.kind).split("_").pop();
  const nameExpr =
    contentArg !== undefined ? `"${prefix}-\${substr(var.${contentArg}, 7, 12)}"` : `"${prefix}-\${substr(sha256(jsonencode(local.${prefix}_spec)), 0, 12)}"`;
  return [
    "## Changing a revision",
    "",
    `A \`${r.kind}\` is an immutable revision: any change is a new resource. Replacing one under the`,
    "same `name` cannot complete: destroying it first is refused while anything still refers to it",
    "(`dependency_in_use`), and creating the replacement first is refused because the name is still",
    "taken. Give each revision its own name, derived from what it contains, and create the new one",
    "before the old one is destroyed; whatever refers to it then moves to the new name in the same apply.",
    "",
    ...(contentArg !== undefined ? [] : wholeSpecIntro(prefix)),
    "```terraform",
    ...(contentArg !== undefined ? [] : [`locals {`, `  ${prefix}_spec = {`, "    # every argument of the resource except name", "  }", "}", ""]),
    `resource "${r.typeName}" "current" {`,
    ...(contentArg !== undefined
      ? [`  ${"name".padEnd(contentArg.length)} = ${nameExpr}`, `  ${contentArg} = var.${contentArg}`]
      : [`  name = ${nameExpr}`, `  # each argument from local.${prefix}_spec, e.g. worker = local.${prefix}_spec.worker`]),
    "",
    "  lifecycle {",
    "    create_before_destroy = true",
    "  }",
    "}",
    "```",
    "",
    ...(contentArg !== undefined ? [] : cdktfHelper(r.kind, prefix!)),
  ];
}

/** Revisions that are not one manifest digest: the name is the digest of the whole spec (ADR 0161). */
function wholeSpecIntro(prefix: string | undefined): string[] {
  return [
    "Name it from the digest of its whole spec, so that no setting (bindings included) can change",
    `without a new name: keep every argument in one local and hash that local. An argument set on`,
    `the resource and not in \`local.${prefix ?? "revision"}_spec\` would not change the name.`,
    "",
  ];
}

function cdktfHelper(kind: string, prefix: string): string[] {
  return [
    "With CDKTF, `revision()` from the generated package (providers/takoform/revision.js) does this for the",
    "whole configuration object and sets `createBeforeDestroy`:",
    "",
    "```typescript",
    `new ${kind}(this, "current", revision<${kind}Config>("${prefix}", { /* every setting except name */ }));`,
    "```",
    "",
  ];
}
