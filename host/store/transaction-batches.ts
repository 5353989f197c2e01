// Group commit for an engine whose mutations run inside database transactions that hold a lock
// (postgres.ts; docs/decisions/0289-postgres-batched-transactions.md). Tasks that ask for the same
// lock key while a transaction of that key is open run one after another inside it, and the
// transaction commits once no task is left to join: one BEGIN, lock and refresh, one write of all
// rows and one COMMIT for the whole batch instead of one of each per task.
//
// A batch stays open while its tasks run and for one more turn of the event loop after the last
// one decided, so the mutation a per-tenant lock (tenant-lock.ts) releases on `decided` joins it;
// then it closes for joining and commits, and the next task opens the next batch (which waits for
// the database lock until this one has committed). At most `maxMembers` tasks share one batch.
//
// Every task's outcome is delivered only after the batch committed: a task that failed still had
// its staged writes committed (as on every engine, a resolved store transaction is decided); a
// batch that fails to begin or to commit rejects every member with that error, so nothing that
// was not made durable is acknowledged.

/** What the engine does for one batch; S is its open transaction. */
export interface BatchedTransaction<S> {
  /** Opens the transaction and takes its lock. A rejection fails every member. */
  begin(): Promise<S>;
  /** Runs one member's task inside the open transaction. */
  run<T>(transaction: S, task: () => Promise<T>): Promise<T>;
  /** Writes and commits what the members staged (or rolls back and rethrows), and releases the connection. */
  commit(transaction: S): Promise<void>;
}

interface Member {
  task: () => Promise<unknown>;
  decided: (() => void) | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

interface Batch {
  members: Member[];
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class TransactionBatches<S> {
  /** The batch of each key that still takes members. */
  readonly #open = new Map<string, Batch>();

  constructor(private readonly maxMembers: number) {
    if (!(maxMembers >= 1)) throw new RangeError("maxMembers must be at least 1");
  }

  /** Runs task in the open batch of `key`, or in a new one made with `engine`; settles once that batch committed. */
  run<T>(key: string, engine: BatchedTransaction<S>, task: () => Promise<T>, decided?: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let batch = this.#open.get(key);
      if (batch === undefined) {
        batch = { members: [] };
        this.#open.set(key, batch);
        void this.#drive(key, batch, engine);
      }
      batch.members.push({ task, decided, resolve: resolve as (value: unknown) => void, reject });
      if (batch.members.length >= this.maxMembers) this.#close(key, batch);
    });
  }

  #close(key: string, batch: Batch): void {
    if (this.#open.get(key) === batch) this.#open.delete(key);
  }

  async #drive(key: string, batch: Batch, engine: BatchedTransaction<S>): Promise<void> {
    let transaction: S;
    try {
      transaction = await engine.begin();
    } catch (error) {
      this.#close(key, batch);
      for (const member of batch.members) member.reject(error);
      return;
    }
    let next = 0;
    for (;;) {
      while (next < batch.members.length) {
        const member = batch.members[next++]!;
        try {
          member.outcome = { ok: true, value: await engine.run(transaction, member.task) };
        } catch (error) {
          member.outcome = { ok: false, error };
        }
        member.decided?.();
      }
      // One more turn for the members the last `decided` let in.
      await nextTurn();
      if (next === batch.members.length) break;
    }
    this.#close(key, batch);
    try {
      await engine.commit(transaction);
    } catch (error) {
      for (const member of batch.members) member.reject(error);
      return;
    }
    for (const member of batch.members) {
      const outcome = member.outcome!;
      if (outcome.ok) member.resolve(outcome.value);
      else member.reject(outcome.error);
    }
  }
}
