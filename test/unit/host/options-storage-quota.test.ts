// --quota-storage-bytes: each tenant's data-plane storage quota (host/runtime/storage-quota.ts).
import { describe, expect, it } from "vitest";
import { parseHostOptions, UsageError } from "../../../host/options.js";

describe("--quota-storage-bytes", () => {
  it("takes a positive number of bytes; without it the runtime's default applies", () => {
    expect(parseHostOptions(["--quota-storage-bytes", "1048576"], "/", {}).storageQuotaBytes).toBe(1048576);
    expect(parseHostOptions([], "/", {}).storageQuotaBytes).toBeUndefined();
  });

  it.each(["0", "-1", "1.5", "10k", ""])("refuses %j, naming the flag", (text) => {
    expect(() => parseHostOptions(["--quota-storage-bytes", text], "/", {})).toThrow(UsageError);
    expect(() => parseHostOptions(["--quota-storage-bytes", text], "/", {})).toThrow(/--quota-storage-bytes/);
  });
});
