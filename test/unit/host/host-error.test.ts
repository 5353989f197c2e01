// HostError (host/errors.ts): a refusal (4xx) captures no stack, a fault (5xx) keeps its stack, and
// the process-wide stack limit is left as it was either way.

import { describe, expect, it } from "vitest";
import { HostError, refuse } from "../../../host/errors.js";

const frames = (error: Error) => (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at ")).length;

describe("HostError", () => {
  it("captures no stack for a refusal, keeps one for an internal error, and restores the stack limit", () => {
    const limit = Error.stackTraceLimit;
    const refusal = refuse.resource_not_found("no resource named x");
    expect(refusal.status).toBe(404);
    expect(frames(refusal)).toBe(0);
    expect(refusal.message).toBe("no resource named x");
    const fault = new HostError("internal_error", "the store failed");
    expect(fault.status).toBe(500);
    expect(frames(fault)).toBeGreaterThan(0);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(frames(new Error("plain"))).toBeGreaterThan(0);
  });
});
