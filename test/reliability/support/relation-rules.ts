// The relation rules each relation race contends for, checked first one request at a time. A race
// proves something only when the rule it races holds sequentially, so each check fails its race
// (it never skips it): the host under test is ours and enforces every one of these rules.
// Every step goes through aggregate.ts, so a refused setup step fails with the step and answer.

import type { Reply } from "../../unit/host/harness.js";
import { create, mustCreate, read, reference, remove, standUpWorker, uploadMigrations, type Aggregate } from "./aggregate.js";

const QUEUE_CONSUMER_SPEC = { maxBatchSize: 10, maxBatchTimeoutSeconds: 5, maxRetries: 3, retryDelaySeconds: 0, maxConcurrency: 1 };

export function consumerSpec(queue: string, worker: string): Record<string, unknown> {
  return { queue: reference("AtLeastOnceQueue", queue), worker: reference("ModuleWorker", worker), ...QUEUE_CONSUMER_SPEC };
}

/** A rule the host under test does not enforce one request at a time, so racing it proves nothing. */
export class RuleNotEnforced extends Error {
  constructor(rule: string, reply: Reply) {
    super(`${rule}: the host answered ${reply.status} ${reply.json?.error?.code ?? ""} ${reply.text.slice(0, 300)}`);
  }
}

function expectRefusal(rule: string, reply: Reply, code: string): void {
  if (reply.json?.error?.code !== code) throw new RuleNotEnforced(rule, reply);
}

/** Dependency protection: deleting a WorkerBundle a live WorkerVersion pins is dependency_in_use. Returns the aggregate it stood up. */
export async function checkDependencyProtection(base: string, token: string, space: string): Promise<Aggregate> {
  const aggregate = await standUpWorker(base, token, space, "rule-dep", ["fetch"]);
  const bundle = await read(base, token, "WorkerBundle", aggregate.bundle, space);
  mustCreate("read of the pinned WorkerBundle", bundle);
  const refused = await remove(base, token, "WorkerBundle", aggregate.bundle, space, bundle.json.metadata.generation);
  expectRefusal("deleting a WorkerBundle a WorkerVersion pins must be dependency_in_use", refused, "dependency_in_use");
  return aggregate;
}

/** At most one QueueConsumer per queue: a second consumer of one queue is invalid_argument. Returns the worker's name. */
export async function checkSingleConsumer(base: string, token: string, space: string): Promise<string> {
  const aggregate = await standUpWorker(base, token, space, "rule-q", ["queue"]);
  mustCreate("AtLeastOnceQueue", await create(base, token, "AtLeastOnceQueue", "rule-queue", space, { messageRetentionSeconds: 60 }));
  mustCreate("first QueueConsumer", await create(base, token, "QueueConsumer", "rule-consumer-1", space, consumerSpec("rule-queue", aggregate.worker)));
  const second = await create(base, token, "QueueConsumer", "rule-consumer-2", space, consumerSpec("rule-queue", aggregate.worker));
  expectRefusal("a second QueueConsumer of one queue must be invalid_argument", second, "invalid_argument");
  return aggregate.worker;
}

/** One live WorkerCustomDomain per canonical hostname: a case and trailing-dot variant of a claimed hostname is invalid_argument. */
export async function checkHostnameClaim(base: string, token: string, space: string): Promise<string> {
  const aggregate = await standUpWorker(base, token, space, "rule-h", ["fetch"]);
  const hostname = `rule-${space}.reliability.example`;
  const spec = { worker: reference("ModuleWorker", aggregate.worker), hostname };
  mustCreate("first WorkerCustomDomain", await create(base, token, "WorkerCustomDomain", "rule-domain-1", space, spec));
  const second = await create(base, token, "WorkerCustomDomain", "rule-domain-2", space, { ...spec, hostname: `${hostname.toUpperCase()}.` });
  expectRefusal("a second claim of one canonical hostname must be invalid_argument", second, "invalid_argument");
  return aggregate.worker;
}

/** SQLite migration applications execute: an application of a one-file set onto a database is created and Ready. */
export async function checkMigrationsExecute(base: string, token: string, space: string): Promise<void> {
  const digest = await uploadMigrations(base, token, [{ path: "0001-rule.sql", sql: "CREATE TABLE rule_check (id INTEGER PRIMARY KEY);\n" }]);
  if (typeof digest !== "string") throw new RuleNotEnforced("a MigrationBundle upload must be committed", digest);
  mustCreate("SQLiteDatabase", await create(base, token, "SQLiteDatabase", "rule-db", space, {}));
  mustCreate("SQLiteMigrationSet", await create(base, token, "SQLiteMigrationSet", "rule-set", space, { manifestDigest: digest }));
  const application = await create(base, token, "SQLiteMigrationApplication", "rule-apply", space, {
    database: reference("SQLiteDatabase", "rule-db"),
    migrationSet: reference("SQLiteMigrationSet", "rule-set"),
  });
  mustCreate("SQLiteMigrationApplication", application);
  const stored = await read(base, token, "SQLiteMigrationApplication", "rule-apply", space);
  const ready = (stored.json.status?.conditions ?? []).find((condition: { type: string }) => condition.type === "Ready");
  if (ready?.status !== "True") throw new RuleNotEnforced("an applied migration set must make its application Ready", stored);
}
