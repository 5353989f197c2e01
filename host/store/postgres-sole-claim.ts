// The sole-replica claim of replicas sharing one PostgreSQL store (ADR 0307). A replica's read
// refreshes its tenant's view from the database first (ADR 0221, 0275), so that it sees every
// commit any replica acknowledged before the request arrived. A replica that is the only one can
// skip that round trip, as long as it can prove no other process commits: it holds the claim.
//
// - Every store registers on a lease connection of its own: the advisory lock SOLE_LOCK shared,
//   as a session lock, held while it lives. The claim is the same lock taken exclusively, granted
//   only while no other store is registered.
// - Every database transaction that writes entries takes WRITE_LOCK shared for its duration, and
//   a guard (`guardStatements`): a replica without the claim takes SOLE_LOCK shared for the
//   transaction (refused while another holds the claim); the holder checks that its own lease
//   backend still holds the claim.
// - The holder records itself in takoform_sole_claim, waits at a barrier (WRITE_LOCK taken
//   exclusively and let go: every write transaction begun before it has ended), reads every
//   tenant's changes once, and from then on answers reads from its view while a heartbeat on the
//   lease connection confirmed the lock within `trustMs`.
// - A store that finds the claim held asks the holder to let it go (NOTIFY); the holder stops
//   trusting its view first, clears its row, then unlocks. A holder that lost its connection
//   without clearing its row is waited out: a writer that finds another replica's name in the row
//   waits `waitMs` (longer than `trustMs`) before it commits, so the lost holder has stopped
//   answering from its view before any commit it cannot see is acknowledged.
// - On the holder's lease connection PostgreSQL ends an idle session after `idleKillMs`, so a
//   holder whose process stalls cannot keep the others from writing for longer than that.
// - A connection with no application_name (a host of an older build, which knows nothing of the
//   claim) keeps every replica from claiming.

import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { LOCK_SPACE, SOLE_LOCK, WRITE_LOCK } from "./postgres-schema.js";

/** The application_name of every connection a host opens (pg_stat_activity tells hosts apart). */
export const APPLICATION_NAME = "takoform-host";
const CHANNEL = "takoform_sole_claim";

export interface SoleClaimTiming {
  /** How often a registered replica tries to take the claim. */
  claimEveryMs: number;
  /** How often the holder confirms its lease connection. */
  heartbeatMs: number;
  /** How long after a confirmation's send the holder answers reads from its view. */
  trustMs: number;
  /** How long a writer waits out a holder that lost its claim without letting it go. */
  waitMs: number;
  /** idle_session_timeout of the holder's lease connection. */
  idleKillMs: number;
}

export const SOLE_CLAIM_TIMING: SoleClaimTiming = { claimEveryMs: 1000, heartbeatMs: 200, trustMs: 1000, waitMs: 2500, idleKillMs: 5000 };

/** What a write transaction's guard read (the row of guardStatements). */
export interface GuardRow {
  guarded: boolean;
  holder: string | null;
}

