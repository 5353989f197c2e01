// The second ModuleWorker definition differs from the first in exactly two places: the
// definitionVersion, and the absent providedInterfaces (decision 0022). Everything else, fixtures
// included, is the same bytes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalDigest } from "../../../corpus/lib/index.js";
import { corpusDir, corpusForm, filesBelow } from "./corpus-files.js";
import { jsonDiff } from "./json-diff.js";

describe("ModuleWorker 0.1.0 and 0.2.0", () => {
  const first = corpusForm("ModuleWorker", "0.1.0");
  const second = corpusForm("ModuleWorker", "0.2.0");

  it("differ in exactly definitionVersion and providedInterfaces", () => {
    const diff = jsonDiff(first.definition, second.definition);
    expect(diff.map((d) => d.pointer)).toEqual(["/definitionVersion", "/providedInterfaces"]);
    expect(diff[0]).toEqual({ pointer: "/definitionVersion", first: "0.1.0", second: "0.2.0" });
    expect(diff[1]!.second).toBeUndefined();
    expect((diff[1]!.first as { name: string }[]).map((i) => i.name)).toEqual(["worker.runtime", "worker.service"]);
  });

  it("are two different contracts", () => {
    expect(canonicalDigest(first.definition)).not.toBe(canonicalDigest(second.definition));
  });

  it("carry byte-identical fixtures", () => {
    const fixtures = (dir: string) => filesBelow(path.join(corpusDir, dir)).filter((f) => f.startsWith("fixtures/"));
    expect(fixtures(second.dir)).toEqual(fixtures(first.dir));
    for (const f of fixtures(first.dir)) {
      expect(readFileSync(path.join(corpusDir, second.dir, f)).equals(readFileSync(path.join(corpusDir, first.dir, f))), f).toBe(true);
    }
  });

  it("the diff reports a planted third difference (the first check can fail)", () => {
    const planted = { ...second.definition, title: "Changed" };
    expect(jsonDiff(first.definition, planted).map((d) => d.pointer)).toContain("/title");
  });
});
