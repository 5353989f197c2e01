import { describe, expect, it } from "vitest";
import { figure, meets, oneLine, unavailable } from "../../../bench/lib/figure.js";
import { formatTable, formatTarget, formatValue } from "../../../bench/lib/table.js";

describe("formatValue", () => {
  it("keeps three significant-ish digits and groups thousands", () => {
    expect(formatValue(12345.6)).toBe("12,346");
    expect(formatValue(512.4)).toBe("512");
    expect(formatValue(12.345)).toBe("12.3");
    expect(formatValue(1.5)).toBe("1.50");
    expect(formatValue(0)).toBe("0.00");
    expect(formatValue(0.0123)).toBe("0.012");
  });
});

describe("targets", () => {
  it("compares with the target's direction", () => {
    expect(meets({ op: "<=", bound: 1.5 }, 1.5)).toBe(true);
    expect(meets({ op: "<=", bound: 1.5 }, 1.51)).toBe(false);
    expect(meets({ op: ">=", bound: 2000 }, 1999)).toBe(false);
    expect(meets({ op: ">=", bound: 2000 }, Number.NaN)).toBe(false);
    expect(formatTarget({ op: "<=", bound: 500 }, "ms")).toBe("≤ 500 ms");
    expect(formatTarget({ op: ">=", bound: 2000 }, "ops/s")).toBe("≥ 2,000 ops/s");
  });

  it("a figure records met, an unavailable one records null", () => {
    expect(figure("a", "A", 3, "x", { target: { op: "<=", bound: 2 } }).met).toBe(false);
    expect(figure("a", "A", 1, "x", { target: { op: "<=", bound: 2 } }).met).toBe(true);
    expect(figure("a", "A", 1, "x").met).toBeUndefined();
    const gone = unavailable("b", "B", "ms", "provider\nnot built", { target: { op: "<=", bound: 2 } });
    expect(gone).toMatchObject({ value: null, met: null, unavailable: "provider" });
    // a non-finite measurement is reported as unavailable, never as a number
    expect(figure("c", "C", Number.NaN, "ms").value).toBeNull();
  });

  it("oneLine keeps the first non-empty line and shortens it", () => {
    expect(oneLine("\n  first  \nsecond")).toBe("first");
    expect(oneLine("x".repeat(200), 10)).toBe("xxxxxxxxx…");
  });
});

describe("formatTable", () => {
  const table = formatTable([
    {
      title: "Host",
      figures: [
        figure("h.read", "read @ 10,000", 2345.67, "ops/s", { runs: 3, target: { op: ">=", bound: 2000 } }),
        figure("h.p99", "read p99 | tail", 61.2, "ms", { runs: 3, target: { op: "<=", bound: 50 } }),
        figure("h.rss", "host RSS", 80, "MiB"),
      ],
    },
    {
      title: "Terraform",
      figures: [
        unavailable("t.a", "apply", "s", "provider not built"),
        unavailable("t.b", "plan", "s", "provider not built", { target: { op: "<=", bound: 3 } }),
        unavailable("t.c", "cold start", "ms", "no openssl"),
      ],
    },
  ]);
  const lines = table.split("\n");

  it("has a header, a separator and one row per figure and section", () => {
    expect(lines[0]).toMatch(/^\| figure +\| value +\| unit +\| target +\| met +\| load +\|$/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|-+\|-+\|-+\|-+\|$/);
    expect(lines.filter((l) => l.startsWith("|"))).toHaveLength(2 + 2 + 6);
    // every table line has the same width
    const widths = new Set(lines.filter((l) => l.startsWith("|")).map((l) => l.length));
    expect(widths.size).toBe(1);
  });

  it("shows medians, targets and whether each was met", () => {
    expect(table).toContain("| read @ 10,000 (median of 3)");
    expect(lines.find((l) => l.includes("read @ 10,000"))).toMatch(/\| 2,346 +\| ops\/s +\| ≥ 2,000 ops\/s +\| met +\|/);
    expect(lines.find((l) => l.includes("tail"))).toMatch(/NOT MET/);
    expect(lines.find((l) => l.includes("host RSS"))).toMatch(/\| 80\.0 +\| MiB +\| +\| +\| +\|$/);
  });

  it("escapes pipes inside cells", () => {
    expect(table).toContain("read p99 \\| tail");
  });

  it("numbers each distinct unavailable reason once, as a footnote", () => {
    expect(lines.find((l) => l.includes("| apply"))).toContain("unavailable [1]");
    expect(lines.find((l) => l.includes("| plan"))).toMatch(/unavailable \[1\] .*\| n\/a +\| +\|$/);
    expect(lines.find((l) => l.includes("cold start"))).toContain("unavailable [2]");
    expect(lines.slice(-2)).toEqual(["[1] unavailable: provider not built", "[2] unavailable: no openssl"]);
  });
});
