// SQLiteDatabase: nothing beyond the generic Form rules in the control plane (its migrations are
// SQLiteMigrationApplication's); in the data plane a version's edge.sql binding to it goes through
// a wrapper worker over the tenant-SQL guard (runtime/sqlite-database.ts).

import type { KindBehaviour } from "./behaviour.js";

export const sqliteDatabase: KindBehaviour = {
  runtime: () => import("./runtime/sqlite-database.js").then((m) => m.sqliteDatabaseRuntime),
};
