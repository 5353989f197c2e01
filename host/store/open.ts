// Opens the configured store engine: sqlite and lowdb inside the host's data directory, postgres
// at a database URL (several hosts may share it).

import { mkdirSync } from "node:fs";
import path from "node:path";
import { openLowdbStore } from "./lowdb.js";
import type { PostgresObserver } from "./postgres.js";
import { openSqliteStore } from "./sqlite.js";
import type { Store, StoreEngine } from "./store.js";

export const STORE_ENGINES: readonly StoreEngine[] = ["sqlite", "lowdb", "postgres"];

export interface OpenStoreOptions {
  /** postgres only: where the database is (postgres://...). */
  databaseUrl?: string;
  observer?: PostgresObserver;
}

export async function openStore(dataDir: string, engine: StoreEngine, options: OpenStoreOptions = {}): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  if (engine === "postgres") {
    if (options.databaseUrl === undefined) throw new Error("store: --store postgres needs --database-url (or TAKOFORM_DATABASE_URL)");
    // Loaded only here: the embedded engines start without the pg driver.
    const { openPostgresStore } = await import("./postgres.js");
    return openPostgresStore(options.databaseUrl, { observer: options.observer });
  }
  if (engine === "sqlite") return openSqliteStore(path.join(dataDir, "store.sqlite"));
  return openLowdbStore(path.join(dataDir, "store.json"));
}
