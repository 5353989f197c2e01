// `takoform provider spares [--stop]`: the spare processes of one spare directory (ADR 0282),
// found by their command line (`start.cjs --spare DIR`), each waiting (its marker published) or
// serving a session, with the sessions it has served and its resident memory. A running
// command's own spares (ADR 0290, `--spare DIR --first PID`) are listed with the command they
// belong to; their markers are in that command's folder.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { READY } from "./directory.js";
import { COMMAND_DIR_PREFIX } from "./settings.js";

export interface SpareProcess {
  pid: number;
  state: "waiting" | "serving";
  /** Sessions served so far (the FIFO of a waiting spare is numbered by it). */
  sessions: number | undefined;
  rssMiB: number | undefined;
  /** A command's own spare (ADR 0290): the pid of its Terraform when it waits (its folder names it), else null. */
  command?: number | null;
}

/** The marker of spare `pid`: in the directory's ready/, or in a command's folder's. */
function markerOf(dir: string, pid: string): { text: string; command?: number } | undefined {
  const folders: [string, number | undefined][] = [[dir, undefined]];
  try {
    for (const name of readdirSync(dir))
      if (name.startsWith(COMMAND_DIR_PREFIX)) folders.push([join(dir, name), Number(name.slice(COMMAND_DIR_PREFIX.length))]);
  } catch {
    // no directory yet
  }
  for (const [folder, command] of folders) {
    try {
      return { text: readFileSync(join(folder, READY, pid), "latin1"), ...(command === undefined ? {} : { command }) };
    } catch {
      // not waiting there
    }
  }
  return undefined;
}

function rssMiB(pid: number): number | undefined {
  const kb = /^VmRSS:\s*(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1];
  return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
}

export function sparesIn(dir: string): SpareProcess[] {
  const found: SpareProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0");
      const at = argv.indexOf("--spare");
      if (at < 0 || argv[at + 1] !== dir) continue;
      const marker = markerOf(dir, entry);
      const round = marker === undefined ? undefined : /^\d+-(\d+)\.out /.exec(marker.text)?.[1];
      const command = argv[at + 2] === "--first" ? (marker?.command ?? null) : undefined;
      found.push({
        pid,
        state: marker === undefined ? "serving" : "waiting",
        sessions: round === undefined ? undefined : Number(round),
        rssMiB: rssMiB(pid),
        ...(command === undefined ? {} : { command }),
      });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found.sort((a, b) => a.pid - b.pid);
}

export function describeSpare(spare: SpareProcess): string {
  const served = spare.sessions === undefined ? "" : `, ${spare.sessions} session${spare.sessions === 1 ? "" : "s"} served`;
  const rss = spare.rssMiB === undefined ? "" : `, ${spare.rssMiB} MiB`;
  const of = spare.command === undefined ? "" : spare.command === null ? ", of a Terraform command" : `, of the Terraform command ${spare.command}`;
  return `${spare.pid} ${spare.state}${served}${rss}${of}`;
}
