import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { corpusRoot, repoRoot } from "../../../corpus/lib/index.js";
import { repoDir } from "./paths.js";

describe("corpusRoot", () => {
  it("is the repository's corpus/ directory when run from source", () => {
    expect(corpusRoot()).toBe(path.join(repoDir, "corpus"));
    expect(repoRoot()).toBe(repoDir);
  });
  it("is the repository's corpus/ directory (not dist/corpus) when run from dist", async () => {
    const built = path.join(repoDir, "dist/corpus/lib/root.js");
    expect(existsSync(built), "run `npm run build` first").toBe(true);
    const mod = (await import(pathToFileURL(built).href)) as { corpusRoot(): string };
    expect(mod.corpusRoot()).toBe(path.join(repoDir, "corpus"));
  });
});
