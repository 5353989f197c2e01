// The mutation scope: the code a tenant lock runs (tenant-lock.ts). Inside it the store shows the
// writes other mutations have staged but not yet made durable (a decision must see every earlier
// decision), and a transaction resolves once staged; the lock answers only after everything
// staged is durable. Outside it (reads, validate, prepare) the store shows durable state only.

import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<true>();

/** Runs `task` inside the mutation scope. */
export function inMutationScope<T>(task: () => Promise<T>): Promise<T> {
  return scope.run(true, task);
}

/** Whether the caller runs under a tenant lock. */
export function insideMutationScope(): boolean {
  return scope.getStore() === true;
}
