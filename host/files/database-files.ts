// Where the SQLite file of a SQLiteDatabase incarnation lives: DATA/sqlite/<tenant digest>/<uid>.sqlite.
// The path is derived from the tenant and the host-issued uid only, so a re-created database (a
// new uid) is a new file, and nothing a client writes names a path.

import { mkdirSync } from "node:fs";
import path from "node:path";
import { tenantDatabaseDir } from "../runtime/store-layout.js";

const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export class DatabaseFiles {
  readonly #dataDir: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  /** The database file of one incarnation (its directory is created on demand). */
  pathOf(tenant: string, uid: string): string {
    if (!UID.test(uid) || uid === "." || uid === "..") throw new Error(`not a uid: ${uid}`);
    const dir = tenantDatabaseDir(this.#dataDir, tenant);
    mkdirSync(dir, { recursive: true });
    return path.join(dir, `${uid}.sqlite`);
  }

  /**
   * The incarnations `uids` of the tenant whose directory is `tenantDirectory` are deleted and their
   * local files removed (runtime/store-reclaim.ts, ADR 0306): drop any other copy of them. Here,
   * none.
   */
  async forget(tenantDirectory: string, uids: readonly string[]): Promise<void> {
    void tenantDirectory;
    void uids;
  }
}
