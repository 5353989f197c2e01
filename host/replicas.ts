// What a host needs when its store is shared with other replicas (engines with refreshAll, i.e.
// postgres; host/README.md "Running replicas"): the host secret and the sealing key of sensitive
// values kept in the database, so a prepare digest minted (or a value sealed) by one replica is
// accepted (unsealed) by every other, and the takeover of operations a dead
// replica accepted (lifecycle/operations/operation-takeover.ts). Embedded engines need neither.

import { PostgresBlobs } from "./files/postgres-blobs.js";
import { PostgresDatabaseFiles } from "./files/postgres-database-files.js";
import type { HostContext } from "./lifecycle/context.js";
import { everyBlobHoldPrefix, type ScopedKey } from "./store/keys.js";
import { startOperationTakeover } from "./lifecycle/operations/operation-takeover.js";
import { existingSecretsKey } from "./secrets/seal.js";
import { sharedHostSecret, sharedSecretsKey } from "./store/postgres-secret.js";
import { followCommits, tryDataPlaneLock, type DataPlaneLease } from "./store/postgres-data-plane.js";
import type { PostgresStore } from "./store/postgres.js";
import type { Store } from "./store/store.js";
import type { OperationRecord } from "./store/records.js";

export interface ReplicaServices {
  secret: Buffer;
  /** The sealing key of sensitive values, shared through the database (ADR 0266). */
  secretsKey: Buffer;
  blobs: PostgresBlobs;
  databases: PostgresDatabaseFiles;
  takeOverOperations(ctx: Pick<HostContext, "scheduler" | "clock">): { stop(): void };
  /**
   * Runs `start` (the runtime) once this replica holds the data-plane lock: now when no other
   * replica holds it, else as soon as the holder goes away (ADR 0266). The holder reconciles
   * whenever any replica commits.
   */
  dataPlane(start: () => Promise<{ reconcile(): Promise<void> }>, report: (error: unknown) => void): Promise<DataPlane>;
  /** For /readyz: undefined when the store can serve (reachable, schema current). */
  storeProblem(): Promise<string | undefined>;
}

export interface DataPlane {
  /** Whether this replica runs the data plane now (holds its lock). */
  holding(): boolean;
  /** Stops waiting for (or following for) the data plane, runs closeRuntime, then releases the lock. */
  stop(closeRuntime: () => Promise<void> | undefined): Promise<void>;
}

/** How often a replica without the data plane asks for it again. */
const DATA_PLANE_RETRY_MS = 2000;

async function runDataPlane(store: PostgresStore, start: () => Promise<{ reconcile(): Promise<void> }>, report: (error: unknown) => void): Promise<DataPlane> {
  let lease: DataPlaneLease | undefined;
  let follow: { stop(): void } | undefined;
  let stopped = false;
  const attempt = async () => {
    lease = await tryDataPlaneLock(store.pool);
    if (lease === undefined) return false;
    if (stopped) {
      await lease.release();
      return true;
    }
    const runtime = await start();
    follow = followCommits(store, () => void runtime.reconcile(), report);
    return true;
  };
  let retry: NodeJS.Timeout | undefined;
  if (!(await attempt())) {
    console.error("takoform host: another replica runs the data plane; this one serves the control plane and takes the data plane over if that replica stops");
    let busy = false;
    retry = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      void attempt()
        .then((got) => (got ? clearInterval(retry) : undefined), report)
        .finally(() => (busy = false));
    }, DATA_PLANE_RETRY_MS);
    retry.unref();
  }
  return {
    holding: () => lease !== undefined && !stopped,
    async stop(closeRuntime) {
      stopped = true;
      clearInterval(retry);
      follow?.stop();
      await closeRuntime();
      await lease?.release();
    },
  };
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
    secretsKey: await sharedSecretsKey(store.pool, existingSecretsKey(dataDir)),
    blobs,
    databases,
    dataPlane: (start, report) => runDataPlane(store, start, report),
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
