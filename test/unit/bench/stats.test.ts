import { describe, expect, it } from "vitest";
import { median, percentile, ratio, summarizeLatencies } from "../../../bench/lib/stats.js";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose

  it("p50 and p99 of 1..100 are 50 and 99", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
  });

  it("takes the smallest sample covering p percent", () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
    expect(percentile([10, 20, 30, 40], 99)).toBe(40);
    expect(percentile([7], 99)).toBe(7);
  });

  it("does not reorder its input", () => {
    const input = [3, 1, 2];
    percentile(input, 50);
    expect(input).toEqual([3, 1, 2]);
  });

  it("is NaN without samples and refuses p outside 0..100", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe("median", () => {
  it("is the middle sample, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe("summarizeLatencies and ratio", () => {
  it("summarizes count, p50, p99 and max", () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(summarizeLatencies(values)).toEqual({ count: 200, p50: 100, p99: 198, max: 200 });
    const empty = summarizeLatencies([]);
    expect(empty.count).toBe(0);
    expect(empty.max).toBeNaN();
  });

  it("handles large sample arrays without spreading them into arguments", () => {
    const values = Array.from({ length: 300_000 }, (_, i) => i % 1000);
    expect(summarizeLatencies(values).max).toBe(999);
  });

  it("ratio is NaN when a side is missing or the divisor is zero", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
  });
});
