// Miniflare registers SIGINT/SIGTERM listeners (its exit hook) that call process.exit(130/143)
// at once, which would cut a host's drain short: the host owns its signals (SIGTERM drains, then
// disposes every Miniflare, which stops workerd). Miniflare's "exit" listener stays, so workerd
// is still stopped if the process ends any other way.
const OWNED_BY_THE_HOST = ["SIGINT", "SIGTERM", "message"];
const listenersOf = (event: string): Function[] => process.listeners(event as NodeJS.Signals);

/** Runs `create` and removes the process signal listeners it added; returns what it returned. */
export function keepingHostSignals<T>(create: () => T): T {
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
