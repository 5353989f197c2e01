// `takoform provider spares [--stop]`: the spare processes of one spare directory (ADR 0282),
// found by their command line (`start.cjs --spare DIR`), each waiting (its marker published) or
// serving a session, with the sessions it has served and its resident memory.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { READY } from "./directory.js";

export interface SpareProcess {
  pid: number;
  state: "waiting" | "serving";
  /** Sessions served so far (the FIFO of a waiting spare is numbered by it). */
  sessions: number | undefined;
  rssMiB: number | undefined;
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
      let marker: string | undefined;
      try {
        marker = readFileSync(join(dir, READY, entry), "latin1");
      } catch {
        marker = undefined;
      }
      const round = marker === undefined ? undefined : /^\d+-(\d+)\.out /.exec(marker)?.[1];
      found.push({ pid, state: marker === undefined ? "serving" : "waiting", sessions: round === undefined ? undefined : Number(round), rssMiB: rssMiB(pid) });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found.sort((a, b) => a.pid - b.pid);
}

export function describeSpare(spare: SpareProcess): string {
  const served = spare.sessions === undefined ? "" : `, ${spare.sessions} session${spare.sessions === 1 ? "" : "s"} served`;
  const rss = spare.rssMiB === undefined ? "" : `, ${spare.rssMiB} MiB`;
  return `${spare.pid} ${spare.state}${served}${rss}`;
}
