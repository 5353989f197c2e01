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

import { EXTRA_CA_ENV } from "../client/extra-ca-env.js";
import { COMMAND_DIR_PREFIX, SPARE_DIR_ENV, SPARE_ENV } from "../plugin/spare/settings.js";

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

// With TAKOFORM_PROVIDER_SPARE=on, or auto (the default) when Terraform runs at a terminal outside
// automation (ADR 0282, ADR 0287), a provider process that served leaves a spare: a node process
// with everything loaded, waiting in the spare directory (plugin/spare/run.ts). In automation or
// without a terminal (auto), or with `command`, spares are the command's own (ADR 0290): they
// wait in command-<Terraform's pid> under the spare directory and end with that Terraform.
//
// Claiming: the launcher reads the name of the spare's FIFO and the descriptor it holds it on
// from its marker, ready/<pid>; checks that /proc/<pid>/fd/<fd> is that FIFO (the spare lives,
// and the pid is not another process's since); claims the spare by renaming the marker (rename
// is atomic: two launchers never get the same spare, and a spare that gave up waiting has
// removed its marker first); prints the handshake line the spare writes into its FIFO (opened
// read-write first, so opening it to read never blocks: a spare gone between the check and the
// open leaves no writer, the read ends at once and node starts instead); and becomes `cat`,
// relaying the spare's log to Terraform's stderr until the spare closes the FIFO at the
// session's end. It keeps stdout open (fd 4) as a process Terraform started would, and ignores
// SIGINT as the provider does (Ctrl-C reaches the whole process group; Terraform sends
// StopProvider instead). A spare that declines (another user's claim, a bundle changed since it
// started) writes a line that is not a handshake, and the launcher starts node itself.
//
// The command's first call finds no spare of its own: the launcher starts node as that
// command's spare itself, its descriptor 3 the write end of a pipe the launcher reads as it reads
// a claimed spare's FIFO (a pipeline: the left side starts the spare in the background and
// returns, the right side relays until the spare closes the pipe), and names itself ($$) as the
// launcher whose session the spare serves. Once the session ends the spare offers itself to the
// command's next call instead of exiting. A spare that cannot start (the pipe ends without a
// handshake line) leaves the launcher to start node itself.
const RELAY = `IFS= read -r l && case $l in '1|'*) printf '%s\\n' "$l"; trap '' INT; exec cat 4>&1 >&2 ;; *) false ;; esac`;

function claimSpare(spareDir: string, start: string, node: string): string[] {
  return [
    // auto: Terraform hands its stdin to the provider, so a terminal there is Terraform's; the
    // same rule as spareSetting's (CI set and not false or 0, or TF_IN_AUTOMATION set, is automation).
    "t=",
    `case "\${${SPARE_ENV}:-auto}" in`,
    "  on) t=1 ;;",
    "  command) t=c ;;",
    `  auto) t=c; if [ -t 0 ] && [ -z "\${TF_IN_AUTOMATION:-}" ]; then case "\${CI:-}" in ''|false|0) t=1 ;; esac; fi ;;`,
    "esac",
    `if [ -n "$t" ] && [ -z "\${NODE_OPTIONS:-}\${${NODE_FLAGS_ENV}:-}" ] && [ -f ${shellQuote(start)} ]; then`,
    `  ${SPARE_DIR_ENV}=\${${SPARE_DIR_ENV}:-${shellQuote(spareDir)}}; export ${SPARE_DIR_ENV}`,
    `  d=$${SPARE_DIR_ENV}`,
    `  [ "$t" = c ] && d=$d/${COMMAND_DIR_PREFIX}$PPID`,
    `  if [ -d "$d/ready" ] && [ -O "$d" ] && [ ! -L "$d" ]; then`,
    `    for m in "$d"/ready/*; do`,
    "      s=${m##*/}",
    "      case $s in ''|*[!0-9]*) continue ;; esac",
    `      read -r f n 2>/dev/null <"$m" || continue`,
    `      case $f in */*) continue ;; "$s"-*.out) ;; *) continue ;; esac`,
    "      case $n in ''|*[!0-9]*) continue ;; esac",
    `      [ "/proc/$s/fd/$n" -ef "$d/$f" ] && mv "$m" "$d/claimed/$s.$$" 2>/dev/null || continue`,
    `      { ${RELAY}; } 3<>"$d/$f" <"$d/$f" 3>&-`,
    "      break",
    "    done",
    "  fi",
    // Linux only (a spare reads its launcher from /proc): elsewhere node starts itself, as before.
    `  if [ "$t" = c ] && [ -r "/proc/$$/environ" ]; then`,
    "    trap '' INT",
    `    { ${SPARE_ENV}=command ${node} ${shellQuote(start)} --spare "$${SPARE_DIR_ENV}" --first $$ 3>&1 </dev/null >/dev/null 2>&1 & } | { ${RELAY}; } && exit 0`,
    "    trap - INT",
    "  fi",
    "fi",
  ];
}

/**
 * With `bundle` (install/bundle.ts), node runs the bundle when it exists and
 * the CLI otherwise (a dist/ cleaned since the install); spares, when on, wait
 * in `spareDir`.
 */
export function launcherScript(nodePath: string, cliPath: string, version: string, bundle?: string, spareDir?: string): string {
  const node = `${shellQuote(nodePath)} \${${NODE_FLAGS_ENV}:-}`;
  return [
    "#!/bin/sh",
    `# takoform provider ${version}: written by \`takoform provider install\`; runs \`takoform provider\`.`,
    ...HAND_ON_EXTRA_CA,
    ...(bundle === undefined || spareDir === undefined ? [] : claimSpare(spareDir, bundle, node)),
    ...(bundle === undefined ? [] : [`[ -f ${shellQuote(bundle)} ] && exec ${node} ${shellQuote(bundle)} "$@"`]),
    `exec ${node} ${shellQuote(cliPath)} provider "$@"`,
    "",
  ].join("\n");
}
