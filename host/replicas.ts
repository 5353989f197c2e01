// What a host needs when its store is shared with other replicas (engines with refreshAll, i.e.
// postgres; host/README.md "Running replicas"): the host secret kept in the database, so a prepare
// digest minted by one replica is accepted by every other, and the takeover of operations a dead
// replica accepted (lifecycle/operations/operation-takeover.ts). Embedded engines need neither.

import { PostgresBlobs } from "./files/postgres-blobs.js";
import { PostgresDatabaseFiles } from "./files/postgres-database-files.js";
import type { HostContext } from "./lifecycle/context.js";
import { everyBlobHoldPrefix, type ScopedKey } from "./store/keys.js";
import { startOperationTakeover } from "./lifecycle/operations/operation-takeover.js";
import { sharedHostSecret } from "./store/postgres-secret.js";
import type { PostgresStore } from "./store/postgres.js";
import type { Store } from "./store/store.js";
import type { OperationRecord } from "./store/records.js";

export interface ReplicaServices {
  secret: Buffer;
  blobs: PostgresBlobs;
  databases: PostgresDatabaseFiles;
  takeOverOperations(ctx: Pick<HostContext, "scheduler" | "clock">): { stop(): void };
  /** For /readyz: undefined when the store can serve (reachable, schema current). */
  storeProblem(): Promise<string | undefined>;
}

function shared(store: Store): store is PostgresStore {
  return store.engine === "postgres";
}

export async function replicaServices(store: Store, dataDir: string): Promise<ReplicaServices | undefined> {
  if (!shared(store)) return undefined;
  const blobs = new PostgresBlobs(dataDir, store);
  const databases = new PostgresDatabaseFiles(dataDir, store);
  // The SQLiteDatabase files as the database last stored them.
  for (const entry of store.list<{ digest: string }>(`${databases.prefix}/` as ScopedKey)) {
    const [, tenant, uid] = entry.key.split("/").map(decodeURIComponent);
    await databases.fetch(store.pool, tenant!, uid!, entry.value.digest);
  }
  // The bytes of every address held when this replica starts (later holds arrive with refreshes).
  const held = store.list(everyBlobHoldPrefix()).map((entry) => decodeURIComponent(entry.key.slice(entry.key.lastIndexOf("/") + 1)));
  await blobs.held(store.pool, held);
  return {
    secret: await sharedHostSecret(store.pool),
    blobs,
    databases,
    storeProblem: async () => ((await store.schemaCurrent()) ? undefined : "store schema is not the one this host knows"),
    takeOverOperations: (ctx) =>
      startOperationTakeover(
        ctx,
        () => pendingOperations(store),
        (error) => console.error("takoform host: operation takeover failed:", error),
      ),
  };
}

/** Operation records still pending, of every tenant: a range of the primary key, decoded here. */
async function pendingOperations(store: PostgresStore): Promise<OperationRecord[]> {
  const result = await store.pool.query<{ value: string }>(
    "SELECT value FROM takoform_entries WHERE key >= 'operation/' AND key < 'operation0' AND value IS NOT NULL AND value NOT LIKE '%\"done\":true%'",
  );
  return result.rows.map((row) => JSON.parse(row.value) as OperationRecord).filter((record) => !record.done);
}
