// Durable at-least-once queues, one SQLite file per tenant under DATA/runtime/queues/. A send
// resolves only after its row is committed, so an accepted message survives a host restart;
// a delivered message stays stored (leased) until the consumer's outcome acknowledges it, and
// leases are cleared when the host starts, so what a stopped host had in flight is delivered again.
// A message expires its queue's messageRetentionSeconds after it was sent (the Form: "seconds an
// undelivered message is kept before it is discarded"): an expired message is never leased, and
// is deleted by the next sweep (docs/decisions/0302-queue-message-retention.md).

import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { tenantDirectory } from "./names.js";
import { queuesRoot, SQLITE_SIDECARS, tenantQueueFile } from "./store-layout.js";

/** How a body crossed the binding: text, bytes (base64) or JSON. */
export interface StoredBody {
  t: "text" | "bytes" | "json";
  v: unknown;
}

export interface LeasedMessage {
  id: string;
  body: StoredBody;
  timestampMillis: number;
  /** 1 on the first delivery, +1 per redelivery. */
  attempts: number;
}

export const EDGE_QUEUE_LIMITS = { maxMessageBytes: 127_000, maxBatchMessages: 100, maxDelaySeconds: 43_200 } as const;

interface OutgoingRow {
  queue: string;
  id: string;
  body: string;
  timestamp: number;
  visibleAt: number;
  expiresAt: number;
}

/** How often the expired messages of the open tenant files are deleted. */
export const SWEEP_INTERVAL_MS = 60_000;
/** The expiry of a message stored before messages had one: never. */
const NEVER = Number.MAX_SAFE_INTEGER;
/** A tenant's queue file; its name is the tenant's directory digest. */
const QUEUE_FILE = /^([0-9a-f]{32})\.sqlite$/;
/** Stores one message: queue, id, body, timestamp, visible_at, expires_at. */
const INSERT_MESSAGE = "INSERT INTO message (queue, id, body, timestamp, visible_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)";

export class QueueStore {
  readonly #dir: string;
  readonly #dataDir: string;
  readonly #files = new Map<string, Database.Database>();
  readonly #now: () => number;
  #swept = 0;
  /** Sends waiting for their tenant's next commit. */
  readonly #sending = new Map<string, { rows: OutgoingRow[]; done: () => void; failed: (error: unknown) => void }[]>();
  #flushing = false;

