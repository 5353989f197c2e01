// The project's own pinned corpus (authored in corpus/, outside corpus/lib) must verify and load.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusRoot, loadCatalog, verifyTree } from "../../../corpus/lib/index.js";

const root = corpusRoot();

describe("the project corpus", () => {
  it("has a corpus index", () => {
    expect(existsSync(path.join(root, "index.json"))).toBe(true);
  });
  it("verifies with zero problems and checks every index entry", () => {
    const result = verifyTree(root);
    expect(result.problems).toEqual([]);
    expect(result.packages).toBeGreaterThanOrEqual(15);
    expect(result.indexEntries).toBeGreaterThan(0);
    expect(result.unresolved).toBe(0);
  });
  it("loads into a catalog with every relation derivable", () => {
    const catalog = loadCatalog([root]);
    expect(catalog.forms().length).toBeGreaterThanOrEqual(15);
    expect(catalog.interfaces().length).toBeGreaterThan(0);
    expect(catalog.bindings().length).toBeGreaterThan(0);
  });
});
