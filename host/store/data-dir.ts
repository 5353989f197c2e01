// The data directory's guard at start (docs/reliability.md):
//   - the directory is 0700 and every file the host finds or creates in it 0600;
//   - a history marker (history.json) is written once the store has opened for the first time;
//   - a sqlite store is checked in full (store/integrity.ts) unless it is exactly as a clean close of
//     the host sealed it (store/seal.ts, ADR 0279);
//   - a store that is damaged, or empty/absent while the marker says this engine has held data,
//     is refused -- the host exits non-zero, the file untouched, with a message naming the file
//     and the recovery -- unless the operator starts with --repair, which moves the store aside
//     (<file>.damaged-<time>) and starts it empty.

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { lowdbStoreHealth, sqliteStoreHealth, type StoreHealth } from "./integrity.js";
import { sealStore, takeSeal } from "./seal.js";
import type { StoreEngine } from "./store.js";

export const HISTORY_MARKER = "history.json";

export class DamagedStoreError extends Error {}

interface History {
  engines: StoreEngine[];
  since: string;
}

/** The file-backed engines this guard checks; any other engine (a database server) is skipped. */
const STORE_FILES: Partial<Record<StoreEngine, string>> = { sqlite: "store.sqlite", lowdb: "store.json" };

export function storeFile(dataDir: string, engine: StoreEngine): string | undefined {
  const name = STORE_FILES[engine];
  return name === undefined ? undefined : path.join(dataDir, name);
}

function readHistory(dataDir: string): History | undefined {
  const file = path.join(dataDir, HISTORY_MARKER);
  if (!existsSync(file)) return undefined;
  try {
    const history = JSON.parse(readFileSync(file, "utf8")) as History;
    if (Array.isArray(history.engines)) return history;
  } catch {
    // an unreadable marker still says the directory has history
  }
  return { engines: ["sqlite", "lowdb"], since: "unknown" };
}

/**
 * Restricts the directory to its owner: 0700 for directories, 0600 for files, recursively. A mode
 * that is already right is left alone: a chmod moves the file's change time, which the store's
 * seal (store/seal.ts) reads as "written since".
 */
export function restrictDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const restrict = (file: string, mode: number) => {
    if ((statSync(file).mode & 0o7777) !== mode) chmodSync(file, mode);
  };
  const walk = (dir: string) => {
    restrict(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) restrict(full, 0o600);
    }
  };
  walk(dataDir);
}

/** Why the store may not be opened, or undefined when it may. */
export function storeRefusal(file: string, health: StoreHealth, history: History | undefined, engine: StoreEngine): string | undefined {
  const recovery =
    `Restore ${file} from a backup (docs/reliability.md, "Restoring a store"), or start once with ` +
    `--repair to move it aside as ${path.basename(file)}.damaged-<time> and start with an empty store.`;
  if (health.state === "damaged") return `${file} is damaged (${health.reason}); the host will not serve from it. ${recovery}`;
  const marked = history?.engines.includes(engine) === true;
  if (marked && health.state === "absent") return `${file} is missing, but this data directory has held a ${engine} store since ${history!.since}. ${recovery}`;
  if (marked && health.state === "empty")
    return `${file} is empty (${health.reason}), but this data directory has held data since ${history!.since}. ${recovery}`;
  return undefined;
}

/** Checks the store before it is opened; with repair, moves a refused store aside instead of throwing. */
export function guardDataDir(dataDir: string, engine: StoreEngine, options: { repair?: boolean; warn?: (line: string) => void } = {}): void {
  restrictDataDir(dataDir);
  if (engine === "postgres") return; // the database server keeps its own integrity; nothing of the store is in dataDir
  const file = storeFile(dataDir, engine);
  if (file === undefined) return;
  const health: StoreHealth = engine === "sqlite" ? (takeSeal(file) ? { state: "sealed" } : sqliteStoreHealth(file)) : lowdbStoreHealth(file);
  const refusal = storeRefusal(file, health, readHistory(dataDir), engine);
  if (refusal === undefined) {
    if (engine === "sqlite" && health.state === "absent") closeSync(openSync(file, "a", 0o600)); // SQLite gives its WAL the file's mode
    return;
  }
  if (options.repair !== true) throw new DamagedStoreError(`takoform host: ${refusal}`);
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  if (engine === "sqlite") closeSync(openSync(file, "a", 0o600));
  options.warn?.(`takoform host: --repair moved ${file} aside as ${aside}; starting with an empty store`);
}

/** After the store opened: the marker, and a lowdb document on disk so a later start can tell it was there. */
export function recordHistory(dataDir: string, engine: StoreEngine): void {
  if (engine === "postgres") return;
  const file = storeFile(dataDir, engine);
  if (file === undefined) return;
  if (engine === "lowdb" && !existsSync(file)) writeFileSync(file, JSON.stringify({ format: "takoform-host-store@1", entries: {} }), { mode: 0o600 });
  const history = readHistory(dataDir);
  if (history?.engines.includes(engine) === true) return;
  const next: History = { engines: [...(history?.engines ?? []), engine], since: history?.since ?? new Date().toISOString() };
  writeFileSync(path.join(dataDir, HISTORY_MARKER), JSON.stringify(next) + "\n", { mode: 0o600 });
}

/** After the store closed cleanly: seals a sqlite store so the next start need not scan it again (store/seal.ts). */
export function sealClosedStore(dataDir: string, engine: StoreEngine): void {
  const file = engine === "sqlite" ? storeFile(dataDir, engine) : undefined;
  if (file !== undefined) sealStore(file);
}
