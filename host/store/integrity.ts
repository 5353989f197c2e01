// Whether a store file can be trusted before the host serves from it (docs/reliability.md,
// "A damaged store is refused"): SQLite's quick_check over the file and a parse of every stored
// value; for lowdb, the document's shape and every entry's. Reading never changes the file.

import { existsSync, readFileSync, statSync } from "node:fs";
import Database from "better-sqlite3";

export type StoreHealth =
  | { state: "absent" }
  | { state: "empty"; reason: string }
  | { state: "ok"; entries: number }
  /** Exactly as a clean close of this host left it (store/seal.ts): not scanned again. */
  | { state: "sealed" }
  | { state: "damaged"; reason: string };

export function sqliteStoreHealth(file: string): StoreHealth {
  if (!existsSync(file)) return { state: "absent" };
  if (statSync(file).size === 0) return { state: "empty", reason: "the file is 0 bytes long" };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.prepare("PRAGMA quick_check").pluck().all() as string[];
    if (check.length !== 1 || check[0] !== "ok") return { state: "damaged", reason: `quick_check: ${check.slice(0, 3).join("; ")}` };
    const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'entries'").get();
    if (table === undefined) return { state: "empty", reason: "the file holds no entries table" };
    // One scan inside SQLite finds the rows that may be damaged (json_valid instead of a JSON.parse
    // of every value in JavaScript: a fifth of the CPU at 10,000 stored, and the start waits on it);
    // entryProblem then words the first real problem exactly as before.
    for (const row of db.prepare(SUSPECT_ROWS).iterate() as Iterable<{ key: unknown; value: unknown; version: unknown }>) {
      const problem = entryProblem(row.key, row.value, row.version);
      if (problem !== undefined) return { state: "damaged", reason: problem };
    }
    const entries = db.prepare("SELECT count(*) FROM entries").pluck().get() as number;
    return { state: "ok", entries };
  } catch (error) {
    return { state: "damaged", reason: (error as Error).message };
  } finally {
    db?.close();
  }
}

/** Every row entryProblem could object to (a superset: it decides). */
const SUSPECT_ROWS = `SELECT key, value, version FROM entries WHERE NOT (
  typeof(key) = 'text' AND length(key) > 0 AND typeof(version) = 'integer' AND version >= 1 AND version <= 9007199254740991
  AND typeof(value) = 'text' AND json_valid(value))`;

const FORMAT = "takoform-host-store@1";

export function lowdbStoreHealth(file: string): StoreHealth {
  if (!existsSync(file)) return { state: "absent" };
  const text = readFileSync(file, "utf8");
  if (text.trim() === "") return { state: "empty", reason: "the file is empty" };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { state: "damaged", reason: `not JSON: ${(error as Error).message}` };
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    return { state: "damaged", reason: `the document is ${JSON.stringify(document)?.slice(0, 40)}, not a store object` };
  }
  const { format, entries } = document as { format?: unknown; entries?: unknown };
  if (format !== FORMAT) return { state: "damaged", reason: `format is ${JSON.stringify(format)}, expected ${FORMAT}` };
  if (typeof entries !== "object" || entries === null || Array.isArray(entries)) return { state: "damaged", reason: "entries is not an object" };
  let count = 0;
  for (const [key, entry] of Object.entries(entries)) {
    const { value, version } = (entry ?? {}) as { value?: unknown; version?: unknown };
    if (value === undefined || !Number.isSafeInteger(version) || (version as number) < 1)
      return { state: "damaged", reason: `entry ${key} has no value or version` };
    count++;
  }
  return { state: "ok", entries: count };
}

function entryProblem(key: unknown, value: unknown, version: unknown): string | undefined {
  if (typeof key !== "string" || key.length === 0) return "a row has no key";
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 1) return `entry ${key.slice(0, 80)} has version ${String(version)}`;
  if (typeof value !== "string") return `entry ${key.slice(0, 80)} has no value`;
  try {
    JSON.parse(value);
  } catch {
    return `entry ${key.slice(0, 80)} holds a value that is not JSON`;
  }
  return undefined;
}
