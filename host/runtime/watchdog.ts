// The stall watchdog. workerd runs every isolate of an instance on one thread and the open-source
// build enforces no CPU limit, so a worker that never yields (`while (true) {}` in a fetch,
// scheduled or queue handler) stops every worker of its instance, for good, and keeps a core busy.
// Each tenant has an instance of its own (a cell, ADR 0300), so that is one tenant's workers. The
// watchdog asks every serving instance's front worker a question every `intervalMs`; an instance
// that has not answered within `limitMs` is stalled, and the host replaces it with a fresh
// instance of the same plan (reconcile.ts) and kills the stalled one. An instance whose socket
// refuses the connection is gone (workerd crashed, or was killed: the OOM killer), and is replaced
// at once. Requests in flight on the stalled instance fail; its tenant's workers serve again within
// the limit plus one workerd start, and other tenants' instances never stop (ADR 0299). An
// instance that answers but holds more memory than its limit is replaced the same way (ADR 0305).

import http from "node:http";

/** A Host no route names: the front worker answers it itself (421), without reaching any tenant's worker. */
export const PROBE_HOSTNAME = "takoform-liveness.invalid";

/** Why an instance is replaced: it did not answer, it refused the connection, or it holds too much memory. */
export type StallCause = { kind: "silent"; silentMs: number } | { kind: "gone" } | { kind: "memory"; residentBytes: number; limitBytes: number };

export interface WatchdogOptions {
  /** The front sockets of the serving instances. */
  targets: () => readonly URL[];
  /** Called once per stall, with the instance to replace and why. */
  onStall: (target: URL, cause: StallCause) => Promise<void>;
  /** An instance's resident memory and its limit, when it holds more than the limit (asked of every instance that answered). */
  overMemory?: (target: URL) => { residentBytes: number; limitBytes: number } | undefined;
  intervalMs: number;
  limitMs: number;
}

export interface Watchdog {
  stop(): void;
}

type Probe = "answered" | "silent" | "gone";

/** One probe: whether `target` answers anything within `limitMs`, stays silent, or refuses. */
function probe(target: URL, limitMs: number): Promise<Probe> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (alive: Probe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(alive);
    };
    const request = http.request(
      { host: target.hostname, port: Number(target.port), path: "/", headers: { host: PROBE_HOSTNAME }, agent: false },
      (response) => {
        response.resume();
        settle("answered");
      },
    );
    // Nothing listens: workerd has exited. Any other error (a reset while a switch disposes the
    // instance) says nothing about the serving one.
    request.on("error", (error: NodeJS.ErrnoException) => settle(error.code === "ECONNREFUSED" ? "gone" : "answered"));
    request.end();
    // The timer fires in the timers phase, before the poll phase reads an answer that arrived while
    // this thread was busy; checking again after one turn of I/O keeps a slow host from reading as
    // a stalled workerd.
    const timer = setTimeout(() => setImmediate(() => settle("silent")), limitMs);
  });
}

export function startWatchdog(options: WatchdogOptions): Watchdog {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    await Promise.all(
      options.targets().map(async (target) => {
        const started = performance.now();
        const answer = await probe(target, options.limitMs);
        // A switch while probing: the answer is about an instance that no longer serves.
        if (stopped || !options.targets().some((serving) => serving.href === target.href)) return;
        if (answer === "gone") return options.onStall(target, { kind: "gone" });
        if (answer === "silent") return options.onStall(target, { kind: "silent", silentMs: Math.round(performance.now() - started) });
        const memory = options.overMemory?.(target);
        if (memory !== undefined) return options.onStall(target, { kind: "memory", ...memory });
      }),
    );
    if (!stopped) (timer = setTimeout(() => void round(), options.intervalMs)).unref();
  };
  (timer = setTimeout(() => void round(), options.intervalMs)).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
