// How much of a tenant's worker output (console.log and console.error, workerd's messages about
// its workers) the host passes on to its own stderr (worker-output.ts, ADR 0301). A token bucket
// in bytes per tenant: a burst, then a steady rate. Without one, a worker that logs in a loop
// had the host relay every byte, and buffer every byte its stderr's reader had not taken yet.
// Pure: the relay keeps each tenant's bucket and asks whether a line may pass.

export interface LogBudgetPolicy {
  /** The bytes a tenant's lines may take per second, steadily. */
  bytesPerSecond: number;
  /** The bytes they may take at once (the bucket's size). */
  burstBytes: number;
  /** A longer line is cut to this many bytes. */
  maxLineBytes: number;
}

export const DEFAULT_LOG_BUDGET: LogBudgetPolicy = { bytesPerSecond: 64 * 1024, burstBytes: 1024 * 1024, maxLineBytes: 16 * 1024 };

/** One tenant's bucket, what it dropped since it last passed a line, and whether it is over its budget. */
export interface LogBudget {
  tokens: number;
  at: number;
  droppedLines: number;
  droppedBytes: number;
  /** It dropped a line, and the bucket has not been full since. */
  over: boolean;
}

export function freshLogBudget(now: number, policy: LogBudgetPolicy): LogBudget {
  return { tokens: policy.burstBytes, at: now, droppedLines: 0, droppedBytes: 0, over: false };
}

/**
 * Whether a line of `bytes` passes at `now`, and the bucket after it. A line that does not pass
 * is counted as dropped (`startsDropping` when the tenant was not over its budget already: it is
 * over until its bucket is full again); the next line that passes reports the count (`dropped`)
 * and clears it.
 */
export function spendLogBudget(
  budget: LogBudget,
  bytes: number,
  now: number,
  policy: LogBudgetPolicy,
): { budget: LogBudget; passes: boolean; startsDropping?: true; dropped?: { lines: number; bytes: number } } {
  const tokens = Math.min(policy.burstBytes, budget.tokens + (Math.max(0, now - budget.at) * policy.bytesPerSecond) / 1000);
  const over = budget.over && tokens < policy.burstBytes;
  if (tokens < bytes) {
    const next = { tokens, at: now, droppedLines: budget.droppedLines + 1, droppedBytes: budget.droppedBytes + bytes, over: true };
    return over ? { budget: next, passes: false } : { budget: next, passes: false, startsDropping: true };
  }
  const next = { tokens: tokens - bytes, at: now, droppedLines: 0, droppedBytes: 0, over };
  if (budget.droppedLines === 0) return { budget: next, passes: true };
  return { budget: next, passes: true, dropped: { lines: budget.droppedLines, bytes: budget.droppedBytes } };
}
