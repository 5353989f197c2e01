// Boundaries a machine keeps: every relative import obeys the "May import:" rule of the part it
// sits in (import-rules.ts), no runtime import cycle exists among the parts' modules, and each
// README that states a rule is the one the table names.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cycles, importGraph } from "./import-graph.js";
import { IMPORT_RULES, violation } from "./import-rules.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const edges = importGraph(root);

describe("import rules", () => {
  it("reads the real graph", () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((edge) => edge.from.startsWith("host/") && edge.to.startsWith("corpus/lib/"))).toBe(true);
  });

  it("every relative import obeys the rule of its folder", () => {
    const broken = edges.flatMap((edge) => {
      const why = violation(edge.from, edge.to);
      return why === undefined ? [] : [`${edge.from}:${edge.line} imports ${edge.to}: ${why}`];
    });
    expect(broken).toEqual([]);
  });

  it("a forbidden import is reported with the folder rule it breaks", () => {
    expect(violation("host/lifecycle/verbs/apply.ts", "provider-bridge/main.ts")).toMatch(/^host\/ may import only corpus\/lib\/ \(host\/README.md/);
    expect(violation("corpus/lib/index.ts", "host/errors.ts")).toMatch(/^corpus\/ may import only itself/);
    expect(violation("codegen/run.ts", "generated/provider/model.ts")).toMatch(/codegen\/README.md/);
    expect(violation("host/kinds/module-worker.ts", "host/lifecycle/admission/rendering.ts")).toMatch(/^host\/kinds\/ must not import host\/lifecycle\//);
    expect(violation("host/rules/outcome.ts", "host/kinds/index.ts")).toMatch(/^host\/rules\/ must not import host\/kinds\//);
    expect(violation("test/e2e/x.test.ts", "host/lifecycle/verbs/apply.ts")).toMatch(/^test\/e2e\/ may import only/);
    expect(violation("test/unit/host/x.test.ts", "host/lifecycle/verbs/apply.ts")).toBeUndefined();
    expect(violation("host/lifecycle/verbs/apply.ts", "host/kinds/index.ts")).toBeUndefined();
  });

  it("no runtime import cycle among the modules of any part", () => {
    expect(cycles(edges, (file) => !file.startsWith("test/"))).toEqual([]);
  });

  it("each rule's README states a May import line", () => {
    for (const readme of new Set(IMPORT_RULES.map((rule) => rule.readme))) {
      const file = path.join(root, readme);
      expect(existsSync(file), readme).toBe(true);
      expect(readFileSync(file, "utf8"), readme).toMatch(/May import:/);
    }
  });
});
