// The Terraform CLI configuration `takoform provider install` writes: the
// takoform provider comes from the local filesystem mirror, everything else
// from its registry as usual. No network is needed for takoform/takoform.

/** An HCL quoted string (escapes quotes, backslashes and template introducers). */
export function hclString(s: string): string {
  return `"${s
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\n/g, "\\n")
    .replace(/\$\{/g, () => "$${")
    .replace(/%\{/g, () => "%%{")}"`;
}

export function cliConfigText(mirrorDir: string, providerSource: string): string {
  return [
    "# Terraform CLI configuration written by `takoform provider install`.",
    "# Use it with: export TF_CLI_CONFIG_FILE=<this file>",
    "disable_checkpoint = true",
    "",
    "provider_installation {",
    "  filesystem_mirror {",
    `    path    = ${hclString(mirrorDir)}`,
    `    include = [${hclString(providerSource)}]`,
    "  }",
    "  direct {",
    `    exclude = [${hclString(providerSource)}]`,
    "  }",
    "}",
    "",
  ].join("\n");
}
