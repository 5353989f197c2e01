// --worker-log-budget: how many bytes a second of each tenant's worker output reach the host's
// stderr, and how many at once (host/runtime/log-budget.ts).
import { describe, expect, it } from "vitest";
import { parseHostOptions, UsageError } from "../../../host/options.js";

describe("--worker-log-budget", () => {
  it("takes a rate, with a burst or without (then the rate, at least 16 KiB)", () => {
    expect(parseHostOptions(["--worker-log-budget", "4096:65536"], "/", {}).workerLogBudget).toEqual({ bytesPerSecond: 4096, burstBytes: 65536 });
    expect(parseHostOptions(["--worker-log-budget", "100"], "/", {}).workerLogBudget).toEqual({ bytesPerSecond: 100, burstBytes: 16384 });
    expect(parseHostOptions(["--worker-log-budget", "131072"], "/", {}).workerLogBudget).toEqual({ bytesPerSecond: 131072, burstBytes: 131072 });
    expect(parseHostOptions([], "/", {}).workerLogBudget).toBeUndefined();
  });

  it.each(["0", "-1", "1.5", "10k", "100:1000", "100:", ":100", ""])("refuses %j, naming the flag", (text) => {
    expect(() => parseHostOptions(["--worker-log-budget", text], "/", {})).toThrow(UsageError);
    expect(() => parseHostOptions(["--worker-log-budget", text], "/", {})).toThrow(/--worker-log-budget/);
  });
});
