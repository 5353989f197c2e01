// The log budget (host/runtime/log-budget.ts) and the relay's bound on what waits in a sink
// (worker-output.ts): a burst, then a steady rate; drops counted and reported once lines pass
// again; a sink whose reader is behind holds at most its bound, however much a workerd writes.

import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { freshLogBudget, spendLogBudget, type LogBudget } from "../../../host/runtime/log-budget.js";
import { relayWorkerOutput, streamSink } from "../../../host/runtime/worker-output.js";

const POLICY = { bytesPerSecond: 100, burstBytes: 300, maxLineBytes: 100 };

describe("the log budget", () => {
  it("passes a burst, then the steady rate, and counts what it drops", () => {
    let budget: LogBudget = freshLogBudget(0, POLICY);
    const spend = (bytes: number, now: number) => {
      const spent = spendLogBudget(budget, bytes, now, POLICY);
      budget = spent.budget;
      return spent;
    };
    expect([1, 2, 3].map(() => spend(100, 0).passes)).toEqual([true, true, true]);
    expect(spend(100, 0)).toMatchObject({ passes: false, startsDropping: true });
    expect(spend(50, 100)).toEqual({ passes: false, budget: expect.objectContaining({ droppedLines: 2, droppedBytes: 150 }) });
    // 0.5 s later: 50 bytes back, a line of 40 passes and reports the two dropped
    expect(spend(40, 500)).toMatchObject({ passes: true, dropped: { lines: 2, bytes: 150 } });
    const again = spend(40, 500);
    expect(again.passes).toBe(false);
    expect(again.startsDropping, "still over: no second notice").toBeUndefined();
    // still over until the bucket has been full: no second notice
    expect(spend(40, 1000).passes).toBe(true);
    const later = spend(300, 1000);
    expect(later.passes).toBe(false);
    expect(later.startsDropping).toBeUndefined();
    // full again after quiet: a drop after that is a new episode
    expect(spend(300, 10_000).passes).toBe(true);
    expect(spend(300, 10_000)).toMatchObject({ passes: false, startsDropping: true });
  });
});

describe("a sink whose reader is behind", () => {
  it("holds at most its bound of a workerd's output and drops the rest", async () => {
    const sinkStream = new PassThrough({ highWaterMark: 16 }); // never read
    const budgets = new Map<string, LogBudget>();
    const sink = streamSink(sinkStream, 4096);
    let accepted = 0;
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    relayWorkerOutput(stdout, stderr, {
      tenant: "t",
      policy: { bytesPerSecond: 1e9, burstBytes: 1e9, maxLineBytes: 1000 },
      sink: (line) => {
        const taken = sink(line);
        if (taken) accepted++;
        return taken;
      },
      now: () => 0,
      budgets,
    });
    const line = "y".repeat(99) + "\n";
    for (let i = 0; i < 10_000; i++) stdout.write(line); // 1 MB
    stdout.end();
    stderr.end();
    await new Promise((resolve) => stdout.once("end", resolve));
    expect(sinkStream.writableLength).toBeGreaterThan(4096 - 200);
    expect(sinkStream.writableLength).toBeLessThanOrEqual(4096 + 200);
    expect(accepted, "the lines it took").toBeLessThan(60);
  });
});