export class SoleClaim {
  readonly id = randomUUID();
  #client: pg.Client | undefined;
  #leasePid: number | undefined;
  #registered = false;
  #held = false;
  #fresh = false;
  #confirmedAt = Number.NEGATIVE_INFINITY;
  #closed = false;
  /** Every use of the lease connection, one at a time. */
  #serial: Promise<unknown> = Promise.resolve();
  #waits = new Map<string, Promise<void>>();
  #claimTimer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  /** The timing in force: the default's for a store that never claims (its waits and pings). */
  private readonly timing: SoleClaimTiming;

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly refreshAll: () => Promise<void>,
    given: SoleClaimTiming | false,
    private readonly report: (error: unknown) => void,
    private readonly changed: (held: boolean) => void,
  ) {
    this.timing = given === false ? SOLE_CLAIM_TIMING : given;
  }

  /** Registers this store; with timing, it also tries to take the claim every claimEveryMs. */
  static async start(
    url: string,
    pool: pg.Pool,
    refreshAll: () => Promise<void>,
    timing: SoleClaimTiming | false,
    report: (error: unknown) => void,
    changed: (held: boolean) => void = () => undefined,
  ): Promise<SoleClaim> {
    const claim = new SoleClaim(url, pool, refreshAll, timing, report, changed);
    await claim.#serially(() => claim.#register());
    if (timing !== false) {
      // One line per kind of failure while the database is unreachable, not one a second.
      let reported: string | undefined;
      const tick = () =>
        claim
          .#serially(() => claim.#tick())
          .then(
            () => (reported = undefined),
            (error: unknown) => {
              const message = error instanceof Error ? error.message : String(error);
              if (message !== reported) report(error);
              reported = message;
            },
          );
      claim.#claimTimer = setInterval(() => void tick(), timing.claimEveryMs);
      claim.#claimTimer.unref();
    }
    return claim;
  }

  /** Every commit any replica acknowledged is in this replica's view, without a refresh. */
  trusted(): boolean {
    return this.#held && this.#fresh && !this.#closed && performance.now() - this.#confirmedAt < this.timing.trustMs;
  }

  /**
   * The statements a write transaction runs right after BEGIN: the write lock shared (a claimer's
   * barrier waits for it), then the guard, whose row `admits` judges. Without the claim: the claim
   * lock shared for the transaction, refused while another store holds the claim, and the row of
   * the last holder. With it: whether this replica's lease backend holds the claim right now, so a
   * transaction begun on a claim lost meanwhile is refused.
   */
  guardStatements(): string[] {
    const write = `SELECT pg_advisory_xact_lock_shared(${LOCK_SPACE}, ${WRITE_LOCK})`;
    if (this.#held && this.#leasePid !== undefined) {
      return [
        write,
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = ${LOCK_SPACE} AND objid = ${SOLE_LOCK} AND objsubid = 2 AND mode = 'ExclusiveLock' AND granted AND pid = ${this.#leasePid}) AS guarded, ${sqlText(this.id)} AS holder`,
      ];
    }
    return [
      write,
      `SELECT pg_try_advisory_xact_lock_shared(${LOCK_SPACE}, ${SOLE_LOCK}) AS guarded, (SELECT holder FROM takoform_sole_claim WHERE id = 1) AS holder`,
    ];
  }

  /** Whether a transaction whose guard read `row` may go on; when not, wait for `settle(row)` and begin again. */
  admits(row: GuardRow): boolean {
    return row.guarded && (row.holder === null || row.holder === this.id);
  }

  /** After a guard refused: registers again, or waits out the holder the row names. */
  async settle(row: GuardRow): Promise<void> {
    if (!row.guarded) {
      // Refused while this replica held the claim: it lost it, or is letting it go; either way the
      // queue settles it. Refused without: register again if the lease connection died.
      await this.#serially(() => (this.#held || this.#registered ? this.#confirmRegistration() : this.#register()));
      return;
    }
    if (row.holder !== null && row.holder !== this.id) await this.#waitOut(row.holder);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#claimTimer);
    clearInterval(this.#heartbeat);
    await this.#serially(async () => {
      const client = this.#client;
      if (client === undefined) return;
      if (this.#held) await this.#letGo(client).catch(() => undefined);
      this.#held = false;
      await client.end().catch(() => undefined);
    });
  }

  #serially<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#serial.then(task, task);
    this.#serial = next.catch(() => undefined);
    return next;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: APPLICATION_NAME });
    client.on("error", () => this.#lost(client));
    client.on("end", () => this.#lost(client));
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && this.#held) void this.#serially(() => this.#releaseAsked()).catch(this.report);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.#leasePid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    return client;
  }

  /** The lease connection ended or failed: stop trusting the view at once, register again later. */
  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#untrust();
    this.#registered = false;
    this.#client = undefined;
    this.#leasePid = undefined;
    clearInterval(this.#heartbeat);
    void client.end().catch(() => undefined);
  }

  /** Takes the shared lock on a new lease connection, asking a holder to let the claim go. */
  async #register(): Promise<void> {
    if (this.#closed) return;
    const client = await this.#connect();
    this.#client = client;
    const got = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock_shared(${LOCK_SPACE}, ${SOLE_LOCK}) AS ok`);
    if (got.rows[0]?.ok !== true) await this.#waitForShared(client);
    this.#registered = true;
    // A row naming this replica is one it lost without clearing: it stopped trusting its view then.
    await client.query("UPDATE takoform_sole_claim SET holder = NULL WHERE holder = $1", [this.id]);
  }

  /**
   * A guard was refused while this store is registered: either this replica was letting the claim
   * go (done once the queue reaches here) or its lease connection died unnoticed, which a query
   * finds out; then it registers again.
   */
  async #confirmRegistration(): Promise<void> {
    const client = this.#client;
    if (client !== undefined) {
      try {
        await this.#ping(client);
        return;
      } catch {
        this.#lost(client);
      }
    }
    return this.#register();
  }

  /** Blocks on the shared lock, nudging the holder (NOTIFY) until it lets the claim go. */
  async #waitForShared(client: pg.Client): Promise<void> {
    const nudge = () => this.pool.query("SELECT pg_notify($1, '')", [CHANNEL]).catch(() => undefined);
    await nudge();
    const again = setInterval(() => void nudge(), 250);
    try {
      await client.query(`SELECT pg_advisory_lock_shared(${LOCK_SPACE}, ${SOLE_LOCK})`);
    } finally {
      clearInterval(again);
    }
  }

  async #tick(): Promise<void> {
    if (this.#closed) return;
    if (!this.#registered) return this.#register();
    if (!this.#held) await this.#tryClaim(this.#client!, this.timing);
  }

  async #tryClaim(client: pg.Client, timing: SoleClaimTiming): Promise<void> {
    const got = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_SPACE}, ${SOLE_LOCK}) AS ok`);
    if (got.rows[0]?.ok !== true) return;
    // Until held is set below, this replica's own write transactions are refused by their guard
    // and wait in the queue behind this claim, like everyone else's: none commits while a lost
    // holder is being waited out.
    try {
      const older = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND coalesce(backend_type, 'client backend') = 'client backend' AND application_name = '' AND pid <> pg_backend_pid()",
      );
      // Still registered (the shared lock is held too): only the exclusive one goes.
      if ((older.rows[0]?.n ?? 0) > 0) return void (await client.query(`SELECT pg_advisory_unlock(${LOCK_SPACE}, ${SOLE_LOCK})`));
      const row = await client.query<{ holder: string | null }>("SELECT holder FROM takoform_sole_claim WHERE id = 1");
      const previous = row.rows[0]?.holder ?? null;
      if (previous !== null && previous !== this.id) await sleep(timing.waitMs);
      await client.query(`SET idle_session_timeout = ${timing.idleKillMs}`);
      await client.query("UPDATE takoform_sole_claim SET holder = $1 WHERE id = 1", [this.id]);
      await client.query(`SELECT pg_advisory_unlock_shared(${LOCK_SPACE}, ${SOLE_LOCK})`);
      // Held from here: this replica's transactions check their own lease instead of the shared lock.
      this.#held = true;
      // The barrier: every write transaction begun before the claim was granted has ended.
      await client.query(`SELECT pg_advisory_lock(${LOCK_SPACE}, ${WRITE_LOCK}); SELECT pg_advisory_unlock(${LOCK_SPACE}, ${WRITE_LOCK})`);
      await this.#confirm(client);
      // Every commit acknowledged before the grant is in the database now; read them all once.
      await this.refreshAll();
      if (!this.#held) return;
      this.#fresh = true;
      this.changed(true);
      this.#heartbeat = setInterval(() => void this.#serially(() => this.#beat()).catch(this.report), timing.heartbeatMs);
      this.#heartbeat.unref();
    } catch (error) {
      this.#lost(client);
      throw error;
    }
  }

  async #confirm(client: pg.Client): Promise<void> {
    const sent = performance.now();
    await this.#ping(client);
    this.#confirmedAt = sent;
  }

  /** A round trip on the lease connection; one that does not come back within idleKillMs counts as lost. */
  #ping(client: pg.Client): Promise<unknown> {
    return client.query({ text: "SELECT 1", query_timeout: this.timing.idleKillMs } as pg.QueryConfig);
  }

  async #beat(): Promise<void> {
    const client = this.#client;
    if (!this.#held || client === undefined) return;
    try {
      await this.#confirm(client);
    } catch (error) {
      this.#lost(client);
      throw error;
    }
  }

  /** Another store asked for the claim: stop trusting the view, then let it go. */
  async #releaseAsked(): Promise<void> {
    const client = this.#client;
    if (!this.#held || client === undefined) return;
    await this.#letGo(client);
  }

  /** Back to registered: untrusted first, the row cleared, the shared lock taken, the claim unlocked. */
  async #letGo(client: pg.Client): Promise<void> {
    this.#untrust();
    clearInterval(this.#heartbeat);
    try {
      await client.query(`SELECT pg_advisory_lock_shared(${LOCK_SPACE}, ${SOLE_LOCK})`);
      await client.query("UPDATE takoform_sole_claim SET holder = NULL WHERE holder = $1", [this.id]);
      await client.query("SET idle_session_timeout = 0");
      await client.query(`SELECT pg_advisory_unlock(${LOCK_SPACE}, ${SOLE_LOCK})`);
    } catch (error) {
      this.#lost(client);
      throw error;
    }
  }

  /** Stops answering reads from the view; reported when it had been. */
  #untrust(): void {
    const was = this.#fresh;
    this.#held = false;
    this.#fresh = false;
    if (was) this.changed(false);
  }

  /** Waits waitMs once per lost holder, then clears its row. */
  #waitOut(holder: string): Promise<void> {
    let wait = this.#waits.get(holder);
    if (wait === undefined) {
      wait = sleep(this.timing.waitMs)
        .then(() => this.pool.query("UPDATE takoform_sole_claim SET holder = NULL WHERE holder = $1", [holder]))
        .then(() => undefined)
        .finally(() => this.#waits.delete(holder));
      this.#waits.set(holder, wait);
    }
    return wait;
  }
}

/** A text literal of a uuid (hex digits and dashes only). */
const sqlText = (uuid: string) => `'${uuid.replace(/[^0-9a-f-]/g, "")}'`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
