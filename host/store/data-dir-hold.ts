// One host per data directory (ADR 0284). A host holds an exclusive SQLite lock on
// <data>/host.lock from before it looks at its store until after it has closed and sealed it. The
// lock is the kernel's (SQLite's POSIX record lock, per process): it ends with the process however
// the process ends, so a crash leaves nothing stale to clean up, and a second host on the same
// directory is refused at once instead of serving beside the first with fences of its own.

import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export const HOLD_FILE = "host.lock";
/** Who holds the directory, for the message a refused host prints (informative only: the lock decides). */
export const HOLDER_FILE = "host.pid";

export class DataDirInUseError extends Error {}

export interface DataDirHold {
  /** Ends the hold; the next host may start on the directory. Idempotent. */
  release(): void;
}

function holderNote(dataDir: string): string {
  try {
    const holder = JSON.parse(readFileSync(path.join(dataDir, HOLDER_FILE), "utf8")) as { pid?: unknown; since?: unknown };
    if (typeof holder.pid === "number" && typeof holder.since === "string") return ` (pid ${holder.pid}, since ${holder.since})`;
  } catch {
    // written by the holder after it took the lock; absent for an instant at most
  }
  return "";
}

/** Takes the data directory for this process, or throws DataDirInUseError when another host has it. */
export function holdDataDir(dataDir: string): DataDirHold {
  const file = path.join(dataDir, HOLD_FILE);
  closeSync(openSync(file, "a", 0o600));
  const db = new Database(file, { timeout: 0 });
  try {
    // An exclusive transaction that is never committed: no page is written, the lock is kept
    // until the connection closes (or the process ends).
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    db.close();
    const code = (error as { code?: unknown }).code;
    if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT")
      throw new Error(
        `${file} is not the lock file a takoform host makes (${String(code)}): something else wrote it. ` +
          `Remove it (no host can be holding it) and start again.`,
      );
    if (code !== "SQLITE_BUSY") throw error;
    throw new DataDirInUseError(
      `another takoform host is serving from ${dataDir}${holderNote(dataDir)}: it holds ${file}. ` +
        `Two hosts on one data directory would each accept writes the other cannot see. Stop that host first, ` +
        `or start this one with another --data directory (replicas that share a store use --store postgres, each with its own --data).`,
    );
  }
  const holder = path.join(dataDir, HOLDER_FILE);
  writeFileSync(holder, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }) + "\n", { mode: 0o600 });
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      rmSync(holder, { force: true });
      db.close();
    },
  };
}
