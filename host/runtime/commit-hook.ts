// The one place the control plane tells the data plane that what should run may have changed:
// the store, wrapped so that every committed transaction touching a resource record asks for a
// reconcile (coalesced by the reconciler). Reads and other writes pass through untouched.

import type { Store, StoreWrite } from "../store/store.js";

export function touchesResources(writes: readonly StoreWrite[]): boolean {
  // secret/: a sensitive value a running version's env carries (ADR 0200).
  return writes.some((write) => write.key.startsWith("resource/") || write.key.startsWith("secret/"));
}

export function reconcileOnResourceCommits(store: Store, reconcile: () => void): Store {
  return {
    get engine() {
      return store.engine;
    },
    get: (key) => store.get(key),
    list: (prefix, options) => store.list(prefix, options),
    async transaction(writes) {
      await store.transaction(writes);
      if (touchesResources(writes)) void store.settled().then(reconcile, () => undefined);
    },
    settled: () => store.settled(),
    close: () => store.close(),
  };
}
