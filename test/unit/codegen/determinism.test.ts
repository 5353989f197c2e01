// Same input, byte-identical output: two full regenerations agree file for file, and nothing
// in the output depends on when or where it was made.
import { describe, expect, it } from "vitest";
import { runCodegen } from "../../../codegen/run.js";
import { corpusFormsDir, referenceFormsDir, repoDir } from "./helpers.js";
import { itWithReference } from "../../support/reference.js";

async function snapshot(dir: string): Promise<Map<string, string>> {
  const { output } = await runCodegen(dir);
  return new Map(output.paths().map((p) => [p, output.get(p)!]));
}

describe("determinism", () => {
  let first: Map<string, string> | undefined;

  it("regenerates the corpus byte-identically", async () => {
    const [a, b] = [await snapshot(corpusFormsDir), await snapshot(corpusFormsDir)];
    first = a;
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [p, text] of a) expect(b.get(p), p).toBe(text);
    expect([...a.keys()]).toEqual([...a.keys()].sort());
  });

  it("writes no timestamps, temp paths or checkout paths", async () => {
    const files = first ?? (await snapshot(corpusFormsDir));
    for (const [p, text] of files) {
      expect(text, p).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:\d\d/);
      expect(text, p).not.toContain("takoform-cdktf-");
      expect(text, p).not.toContain(repoDir);
    }
  });

  itWithReference("runs the same pipeline over the reference candidate packages", async () => {
    const a = await snapshot(referenceFormsDir);
    expect(a.size).toBeGreaterThan(50);
    expect(a.get("provider/model.ts")).toContain('"typeName": "takoform_queue_consumer"');
  });
});
