// The executable Terraform starts. It must `exec` node: Terraform kills only
// its direct child, and a shell left waiting would orphan node and hang
// Terraform on the inherited pipes.

/** A POSIX shell single-quoted word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function launcherScript(nodePath: string, cliPath: string, version: string): string {
  return [
    "#!/bin/sh",
    `# takoform provider ${version}: written by \`takoform provider install\`; runs \`takoform provider\`.`,
    `exec ${shellQuote(nodePath)} ${shellQuote(cliPath)} provider "$@"`,
    "",
  ].join("\n");
}
