// The host's uid source (host/ids.ts, ADR 0296): UUIDv7 minted faster than the clock ticks keep
// their order and never repeat, across the refills of the random pool behind them.

import { describe, expect, it } from "vitest";
import { randomIds } from "../../../host/ids.js";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("randomIds.uid", () => {
  it("mints 20,000 uids in a row (many per millisecond, many pool refills) that are version 7, distinct and in order", () => {
    const uids = Array.from({ length: 20_000 }, () => randomIds.uid());
    for (const uid of uids) expect(uid).toMatch(V7);
    expect(new Set(uids).size).toBe(uids.length);
    for (let i = 1; i < uids.length; i++) if (!(uids[i - 1]! < uids[i]!)) expect.fail(`uid ${i} (${uids[i]}) does not sort after ${uids[i - 1]}`);
  });

  it("carries the minting millisecond in its first 48 bits", () => {
    const before = Date.now();
    const uid = randomIds.uid();
    const msecs = parseInt(uid.replace(/-/g, "").slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("draws fresh random bits for every uid: the last 48 bits of consecutive uids differ", () => {
    const tails = new Set(Array.from({ length: 1000 }, () => randomIds.uid().slice(-12)));
    expect(tails.size).toBe(1000);
  });
});
