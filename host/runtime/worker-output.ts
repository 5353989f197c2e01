// What a tenant's workerd writes (its workers' console.log on stdout, console.error and workerd's
// messages on stderr) reaches the host's stderr a line at a time, each line naming the tenant, cut
// at the budget's line length, and only as far as the tenant's log budget (log-budget.ts) allows
// (docs/decisions/0301-worker-output.md). Both pipes are always read to their end, so a workerd
// never blocks on its output; what does not pass is counted: said once when a tenant goes over
// its budget (again after its bucket has been full), and the count before the next line that passes. A sink that cannot take more (its reader is behind) drops too,
// so the host never holds more than the sink's bound of any tenant's output.

import type { Readable, Writable } from "node:stream";
import { freshLogBudget, spendLogBudget, type LogBudget, type LogBudgetPolicy } from "./log-budget.js";

/** Takes one line (without its newline); false when it could not. */
export type OutputSink = (line: string) => boolean;

/** Output the host's stderr has not written yet above which worker lines are dropped. */
export const MAX_PENDING_BYTES = 1024 * 1024;

/** A sink writing to `stream`, refusing lines while more than `maxPending` bytes wait in it. */
export function streamSink(stream: Writable, maxPending = MAX_PENDING_BYTES): OutputSink {
  return (line) => {
    if (stream.writableLength > maxPending) return false;
    stream.write(line + "\n");
    return true;
  };
}

export interface WorkerOutputOptions {
  tenant: string;
  policy: LogBudgetPolicy;
  sink: OutputSink;
  now: () => number;
  /** The tenant's bucket, kept by the caller across the tenant's workerd instances. */
  budgets: Map<string, LogBudget>;
}

/** Relays one workerd's stdout and stderr under its tenant's budget. */
export function relayWorkerOutput(stdout: Readable, stderr: Readable, options: WorkerOutputOptions): void {
  relayLines(stdout, `takoform worker ${options.tenant}:`, options);
  relayLines(stderr, `takoform worker ${options.tenant} (stderr):`, options);
}

function relayLines(stream: Readable, prefix: string, options: WorkerOutputOptions): void {
  const { tenant, policy, sink, now, budgets } = options;
  let parts: Buffer[] = [];
  let kept = 0;
  let cut = 0;
  const line = () => {
    const bytes = kept;
    const text = parts;
    const over = cut;
    parts = [];
    kept = 0;
    cut = 0;
    const at = now();
    const spent = spendLogBudget(budgets.get(tenant) ?? freshLogBudget(at, policy), bytes + 1, at, policy);
    budgets.set(tenant, spent.budget);
    if (!spent.passes) {
      if (spent.startsDropping === true)
        sink(
          `takoform runtime: tenant ${tenant}'s workers write more than their log budget (${policy.bytesPerSecond} bytes a second, ${policy.burstBytes} at once); lines over it are dropped, and counted when lines pass again`,
        );
      return;
    }
    if (spent.dropped !== undefined)
      sink(`takoform runtime: tenant ${tenant}'s workers: ${spent.dropped.lines} lines (${spent.dropped.bytes} bytes) over the log budget were dropped`);
    const body = Buffer.concat(text, bytes).toString("utf8");
    if (!sink(`${prefix} ${body}${over > 0 ? ` [${over} more bytes cut]` : ""}`)) {
      const budget = budgets.get(tenant)!;
      budgets.set(tenant, { ...budget, droppedLines: budget.droppedLines + 1, droppedBytes: budget.droppedBytes + bytes + 1 });
    }
  };
  stream.on("data", (chunk: Buffer) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      const take = Math.min(end - start, policy.maxLineBytes - kept);
      if (take > 0) {
        parts.push(chunk.subarray(start, start + take));
        kept += take;
      }
      cut += end - start - Math.max(take, 0);
      if (newline === -1) return;
      line();
      start = newline + 1;
    }
  });
  stream.on("end", () => {
    if (kept > 0 || cut > 0) line();
  });
}
