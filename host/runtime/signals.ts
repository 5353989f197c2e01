// Miniflare registers SIGINT/SIGTERM listeners (its exit hook) that dispose every Miniflare and
// call process.exit(130/143) at once. In the `takoform host` process that cuts the drain short:
// there the host owns its signals (SIGTERM drains, then disposes every Miniflare, which stops
// workerd), so startHost({ ownsSignals: true }) calls hostOwnsSignals() and Miniflare's signal listeners are removed as
// each instance is made. Everywhere else (the host started in process by a library or a test)
// Miniflare's hook stays: it is what stops workerd when that process is told to end.
// Miniflare's "exit" listener always stays.
const OWNED_BY_THE_HOST = ["SIGINT", "SIGTERM", "message"];
const listenersOf = (event: string): Function[] => process.listeners(event as NodeJS.Signals);
let owned = false;

/** Called once by the process that handles SIGINT/SIGTERM itself (`takoform host`). */
export function hostOwnsSignals(): void {
  owned = true;
}

/** Runs `create`; in a process whose host owns its signals, removes the signal listeners it added. */
export function keepingHostSignals<T>(create: () => T): T {
  if (!owned) return create();
  const before = new Map(OWNED_BY_THE_HOST.map((event) => [event, new Set(listenersOf(event))]));
  try {
    return create();
  } finally {
    for (const event of OWNED_BY_THE_HOST) {
      for (const listener of listenersOf(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
}
