// generated/ follows the Registry's layout: docs/index.md and docs/resources/<name>.md, with the
// examples they show kept as files (examples/provider/provider.tf, examples/resources/<type>/
// resource.tf and import.sh), so registry tooling could publish them as they are. Each page embeds
// exactly its example files, and every file belongs to a page.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_EXTENSION_RESOURCES } from "../../../codegen/model/host-extensions.js";
import { corpus, generatedDir } from "./helpers.js";

const { model } = corpus();
const read = (...parts: string[]) => readFileSync(path.join(generatedDir, ...parts), "utf8");
const block = (text: string, after: string, lang: string): string => {
  const from = text.indexOf(after);
  expect(from, `section ${after}`).toBeGreaterThanOrEqual(0);
  const m = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(text.slice(from));
  expect(m, `${lang} block after ${after}`).not.toBeNull();
  return m![1]!;
};

describe("registry layout of generated/", () => {
  it.each(model.resources.map((r) => [r.typeName] as const))("%s: the page embeds examples/resources/<type>/resource.tf and import.sh", (typeName) => {
    const page = read("docs", "resources", `${typeName.replace(/^takoform_/, "")}.md`);
    expect(block(page, "## Example Usage", "terraform")).toBe(read("examples", "resources", typeName, "resource.tf"));
    expect(block(page, "## Import", "shell")).toBe(read("examples", "resources", typeName, "import.sh"));
  });

  it("the provider page embeds examples/provider/provider.tf", () => {
    expect(block(read("docs", "index.md"), "## Example Usage", "terraform")).toBe(read("examples", "provider", "provider.tf"));
  });

  it("has an example folder for exactly the resource types, and every page a link target that exists", () => {
    const types = [...model.resources.map((r) => r.typeName), ...Object.keys(HOST_EXTENSION_RESOURCES)].sort();
    expect(readdirSync(path.join(generatedDir, "examples", "resources")).sort()).toEqual(types);
    for (const t of types) expect(existsSync(path.join(generatedDir, "docs", "resources", `${t.replace(/^takoform_/, "")}.md`)), t).toBe(true);
    const index = read("docs", "index.md");
    for (const [, target] of index.matchAll(/\]\(([^)#]+)\)/g)) expect(existsSync(path.join(generatedDir, "docs", target!)), target).toBe(true);
  });
});
