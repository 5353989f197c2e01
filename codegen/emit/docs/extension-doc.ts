// Pages of the host-extension resource types (codegen/model/host-extensions.ts): not Forms, so the
// Form-driven resource page does not apply; the page is built from the schema block itself.

import { HOST_EXTENSION_RESOURCES } from "../../model/host-extensions.js";

interface ExtensionAttribute {
  type: string;
  description: string;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  write_only?: boolean;
}

interface ExtensionSchema {
  block: { attributes: Record<string, ExtensionAttribute>; description: string };
}

const EXAMPLES: Record<string, string> = {
  takoform_secret: [
    'variable "api_token" {',
    "  type      = string",
    "  sensitive = true",
    "  ephemeral = true",
    "}",
    "",
    'resource "takoform_secret" "api_token" {',
    "  worker        = takoform_module_worker.api.name",
    '  name          = "API_TOKEN"',
    "  value         = var.api_token",
    "  value_version = 1",
    "}",
  ].join("\n"),
};

const IMPORTS: Record<string, string[]> = {};

function bullet(name: string, a: ExtensionAttribute): string {
  const flags = [
    a.required ? "Required" : a.optional ? "Optional" : "Read-only",
    ...(a.sensitive ? ["Sensitive"] : []),
    ...(a.write_only ? ["Write-only"] : []),
  ];
  return `- \`${name}\` (${a.type === "number" ? "Number" : "String"}, ${flags.join(", ")}) ${a.description}`;
}

/** resources/<name>.md of every host-extension type. */
export function extensionDocs(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [typeName, raw] of Object.entries(HOST_EXTENSION_RESOURCES)) {
    const { block } = raw as ExtensionSchema;
    const entries = Object.entries(block.attributes).sort(([a], [b]) => (a < b ? -1 : 1));
    const args = entries.filter(([, a]) => a.required || a.optional);
    const readOnly = entries.filter(([, a]) => !a.required && !a.optional);
    const lines = [
      "---",
      `page_title: "${typeName} Resource - takoform"`,
      'subcategory: "host extensions"',
      "description: |-",
      `  ${block.description.split(". ")[0]}.`,
      "---",
      "",
      `# ${typeName} (Resource)`,
      "",
      block.description,
      "",
      "## Example Usage",
      "",
      "```terraform",
      extensionExample(typeName),
      "```",
      "",
      "## Argument Reference",
      "",
      ...args.map(([n, a]) => bullet(n, a)),
      "",
      "## Attribute Reference",
      "",
      ...readOnly.map(([n, a]) => bullet(n, a)),
      "",
    ];
    files.set(`resources/${typeName.replace(/^takoform_/, "")}.md`, lines.join("\n"));
  }
  return files;
}

export function extensionExample(typeName: string): string {
  return EXAMPLES[typeName] ?? `resource "${typeName}" "example" {\n}`;
}

export function extensionImports(typeName: string): string[] {
  return IMPORTS[typeName] ?? [];
}
