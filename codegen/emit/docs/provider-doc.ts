// docs/index.md: the provider page.

import { providerConfigAttributes } from "../../model/provider-config.js";
import type { ProviderModel } from "../../model/types.js";
import { PROVIDER_DESCRIPTION } from "../provider-schema/emit.js";
import { referenceList } from "./reference.js";
import { resourceDocPath } from "./resource-doc.js";
import { HOST_EXTENSION_RESOURCES } from "../../model/host-extensions.js";

/** examples/provider/provider.tf, embedded in the provider page. */
export function providerExampleHcl(model: ProviderModel): string {
  const [, namespace, name] = model.source.split("/");
  return [
    "terraform {",
    "  required_providers {",
    "    takoform = {",
    `      source = "${namespace}/${name}"`,
    "    }",
    "  }",
    "}",
    "",
    'provider "takoform" {',
    '  endpoint = "https://host.example/api"',
    '  space    = "production"',
    "}",
  ].join("\n");
}

export function providerDoc(model: ProviderModel): string {
  const config = referenceList(providerConfigAttributes());
  return [
    "---",
    'page_title: "takoform Provider"',
    "description: |-",
    `  ${PROVIDER_DESCRIPTION}`,
    "---",
    "",
    "# takoform Provider",
    "",
    PROVIDER_DESCRIPTION,
    "",
    "## Example Usage",
    "",
    "```terraform",
    providerExampleHcl(model),
    "```",
    "",
    "## Schema",
    "",
    "### Optional",
    "",
    ...config.bullets,
    "",
    "## Resources",
    "",
    "| resource type | Form | role | definitions (default in bold) |",
    "| --- | --- | --- | --- |",
    ...model.resources.map((r) => {
      const versions = r.supportedRefs.map((ref) =>
        ref.definitionVersion === r.defaultRef.definitionVersion ? `**${ref.definitionVersion}**` : ref.definitionVersion,
      );
      return `| [${r.typeName}](${resourceDocPath(r)}) | \`${r.kind}\` | ${r.role} | ${versions.join(", ")} |`;
    }),
    ...Object.keys(HOST_EXTENSION_RESOURCES).map((t) => `| [${t}](resources/${t.replace(/^takoform_/, "")}.md) | host extension | - | - |`),
    "",
  ].join("\n");
}
