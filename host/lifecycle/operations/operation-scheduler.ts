// Timers that commit accepted (202) mutations after the configured delay. A timer is only a
// prompt: the Operation record is durable. Reading a pending operation whose commit time has passed
// commits it too, and at start-up every pending record is scheduled again (operation-sweep.ts), so
// an operation accepted before a restart settles after it whether or not anyone reads it.

import type { AuthenticatedIdentity } from "../../store/scope.js";

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

  /** Commits after the configured delay, or after `delayMs` (0 when the commit time already passed). */
  schedule(identity: AuthenticatedIdentity, operationId: string, delayMs: number = this.delayMs): void {
    if (this.#stopped || this.#commit === undefined) return;
    const commit = this.#commit;
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        // One turn later: after an event-loop stall the expired timer runs BEFORE the requests that
        // arrived meanwhile are read; deferring to the check phase lets those reach the tenant lock
        // first, so a request sent inside the window is decided inside it.
        setImmediate(() => {
          if (this.#stopped) return;
          commit(identity, operationId).catch((error: unknown) => {
            console.error(`takoform host: committing operation ${operationId} failed:`, error);
          });
        });
      },
      Math.max(0, delayMs),
    );
    timer.unref();
    this.#timers.add(timer);
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
