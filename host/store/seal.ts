// The seal of a cleanly closed SQLite store (ADR 0279). A host that closed its store -- every batch
// durable, both connections closed, the WAL checkpointed into the file and removed -- writes
// <file>.sealed with the file's identity: device, inode, size, and modification and change times
// in nanoseconds. The next start that finds the seal matching the file exactly, and no WAL beside
// it, knows that nothing has written the file since this host verified and then closed it, and
// skips the full integrity scan (quick_check and a parse of every value: about 130 ms at 10,000
// stored). Any write changes the change time, which no tool can set back, so a file edited,
// truncated, restored from a backup or rewritten in place is checked in full. A seal is used once:
// the start removes it, and only a clean close writes the next one. A crash writes none.

import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";

export const SEAL_SUFFIX = ".sealed";

interface Seal {
  seal: 1;
  dev: string;
  ino: string;
  size: string;
  mtimeNs: string;
  ctimeNs: string;
}

function identity(file: string): Seal | undefined {
  const st = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (st === undefined || !st.isFile()) return undefined;
  return { seal: 1, dev: String(st.dev), ino: String(st.ino), size: String(st.size), mtimeNs: String(st.mtimeNs), ctimeNs: String(st.ctimeNs) };
}

/** Whether SQLite left a WAL with content beside the file (then the file alone is not the store). */
function walBeside(file: string): boolean {
  const wal = statSync(`${file}-wal`, { throwIfNoEntry: false });
  return wal !== undefined && wal.size > 0;
}

/** After a clean close of the store at `file`: writes its seal (not when a WAL with content remains). */
export function sealStore(file: string): void {
  const seal = identity(file);
  if (seal === undefined || walBeside(file)) return;
  const tmp = `${file}${SEAL_SUFFIX}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(seal) + "\n", { mode: 0o600 });
    renameSync(tmp, file + SEAL_SUFFIX);
  } catch {
    rmSync(tmp, { force: true }); // no seal: the next start checks in full
  }
}

/** At start: whether the store at `file` is exactly as a clean close sealed it. Removes the seal either way. */
export function takeSeal(file: string): boolean {
  const sealFile = file + SEAL_SUFFIX;
  if (!existsSync(sealFile)) return false;
  let sealed: Partial<Seal> | undefined;
  try {
    sealed = JSON.parse(readFileSync(sealFile, "utf8")) as Partial<Seal>;
  } catch {
    sealed = undefined;
  }
  rmSync(sealFile, { force: true });
  const now = identity(file);
  if (sealed === undefined || now === undefined || walBeside(file)) return false;
  return (Object.keys(now) as (keyof Seal)[]).every((key) => sealed[key] === now[key]);
}
