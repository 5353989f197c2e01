// The "Import" section of a resource page.

import type { ResourceModel } from "../../model/types.js";

/** The import commands of a resource: examples/resources/<type>/import.sh and the page's shell block. */
export function importCommands(r: ResourceModel): string[] {
  const ref = r.defaultRef;
  const exact = JSON.stringify({
    space: "SPACE",
    apiVersion: ref.apiVersion,
    kind: ref.kind,
    definitionVersion: ref.definitionVersion,
    schemaDigest: ref.schemaDigest,
    name: "NAME",
  });
  return [
    `terraform import ${r.typeName}.example NAME`,
    `terraform import ${r.typeName}.example SPACE/NAME`,
    `terraform import ${r.typeName}.example '${exact}'`,
  ];
}

export function importSection(r: ResourceModel): string[] {
  return [
    "## Import",
    "",
    "An existing resource is imported by name, optionally with its space. The short forms bind the",
    "imported state to the default definition; to adopt a resource created under another",
    "definition, name that exact definition in a JSON import ID (a SpaceID may contain any",
    "character but `/`, so no delimiter could carry all of it).",
    "",
    "```shell",
    ...importCommands(r),
    "```",
    "",
    "Or with an import block:",
    "",
    "```terraform",
    "import {",
    `  to = ${r.typeName}.example`,
    '  id = "NAME"',
    "}",
    "```",
    "",
  ];
}
