// In-process serialization of work on one database file: callers with the same resolved path run
// one after another, in arrival order. (Across processes SQLite's own locking serializes: each
// file is applied under BEGIN IMMEDIATE and re-verifies the ledger inside its transaction.)

import fs from "node:fs";
import path from "node:path";

const tails = new Map<string, Promise<void>>();

export function lockKey(dbPath: string): string {
  const resolved = path.resolve(dbPath);
  try {
    return fs.realpathSync(resolved);
  } catch {
    try {
      return path.join(fs.realpathSync(path.dirname(resolved)), path.basename(resolved));
    } catch {
      return resolved;
    }
  }
}

export async function withPathLock<T>(dbPath: string, work: () => Promise<T>): Promise<T> {
  const key = lockKey(dbPath);
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}
