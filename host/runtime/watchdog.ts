// The stall watchdog. workerd runs every isolate of an instance on one thread and the open-source
// build enforces no CPU limit, so a worker that never yields (`while (true) {}` in a fetch,
// scheduled or queue handler) stops every worker of the instance, every tenant's, for good, and
// keeps a core busy. The watchdog asks the serving instance's front worker a question every
// `intervalMs`; an instance that has not answered within `limitMs` is stalled, and the host
// replaces it with a fresh instance of the same plan (reconcile.ts) and kills the stalled one. An
// instance whose socket refuses the connection is gone (workerd crashed, or was killed: the OOM
// killer), and is replaced at once. Requests in flight on the stalled instance fail; everything
// else serves again within the limit plus one workerd start (ADR 0299).

import http from "node:http";

/** A Host no route names: the front hands the probe to the not-found worker, which answers 404. */
export const PROBE_HOSTNAME = "takoform-liveness.invalid";

export interface WatchdogOptions {
  /** The serving instance's front socket, or undefined while nothing serves. */
  target: () => URL | undefined;
  /** Called once per stall, with the instance that stopped answering (`gone`: it refused the connection). */
  onStall: (target: URL, silentMs: number, gone: boolean) => Promise<void>;
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
    const target = options.target();
    if (target !== undefined) {
      const started = performance.now();
      const answer = await probe(target, options.limitMs);
      // A switch while probing: the answer is about an instance that no longer serves.
      if (answer !== "answered" && !stopped && options.target()?.href === target.href)
        await options.onStall(target, Math.round(performance.now() - started), answer === "gone");
    }
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
