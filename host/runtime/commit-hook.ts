// The one place the control plane tells the data plane that what should run may have changed:
// the store, wrapped so that every committed transaction touching a resource record asks for a
// reconcile (coalesced by the reconciler). Reads and other writes pass through untouched.

import type { Store, StoreWrite } from "../store/store.js";

export function touchesResources(writes: readonly StoreWrite[]): boolean {
  // secret/: a sensitive value a running version's env carries (ADR 0200).
  return writes.some((write) => write.key.startsWith("resource/") || write.key.startsWith("secret/"));
}

/**
 * The store with its transaction() wrapped; every other member (the optional ones an engine adds,
 * such as postgres's refresh and exclusive) is the engine's own, bound to it.
 */
export function reconcileOnResourceCommits(store: Store, reconcile: () => void): Store {
  const transaction = async (writes: readonly StoreWrite[]): Promise<void> => {
    await store.transaction(writes);
    if (touchesResources(writes)) void store.settled().then(reconcile, () => undefined);
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === "transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
