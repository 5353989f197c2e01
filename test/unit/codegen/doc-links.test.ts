// The generated CDKTF classes link each resource and setting to its generated page, and every
// such page exists (the Registry pages the generator would link to do not: nothing is published).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localDocsLinks } from "../../../codegen/emit/cdktf/post-process.js";
import { generatedDir, repoDir } from "./helpers.js";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe("links in the generated CDKTF classes", () => {
  const texts = files(path.join(generatedDir, "cdktf"))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(f, "utf8"));

  it("point at no Registry page", () => {
    for (const text of texts) expect(text).not.toContain("registry.terraform.io/providers/takoform");
  });

  it("point at generated pages that exist", () => {
    const targets = new Set(texts.flatMap((t) => [...t.matchAll(/generated\/docs\/[a-z0-9_/]+\.md/g)].map((m) => m[0])));
    expect(targets.size).toBeGreaterThanOrEqual(16);
    for (const target of targets) expect(existsSync(path.join(repoDir, target)), target).toBe(true);
  });

  it("link the generated READMEs to pages that exist, relative to each README", () => {
    const readmes = files(path.join(generatedDir, "cdktf")).filter((f) => f.endsWith(".md"));
    expect(readmes.length).toBeGreaterThanOrEqual(16);
    for (const file of readmes) {
      const text = readFileSync(file, "utf8");
      expect(text).not.toContain("registry.terraform.io");
      for (const m of text.matchAll(/\]\(([^)#]+\.md)\)/g)) expect(existsSync(path.resolve(path.dirname(file), m[1]!)), `${file}: ${m[1]}`).toBe(true);
    }
  });

  it("rewrites the generator's Registry links to those pages", () => {
    expect(
      localDocsLinks(
        "Docs at Terraform Registry: {@link https://registry.terraform.io/providers/takoform/takoform/latest/docs/resources/worker_version#assets WorkerVersion#assets}",
      ),
    ).toBe("Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#assets}");
    expect(localDocsLinks("(https://registry.terraform.io/providers/takoform/takoform/latest/docs).")).toBe("(generated/docs/index.md).");
  });
});
