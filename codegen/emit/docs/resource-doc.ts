// One resource page in the Terraform Registry layout: docs/resources/<name>.md.

import { artifactSourceAttributes } from "../../model/artifact-kinds.js";
import { addressAttributes, identityAttributes } from "../../model/identity-attributes.js";
import { TYPE_PREFIX } from "../../model/naming.js";
import type { ResourceModel } from "../../model/types.js";
import type { LoadedForm } from "../../parse/load.js";
import { exampleEntries, exampleHcl, exampleTypeScript } from "./example.js";
import { importSection } from "./import-section.js";
import { referenceList } from "./reference.js";
import { revisionSection } from "./revision-section.js";

function firstSentence(text: string): string {
  const m = text.match(/^.*?[.!?](?=\s|$)/s);
  return (m ? m[0] : text).replace(/\s+/g, " ").trim();
}

function updates(r: ResourceModel): string {
  const canUpdate = r.capabilities[r.defaultRef.definitionVersion]?.includes("update") === true && r.role !== "revision";
  if (!canUpdate) return "none: this Form declares no update, so every argument forces replacement";
  const fixed = r.attributes.filter((a) => a.requiresReplace).map((a) => `\`${a.name}\``);
  return fixed.length === 0 ? "in place" : `in place, except ${fixed.join(", ")} (immutable: changing any of them replaces the resource)`;
}

function definitionsTable(r: ResourceModel): string[] {
  const rows = r.supportedRefs.map((ref) => {
    const isDefault = ref.definitionVersion === r.defaultRef.definitionVersion && ref.schemaDigest === r.defaultRef.schemaDigest;
    const caps = (r.capabilities[ref.definitionVersion] ?? []).join(", ");
    return `| ${ref.definitionVersion} | \`${ref.schemaDigest}\` | ${caps} | ${isDefault ? "default for new resources" : "existing resources"} |`;
  });
  return [
    "| definitionVersion | schemaDigest | lifecycle capabilities | used for |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    "A resource stays bound to the exact definition it was created under (`form_ref` in its `status_json`); only new resources use the default.",
  ];
}

export function resourceDoc(r: ResourceModel, defaultForm: LoadedForm): string {
  const entries = exampleEntries(r, defaultForm);
  const args = [...addressAttributes(), ...artifactSourceAttributes(r), ...r.attributes];
  const required = referenceList(args.filter((a) => a.required));
  const optional = referenceList(args.filter((a) => !a.required));
  const readOnly = referenceList([...r.outputs, ...identityAttributes()].sort((a, b) => (a.name < b.name ? -1 : 1)));
  const facts = ["| | |", "| --- | --- |", `| Form | \`${r.apiVersion}\` \`${r.kind}\` |`, `| Role | \`${r.role}\` |`, `| Updates | ${updates(r)} |`];
  if (r.artifact !== undefined) facts.push(`| Artifact | \`manifest_digest\` names a committed \`${r.artifact.manifestKind}\` manifest |`);
  return (
    [
      "---",
      `page_title: "${r.typeName} Resource - takoform"`,
      `subcategory: "${r.apiVersion}"`,
      "description: |-",
      `  ${firstSentence(r.description || r.title)}`,
      "---",
      "",
      `# ${r.typeName} (Resource)`,
      "",
      r.description || r.title,
      "",
      ...facts,
      "",
      "## Form definitions",
      "",
      ...definitionsTable(r),
      "",
      "## Example Usage",
      "",
      "```terraform",
      exampleHcl(r, entries),
      "```",
      "",
      "### CDKTF (TypeScript)",
      "",
      "```typescript",
      exampleTypeScript(r, entries),
      "```",
      "",
      ...(r.role === "revision" ? revisionSection(r) : []),
      "## Argument Reference",
      "",
      "### Required",
      "",
      ...required.bullets,
      "",
      ...(optional.bullets.length > 0 ? ["### Optional", "", ...optional.bullets, ""] : []),
      "## Attribute Reference",
      "",
      r.outputs.length > 0
        ? `Declared outputs (${r.outputs.map((o) => `\`${o.name}\``).join(", ")}) are typed; \`outputs_json\` carries the whole document.`
        : 'This Form declares no outputs; `outputs_json` is `"{}"`.',
      "",
      ...readOnly.bullets,
      "",
      ...required.nested,
      ...optional.nested,
      ...readOnly.nested,
      ...importSection(r),
    ]
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd() + "\n"
  );
}

/** Registry file name: docs/resources/<type name without the provider prefix>.md. */
export function resourceDocPath(r: ResourceModel): string {
  return `resources/${r.typeName.slice(TYPE_PREFIX.length)}.md`;
}
