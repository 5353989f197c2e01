// A host without a data plane (`--runtime off`) still writes SQLiteDatabase files: a
// SQLiteMigrationApplication runs its migrations on them in the control plane. Nothing reconciles
// there, so nothing would ever take a deleted database's file away (ADR 0306 reclaims after a
// reconcile). The same holds for a replica of a shared store while another replica runs the data
// plane: it keeps a local copy of every database, fetched with the commits (ADR 0221); `skip` says
// when this replica runs the data plane itself, whose own reclaimer then does the work. Here the same pass (store-reclaim.ts) runs on the control plane's collection interval
// instead, none at start-up: the files of deleted databases go, and so does anything an earlier
// run with the data plane left for no live record. A queue's retained messages stay until the data
// plane runs again (its store is the data plane's, and its first pass purges them).
//
// The pass's modules load on its first run, off the start path.

import type { DatabaseFiles } from "../files/database-files.js";
import type { KindRegistry } from "../kinds/behaviour.js";
import type { Store } from "../store/store.js";
import { repeatEvery, type Repeating } from "../support/repeat.js";
import type { StoreReclaimer } from "./store-reclaim.js";

export function reclaimWithoutRuntime(options: {
  store: Store;
  kinds: KindRegistry;
  dataDir: string;
  databases: Pick<DatabaseFiles, "forget">;
  intervalMs: number;
  /** True while this host's data plane runs here (it reclaims after its reconciles). */
  skip?(): boolean;
  report(error: unknown): void;
}): Repeating {
  let reclaimer: StoreReclaimer | undefined;
  let stopped = false;
  const pass = async (): Promise<void> => {
    if (options.skip?.() === true) return;
    if (reclaimer === undefined) {
      const { storeReclaimer } = await import("./store-reclaim.js");
      reclaimer = storeReclaimer({
        store: options.store,
        kinds: options.kinds,
        dataDir: options.dataDir,
        queues: { purge: () => undefined },
        databases: options.databases,
        delayMs: options.intervalMs,
        removed: (entries) => console.error(`takoform host: removed ${entries.length} file(s) and folder(s) that deleted databases and stores kept`),
      });
    }
    if (!stopped) await reclaimer.pass();
  };
  const repeating = repeatEvery(options.intervalMs, pass, options.report);
  return {
    async stop() {
      stopped = true;
      await repeating.stop();
      await reclaimer?.close();
    },
  };
}
