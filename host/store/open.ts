// Opens the configured store engine inside the host's data directory.

import { mkdirSync } from "node:fs";
import path from "node:path";
import { openLowdbStore } from "./lowdb.js";
import { openSqliteStore } from "./sqlite.js";
import type { Store, StoreEngine } from "./store.js";

export const STORE_ENGINES: readonly StoreEngine[] = ["sqlite", "lowdb"];

export async function openStore(dataDir: string, engine: StoreEngine): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  if (engine === "sqlite") return openSqliteStore(path.join(dataDir, "store.sqlite"));
  return openLowdbStore(path.join(dataDir, "store.json"));
}
