// Run-time probes of what the host under test can do, decided from its behaviour alone: the
// relation races of issue 10 depend on artifacts, relations and attachment rules that land in
// other issues, so each race runs only when its probe shows the rule is enforced.

import type { Reply } from "../../unit/host/harness.js";
import { create, ok, read, Refused, reference, remove, standUpWorker, uploadMigrations, type Aggregate } from "./aggregate.js";

export interface Feature {
  available: boolean;
  /** Why not (the step the host refused or the answer that showed the rule is absent). */
  why: string;
}

const QUEUE_CONSUMER_SPEC = { maxBatchSize: 10, maxBatchTimeoutSeconds: 5, maxRetries: 3, retryDelaySeconds: 0, maxConcurrency: 1 };

export function consumerSpec(queue: string, worker: string): Record<string, unknown> {
  return { queue: reference("AtLeastOnceQueue", queue), worker: reference("ModuleWorker", worker), ...QUEUE_CONSUMER_SPEC };
}

function short(reply: Reply): string {
  return `${reply.status} ${reply.json?.error?.code ?? ""}`.trim();
}

async function attempt(body: () => Promise<Feature>): Promise<Feature> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof Refused) return { available: false, why: `${error.step} refused ${short(error.reply)}` };
    return { available: false, why: String((error as Error).message).slice(0, 200) };
  }
}

/** Dependency protection: deleting a WorkerBundle a live WorkerVersion pins is dependency_in_use. */
export function probeDependencyProtection(base: string, token: string, space: string): Promise<Feature & { aggregate?: Aggregate }> {
  return attempt(async () => {
    const aggregate = await standUpWorker(base, token, space, "probe-dep", ["fetch"]);
    const bundle = await read(base, token, "WorkerBundle", aggregate.bundle, space);
    const refused = await remove(base, token, "WorkerBundle", aggregate.bundle, space, bundle.json.metadata.generation);
    if (refused.json?.error?.code !== "dependency_in_use") return { available: false, why: `deleting a pinned WorkerBundle answered ${short(refused)}` };
    return { available: true, why: "", aggregate };
  });
}

/** At most one QueueConsumer per queue: a second consumer is invalid_argument. */
export function probeSingleConsumer(base: string, token: string, space: string): Promise<Feature> {
  return attempt(async () => {
    const aggregate = await standUpWorker(base, token, space, "probe-q", ["queue"]);
    const queue = await create(base, token, "AtLeastOnceQueue", "probe-queue", space, { messageRetentionSeconds: 60 });
    if (!ok(queue)) return { available: false, why: `queue create answered ${short(queue)}` };
    const first = await create(base, token, "QueueConsumer", "probe-consumer-1", space, consumerSpec("probe-queue", aggregate.worker));
    if (!ok(first)) return { available: false, why: `first QueueConsumer answered ${short(first)}` };
    const second = await create(base, token, "QueueConsumer", "probe-consumer-2", space, consumerSpec("probe-queue", aggregate.worker));
    if (second.json?.error?.code !== "invalid_argument") return { available: false, why: `second QueueConsumer answered ${short(second)}` };
    return { available: true, why: "" };
  });
}

/** One live WorkerCustomDomain per canonical hostname within a tenant. */
export function probeHostnameClaim(base: string, token: string, space: string): Promise<Feature> {
  return attempt(async () => {
    const aggregate = await standUpWorker(base, token, space, "probe-h", ["fetch"]);
    const spec = { worker: reference("ModuleWorker", aggregate.worker), hostname: "probe.reliability.example" };
    const first = await create(base, token, "WorkerCustomDomain", "probe-domain-1", space, spec);
    if (!ok(first)) return { available: false, why: `first WorkerCustomDomain answered ${short(first)}` };
    const second = await create(base, token, "WorkerCustomDomain", "probe-domain-2", space, { ...spec, hostname: "PROBE.reliability.example." });
    if (second.json?.error?.code !== "invalid_argument") return { available: false, why: `second claim of one hostname answered ${short(second)}` };
    return { available: true, why: "" };
  });
}

/** SQLite migration applications execute: an application of a one-file set onto a database is created. */
export function probeMigrations(base: string, token: string, space: string): Promise<Feature> {
  return attempt(async () => {
    const digest = await uploadMigrations(base, token, [{ path: "0001-probe.sql", sql: "CREATE TABLE probe (id INTEGER PRIMARY KEY);\n" }]);
    if (typeof digest !== "string") return { available: false, why: `MigrationBundle upload answered ${short(digest)}` };
    const database = await create(base, token, "SQLiteDatabase", "probe-db", space, {});
    if (!ok(database)) return { available: false, why: `SQLiteDatabase answered ${short(database)}` };
    const set = await create(base, token, "SQLiteMigrationSet", "probe-set", space, { manifestDigest: digest });
    if (!ok(set)) return { available: false, why: `SQLiteMigrationSet answered ${short(set)}` };
    const application = await create(base, token, "SQLiteMigrationApplication", "probe-apply", space, {
      database: reference("SQLiteDatabase", "probe-db"),
      migrationSet: reference("SQLiteMigrationSet", "probe-set"),
    });
    if (!ok(application)) return { available: false, why: `SQLiteMigrationApplication answered ${short(application)}` };
    return { available: true, why: "" };
  });
}
