// A task run every intervalMs, one run at a time, until stopped: the control plane's periodic
// passes (garbage collection, and without a runtime the reclaim of deleted stores). The timer does
// not keep the process alive; a run that fails is reported and the next one runs as planned.

export interface Repeating {
  /** No run starts after this; resolves once the run in progress (if any) has finished. */
  stop(): Promise<void>;
}

export function repeatEvery(intervalMs: number, task: () => Promise<void>, report: (error: unknown) => void): Repeating {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(task).catch(report);
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      return running;
    },
  };
}
