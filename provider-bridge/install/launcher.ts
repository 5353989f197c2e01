// The executable Terraform starts. It must `exec` node: Terraform kills only
// its direct child, and a shell left waiting would orphan node and hang
// Terraform on the inherited pipes.
//
// TAKOFORM_PROVIDER_NODE_FLAGS, when set, is split into words and passed to
// node before the script: Terraform hands its environment to the plugins it
// starts, and node refuses flags such as --cpu-prof in NODE_OPTIONS, so this
// is how every provider process of one terraform command gets profiled
// (bench/tools/profile-provider.ts).

// NODE_EXTRA_CA_CERTS makes node read and parse that whole file before the
// first line of JavaScript runs, whether or not the process ever opens a TLS
// connection: 35-40 ms per start for a distribution's bundle of about 140
// certificates, against 20 ms for the rest of `node -e 0`. Terraform starts
// three provider processes per plan and four per apply, and only one of them
// talks to the host. The launcher hands the path on under EXTRA_CA_ENV
// instead, and the provider adds those certificates to its HTTPS agent on its
// first https request to the host (client/extra-ca.ts), as node would have to
// its default store. With --use-openssl-ca or --use-system-ca in NODE_OPTIONS
// (or in TAKOFORM_PROVIDER_NODE_FLAGS) the default store is not node's own
// list, so the variable is left to node.
// (docs/decisions/0281-provider-extra-ca-certificates.md)

import { EXTRA_CA_ENV } from "../client/extra-ca.js";

export const NODE_FLAGS_ENV = "TAKOFORM_PROVIDER_NODE_FLAGS";

const HAND_ON_EXTRA_CA = [
  `case "\${NODE_OPTIONS:-} \${${NODE_FLAGS_ENV}:-}" in *--use-openssl-ca*|*--use-system-ca*) ;; *)`,
  `  if [ -n "\${NODE_EXTRA_CA_CERTS:-}" ]; then ${EXTRA_CA_ENV}=$NODE_EXTRA_CA_CERTS; export ${EXTRA_CA_ENV}; unset NODE_EXTRA_CA_CERTS; fi ;;`,
  "esac",
];

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
    ...HAND_ON_EXTRA_CA,
    ...(bundle === undefined ? [] : [`[ -f ${shellQuote(bundle)} ] && exec ${node} ${shellQuote(bundle)} "$@"`]),
    `exec ${node} ${shellQuote(cliPath)} provider "$@"`,
    "",
  ].join("\n");
}