  constructor(dataDir: string, now: () => number = Date.now) {
    this.#dir = queuesRoot(dataDir);
    this.#dataDir = dataDir;
    this.#now = now;
    mkdirSync(this.#dir, { recursive: true });
  }

  #fileOf(tenant: string): string {
    return tenantQueueFile(this.#dataDir, tenant);
  }

  #db(tenant: string): Database.Database {
    let db = this.#files.get(tenant);
    if (db === undefined) {
      db = new Database(this.#fileOf(tenant), { timeout: 5000 });
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = FULL");
      db.exec(`CREATE TABLE IF NOT EXISTS message (
        queue TEXT NOT NULL, id TEXT PRIMARY KEY, body TEXT NOT NULL, timestamp INTEGER NOT NULL,
        deliveries INTEGER NOT NULL DEFAULT 0, visible_at INTEGER NOT NULL, leased INTEGER NOT NULL DEFAULT 0)`);
      db.exec("CREATE INDEX IF NOT EXISTS message_ready ON message (queue, leased, visible_at)");
      const columns = db.prepare("SELECT name FROM pragma_table_info('message')").all() as { name: string }[];
      if (!columns.some((column) => column.name === "expires_at")) db.exec(`ALTER TABLE message ADD COLUMN expires_at INTEGER NOT NULL DEFAULT ${NEVER}`);
      // Nothing is in flight in a host that just opened the file: deliver it again (and an expired
      // message that was in flight is deleted now, not at the next sweep).
      db.exec("UPDATE message SET leased = 0 WHERE leased = 1");
      this.#expire(db);
      this.#files.set(tenant, db);
    }
    return db;
  }

  /**
   * Stores messages durably, all or none, each expiring `retentionSeconds` from now; resolves once
   * committed. The sends of one tenant that arrive within one turn of the event loop share one
   * transaction (one commit, one fsync): a failed commit fails each of them, and none is stored.
   */
  send(tenant: string, queue: string, messages: readonly { body: StoredBody; delaySeconds: number }[], retentionSeconds: number): Promise<string[]> {
    const now = this.#now();
    const rows = messages.map(({ body, delaySeconds }) => ({
      queue,
      id: randomUUID(),
      body: JSON.stringify(body),
      timestamp: now,
      visibleAt: now + delaySeconds * 1000,
      expiresAt: now + retentionSeconds * 1000,
    }));
    return new Promise((resolve, reject) => {
      let group = this.#sending.get(tenant);
      if (group === undefined) this.#sending.set(tenant, (group = []));
      group.push({ rows, done: () => resolve(rows.map((row) => row.id)), failed: reject });
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#flushing = false;
    const groups = [...this.#sending];
    this.#sending.clear();
    for (const [tenant, sends] of groups) {
      try {
        const db = this.#db(tenant);
        const insert = db.prepare(INSERT_MESSAGE);
        db.transaction(() => {
          for (const send of sends) for (const row of send.rows) insert.run(row.queue, row.id, row.body, row.timestamp, row.visibleAt, row.expiresAt);
        }).immediate();
      } catch (error) {
        for (const send of sends) send.failed(error);
        continue;
      }
      for (const send of sends) send.done();
    }
  }

  /** Bytes the tenant's queue file holds in use (its pages less its free ones; 0 before its first message). */
  usedBytes(tenant: string): number {
    if (!this.#files.has(tenant) && !existsSync(this.#fileOf(tenant))) return 0;
    const db = this.#db(tenant);
    const pages = Number(db.pragma("page_count", { simple: true })) - Number(db.pragma("freelist_count", { simple: true }));
    return pages * Number(db.pragma("page_size", { simple: true }));
  }

  /** Visible, unleased messages: how many, and since when the oldest has been waiting. */
  backlog(tenant: string, queue: string): { count: number; oldestVisibleAt: number | undefined } {
    const row = this.#db(tenant)
      .prepare(
        "SELECT count(*) AS count, min(visible_at) AS oldest FROM message WHERE queue = @queue AND leased = 0 AND visible_at <= @now AND expires_at > @now",
      )
      .get({ queue, now: this.#now() }) as { count: number; oldest: number | null };
    return { count: row.count, oldestVisibleAt: row.oldest ?? undefined };
  }

  /** Leases up to `max` visible messages for one delivery. */
  lease(tenant: string, queue: string, max: number): LeasedMessage[] {
    const db = this.#db(tenant);
    return db
      .transaction(() => {
        const rows = db
          .prepare(
            "SELECT id, body, timestamp, deliveries FROM message WHERE queue = @queue AND leased = 0 AND visible_at <= @now AND expires_at > @now ORDER BY visible_at, rowid LIMIT @max",
          )
          .all({ queue, now: this.#now(), max }) as { id: string; body: string; timestamp: number; deliveries: number }[];
        const mark = db.prepare("UPDATE message SET leased = 1, deliveries = deliveries + 1 WHERE id = ?");
        for (const row of rows) mark.run(row.id);
        return rows.map((row) => ({ id: row.id, body: JSON.parse(row.body) as StoredBody, timestampMillis: row.timestamp, attempts: row.deliveries + 1 }));
      })
      .immediate();
  }

  acknowledge(tenant: string, ids: readonly string[]): void {
    const db = this.#db(tenant);
    const remove = db.prepare("DELETE FROM message WHERE id = ?");
    db.transaction(() => ids.forEach((id) => remove.run(id))).immediate();
  }

  /**
   * A failed delivery: redeliver after `delaySeconds`, or, once the message has been delivered more
   * than maxRetries + 1 times, move it to the dead-letter queue as a new message (attempts start at 1)
   * or drop it when there is none. Atomic: the message is in exactly one queue afterwards.
   */
  retry(
    tenant: string,
    id: string,
    delaySeconds: number,
    maxRetries: number,
    deadLetter: { queue: string; retentionSeconds: number } | undefined,
  ): "retried" | "dead-lettered" | "dropped" {
    const db = this.#db(tenant);
    return db
      .transaction(() => {
        const row = db.prepare("SELECT body, deliveries FROM message WHERE id = ?").get(id) as { body: string; deliveries: number } | undefined;
        if (row === undefined) return "dropped";
        if (row.deliveries <= maxRetries) {
          db.prepare("UPDATE message SET leased = 0, visible_at = ? WHERE id = ?").run(this.#now() + delaySeconds * 1000, id);
          return "retried";
        }
        db.prepare("DELETE FROM message WHERE id = ?").run(id);
        if (deadLetter === undefined) return "dropped";
        const now = this.#now();
        db.prepare(INSERT_MESSAGE).run(deadLetter.queue, randomUUID(), row.body, now, now, now + deadLetter.retentionSeconds * 1000);
        return "dead-lettered";
      })
      .immediate();
  }

  /** Deletes the expired messages of every open tenant file, at most once per SWEEP_INTERVAL_MS. */
  sweep(): void {
    const now = this.#now();
    if (now - this.#swept < SWEEP_INTERVAL_MS) return;
    this.#swept = now;
    for (const db of this.#files.values()) this.#expire(db);
  }

  #expire(db: Database.Database): void {
    // An expired message being delivered (leased) stays until its outcome: acknowledged, or retried and then swept.
    db.prepare("DELETE FROM message WHERE leased = 0 AND expires_at <= ?").run(this.#now());
  }

  /**
   * Drops the messages of every queue not in `live` (tenant -> its live queues' uids), in flight or
   * not: a deleted queue's messages go with it (ADR 0306). The file of a tenant with no live queue
   * is closed and removed.
   */
  purge(live: ReadonlyMap<string, ReadonlySet<string>>): void {
    const tenantOf = new Map([...new Set([...live.keys(), ...this.#files.keys()])].map((tenant) => [tenantDirectory(tenant), tenant]));
    for (const name of readdirSync(this.#dir)) {
      const match = QUEUE_FILE.exec(name);
      if (match === null) continue;
      const tenant = tenantOf.get(match[1]!);
      const queues = tenant === undefined ? undefined : live.get(tenant);
      if (queues === undefined || queues.size === 0) {
        if (tenant !== undefined) this.#files.get(tenant)?.close();
        if (tenant !== undefined) this.#files.delete(tenant);
        for (const suffix of SQLITE_SIDECARS) rmSync(path.join(this.#dir, `${match[1]!}.sqlite${suffix}`), { force: true });
        continue;
      }
      this.#db(tenant!)
        .prepare("DELETE FROM message WHERE queue NOT IN (SELECT value FROM json_each(?))")
        .run(JSON.stringify([...queues]));
    }
  }

  close(): void {
    if (this.#sending.size > 0) this.#flush(); // what was sent before the close is committed
    for (const db of this.#files.values()) db.close();
    this.#files.clear();
  }
}
