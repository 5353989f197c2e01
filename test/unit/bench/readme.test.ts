import { describe, expect, it } from "vitest";
import { figure } from "../../../bench/lib/figure.js";
import { pairedFigure } from "../../../bench/lib/pairs.js";
import { BEGIN, END, replaceMarked, targetsTable } from "../../../bench/lib/readme.js";
import { parseBenchArgs } from "../../../bench/lib/args.js";

describe("bench results in bench/README.md", () => {
  it("replaces only what lies between the markers", () => {
    const text = `intro\n${BEGIN}\nold run\n${END}\nafter\n`;
    expect(replaceMarked(text, "new run\n")).toBe(`intro\n${BEGIN}\nnew run\n${END}\nafter\n`);
    expect(() => replaceMarked("no markers", "x")).toThrow(/bench:results:begin/);
  });

  it("lists every figure with a target, met or not, with its pairs' range and load", () => {
    const table = targetsTable([
      {
        title: "t",
        figures: [
          figure("a", "reads/s", 2500, "ops/s", { target: { op: ">=", bound: 2000 } }),
          figure("b", "no target", 1, "x"),
          pairedFigure("c", "host / floor CPU", [2.5, 3, 2.8], "x", [4, 6], { op: "<=", bound: 2 }),
        ],
      },
    ]).split("\n");
    expect(table).toHaveLength(4);
    expect(table[2]).toBe("| reads/s | 2,500 ops/s | ≥ 2,000 ops/s | met |  |");
    expect(table[3]).toBe("| host / floor CPU | 2.80 x (2.50–3.00) | ≤ 2.00 x | **not met** | 4.0–6.0 |");
  });

  it("--readme and --pairs are options of npm run bench", () => {
    const args = parseBenchArgs(["--readme", "--pairs", "9"]);
    expect(args.readme).toBe(true);
    expect(args.options.pairs).toBe(9);
    expect(parseBenchArgs([]).options.pairs).toBe(7);
  });
});
