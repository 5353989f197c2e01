// Timers that commit accepted (202) mutations after the configured delay. A timer is only a
// prompt: the Operation record is durable, and reading a pending operation whose commit time has
// passed commits it too, so an operation accepted before a restart still settles after it.

import type { AuthenticatedIdentity } from "../store/scope.js";

export type CommitOperation = (identity: AuthenticatedIdentity, operationId: string) => Promise<void>;

export class OperationScheduler {
  readonly #timers = new Set<NodeJS.Timeout>();
  #commit: CommitOperation | undefined;
  #stopped = false;

  constructor(readonly delayMs: number) {}

  /** Connects the scheduler to the function that commits an operation (set once by the app). */
  bind(commit: CommitOperation): void {
    this.#commit = commit;
  }

  schedule(identity: AuthenticatedIdentity, operationId: string): void {
    if (this.#stopped || this.#commit === undefined) return;
    const commit = this.#commit;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      commit(identity, operationId).catch((error: unknown) => {
        console.error(`takoform host: committing operation ${operationId} failed:`, error);
      });
    }, this.delayMs);
    timer.unref();
    this.#timers.add(timer);
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
