// --stall-limit-ms: how long workerd may go without answering before the host starts it again
// (ADR 0299). Absent, the runtime's default applies; present, it must be a whole number of
// milliseconds from 100, and a refusal names the flag and what it takes.
import { describe, expect, it } from "vitest";
import { parseHostOptions, UsageError } from "../../../host/options.js";

describe("--stall-limit-ms", () => {
  it("is absent unless given, and taken as milliseconds when it is", () => {
    expect(parseHostOptions([], "/", {}).stallLimitMs).toBeUndefined();
    expect(parseHostOptions(["--stall-limit-ms", "2500"], "/", {}).stallLimitMs).toBe(2500);
  });

  it.each(["0", "99", "-5", "1.5", "10s", ""])("refuses %j with a message naming the flag", (text) => {
    expect(() => parseHostOptions(["--stall-limit-ms", text], "/", {})).toThrow(UsageError);
    expect(() => parseHostOptions(["--stall-limit-ms", text], "/", {})).toThrow(/--stall-limit-ms/);
  });
});
