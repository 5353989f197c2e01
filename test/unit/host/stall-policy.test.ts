// When a tenant's workerd keeps stalling, its workers are held for a while (host/runtime/stall-policy.ts, ADR 0300).

import { describe, expect, it } from "vitest";
import { afterStall, type StallPolicy, type TenantStalls } from "../../../host/runtime/stall-policy.js";

const POLICY: StallPolicy = { limit: 3, windowMs: 1000, holdMs: 100, maxHoldMs: 350 };

/** Feeds stalls at the given times; returns each one's hold (undefined: started again). */
function run(times: number[]): (number | undefined)[] {
  let stalls: TenantStalls | undefined;
  return times.map((now) => {
    const verdict = afterStall(stalls, now, POLICY);
    stalls = verdict.stalls;
    return verdict.heldUntil;
  });
}

describe("afterStall", () => {
  it("holds a tenant at its limit-th stall within the window, not before", () => {
    expect(run([0, 10, 20])).toEqual([undefined, undefined, 120]);
  });

  it("forgets stalls older than the window", () => {
    expect(run([0, 10, 1010, 1020])).toEqual([undefined, undefined, undefined, undefined]);
    expect(run([0, 10, 999])).toEqual([undefined, undefined, 1099]);
  });

  it("doubles the hold while stalls follow a hold within the window, up to the maximum", () => {
    // held until 120; three more soon after: 200 ms; again: 350 (capped, not 400)
    expect(run([0, 10, 20, 130, 140, 150, 360, 370, 380])).toEqual([undefined, undefined, 120, undefined, undefined, 350, undefined, undefined, 730]);
  });

  it("starts again from the first hold after a quiet window", () => {
    expect(run([0, 10, 20, 2000, 2010, 2020])).toEqual([undefined, undefined, 120, undefined, undefined, 2120]);
  });
});
