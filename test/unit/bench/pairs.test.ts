import { describe, expect, it } from "vitest";
import { pairedFigure, pairOrder, PairSamples, rotation } from "../../../bench/lib/pairs.js";
import { formatTable } from "../../../bench/lib/table.js";

describe("alternating A/B pairs", () => {
  it("alternates which side goes first", () => {
    expect([0, 1, 2, 3].map((i) => pairOrder(i, "a", "b"))).toEqual([
      ["a", "b"],
      ["b", "a"],
      ["a", "b"],
      ["b", "a"],
    ]);
  });

  it("rotates which of several sides goes first, keeping their order", () => {
    expect([0, 1, 2, 3].map((i) => rotation(i, ["a", "b", "c"]))).toEqual([
      ["a", "b", "c"],
      ["b", "c", "a"],
      ["c", "a", "b"],
      ["a", "b", "c"],
    ]);
  });

  it("takes the median of per-pair ratios, with their min–max and the load range", () => {
    const s = new PairSamples();
    s.add(2, 1, 3.5);
    s.add(9, 3, 1.2);
    s.add(5, 10, 7.75);
    expect(s.ratios()).toEqual([2, 3, 0.5]);
    const f = pairedFigure("x.ratio", "A / B", s.ratios(), "x", s.loads, { op: "<=", bound: 2.5 });
    expect(f).toMatchObject({ value: 2, runs: 3, spread: { min: 0.5, max: 3 }, load: { min: 1.2, max: 7.75 }, met: true });
    const row = formatTable([{ title: "t", figures: [f] }])
      .split("\n")
      .find((l) => l.includes("A / B"))!;
    expect(row).toMatch(/A \/ B \(median of 3 A\/B pairs, min–max\) +\| 2\.00 \(0\.50–3\.00\) +\| x +\| ≤ 2\.50 x +\| met +\| 1\.2–7\.8 +\|/);
  });
});
