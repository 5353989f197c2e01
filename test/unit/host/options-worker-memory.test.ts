// --worker-memory-bytes: the resident memory each version may add to its tenant's workerd
// (host/runtime/workerd-memory.ts, ADR 0305).
import { describe, expect, it } from "vitest";
import { parseHostOptions, UsageError } from "../../../host/options.js";
import { DEFAULT_MEMORY_POLICY, memoryLimitOf } from "../../../host/runtime/workerd-memory.js";

describe("--worker-memory-bytes", () => {
  it("takes bytes from 16 MiB; without it each version adds 128 MiB to the workerd's 2 GiB", () => {
    expect(parseHostOptions(["--worker-memory-bytes", "67108864"], "/", {}).workerMemoryBytes).toBe(67108864);
    expect(parseHostOptions([], "/", {}).workerMemoryBytes).toBeUndefined();
    expect([0, 1, 3].map((versions) => memoryLimitOf(versions, DEFAULT_MEMORY_POLICY) / 1024 ** 2)).toEqual([2176, 2176, 2432]);
  });

  it.each(["0", "1048576", "-1", "1.5", "64M", ""])("refuses %j, naming the flag", (text) => {
    expect(() => parseHostOptions(["--worker-memory-bytes", text], "/", {})).toThrow(UsageError);
    expect(() => parseHostOptions(["--worker-memory-bytes", text], "/", {})).toThrow(/--worker-memory-bytes/);
  });

  it("--worker-memory-base-bytes takes bytes from 128 MiB, naming the flag otherwise", () => {
    expect(parseHostOptions(["--worker-memory-base-bytes", "1073741824"], "/", {}).workerMemoryBaseBytes).toBe(1073741824);
    expect(parseHostOptions([], "/", {}).workerMemoryBaseBytes).toBeUndefined();
    for (const text of ["67108864", "0", "1G", ""])
      expect(() => parseHostOptions(["--worker-memory-base-bytes", text], "/", {})).toThrow(/--worker-memory-base-bytes/);
  });
});
