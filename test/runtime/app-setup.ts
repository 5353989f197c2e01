// Deploys the app worker with KV, a migrated SQLite database and a producer binding.

import { apply, ref } from "../unit/host/client.js";
import { PRIMARY } from "../unit/host/harness.js";
import { APP_WORKER } from "./app-worker.js";
import { commitFiles, deployWorker, kind, must } from "./support.js";

export const MIGRATION = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL);";

export async function deployApp(base: string, space: string, options: { extra?: Record<string, unknown>; token?: string } = {}) {
  const token = options.token ?? PRIMARY;
  await must(apply(base, kind("EdgeKVNamespace"), "app-kv", space, {}, { token }), "kv");
  await must(apply(base, kind("AtLeastOnceQueue"), "orders", space, { messageRetentionSeconds: 3600 }, { token }), "queue");
  await must(apply(base, kind("AtLeastOnceQueue"), "orders-dead", space, { messageRetentionSeconds: 3600 }, { token }), "dead-letter queue");
  await must(apply(base, kind("SQLiteDatabase"), "app-db", space, {}, { token }), "database");
  const digest = await commitFiles(base, "MigrationBundle", [["0001_items.sql", MIGRATION, "application/sql"]], token);
  await must(apply(base, kind("SQLiteMigrationSet"), "app-migrations", space, { manifestDigest: digest }, { token }), "migration set");
  await must(
    apply(
      base,
      kind("SQLiteMigrationApplication"),
      "app-migrate",
      space,
      { database: ref("SQLiteDatabase", "app-db"), migrationSet: ref("SQLiteMigrationSet", "app-migrations") },
      { token },
    ),
    "migration application",
  );
  return deployWorker(
    base,
    space,
    "app",
    {
      source: APP_WORKER,
      handlers: ["fetch", "queue", "scheduled"],
      extra: {
        kvBindings: [{ name: "KV", resource: ref("EdgeKVNamespace", "app-kv") }],
        sqliteBindings: [{ name: "DB", resource: ref("SQLiteDatabase", "app-db") }],
        queueProducerBindings: [{ name: "EVENTS", resource: ref("AtLeastOnceQueue", "orders") }],
        ...(options.extra ?? {}),
      },
    },
    token,
  );
}

export async function consume(base: string, space: string, queue: string, options: Record<string, unknown> = {}) {
  await must(
    apply(base, kind("QueueConsumer"), `${queue}-consumer`, space, {
      queue: ref("AtLeastOnceQueue", queue),
      worker: ref("ModuleWorker", "app"),
      maxBatchSize: 10,
      maxBatchTimeoutSeconds: 0,
      maxRetries: 1,
      retryDelaySeconds: 0,
      maxConcurrency: 1,
      ...options,
    }),
    `consumer of ${queue}`,
  );
}
