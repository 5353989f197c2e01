// The executable Terraform starts. It must `exec` node: Terraform kills only
// its direct child, and a shell left waiting would orphan node and hang
// Terraform on the inherited pipes.
//
// TAKOFORM_PROVIDER_NODE_FLAGS, when set, is split into words and passed to
// node before the script: Terraform hands its environment to the plugins it
// starts, and node refuses flags such as --cpu-prof in NODE_OPTIONS, so this
// is how every provider process of one terraform command gets profiled
// (bench/tools/profile-provider.ts).

export const NODE_FLAGS_ENV = "TAKOFORM_PROVIDER_NODE_FLAGS";

/** A POSIX shell single-quoted word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * With `bundle` (install/bundle.ts), node runs the bundle when it exists and
 * the CLI otherwise (a dist/ cleaned since the install).
 */
export function launcherScript(nodePath: string, cliPath: string, version: string, bundle?: string): string {
  const node = `${shellQuote(nodePath)} \${${NODE_FLAGS_ENV}:-}`;
  return [
    "#!/bin/sh",
    `# takoform provider ${version}: written by \`takoform provider install\`; runs \`takoform provider\`.`,
    ...(bundle === undefined ? [] : [`[ -f ${shellQuote(bundle)} ] && exec ${node} ${shellQuote(bundle)} "$@"`]),
    `exec ${node} ${shellQuote(cliPath)} provider "$@"`,
    "",
  ].join("\n");
}
