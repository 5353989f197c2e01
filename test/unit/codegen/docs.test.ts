// generated/docs: one Registry-layout page per resource type; every argument and attribute is
// documented; the HCL examples are what `terraform fmt` prints; the TypeScript examples compile
// against the generated CDKTF classes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { addressAttributes, identityAttributes } from "../../../codegen/model/identity-attributes.js";
import { corpus, generatedDir, repoDir } from "./helpers.js";

const { model } = corpus();
const pages = model.resources.map((r) => ({
  r,
  text: readFileSync(path.join(generatedDir, "docs", "resources", `${r.typeName.replace(/^takoform_/, "")}.md`), "utf8"),
}));

function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
}

describe("resource pages", () => {
  it.each(pages.map((p) => [p.r.typeName, p] as const))("%s has the Registry sections and documents every attribute", (_n, { r, text }) => {
    expect(text.startsWith(`---\npage_title: "${r.typeName} Resource - takoform"\n`)).toBe(true);
    for (const heading of [
      `# ${r.typeName} (Resource)`,
      "## Example Usage",
      "### CDKTF (TypeScript)",
      "## Argument Reference",
      "### Required",
      "## Attribute Reference",
      "## Import",
    ]) {
      expect(text).toContain(`\n${heading}\n`);
    }
    for (const a of [...addressAttributes(), ...r.attributes, ...r.outputs, ...identityAttributes()]) expect(text).toContain(`\n- \`${a.name}\` (`);
    for (const ref of r.supportedRefs) expect(text).toContain(ref.schemaDigest);
    expect(text).toContain(`terraform import ${r.typeName}.example NAME`);
    if (r.description !== "") expect(text).toContain(r.description);
  });

  it("marks ModuleWorker 0.1.0 as the default for new resources", () => {
    const mw = pages.find((p) => p.r.kind === "ModuleWorker")!.text;
    expect(mw).toMatch(/\| 0\.1\.0 \|[^\n]*default for new resources/);
    expect(mw).toMatch(/\| 0\.2\.0 \|[^\n]*existing resources/);
  });

  it("has a provider page linking every resource page", () => {
    const index = readFileSync(path.join(generatedDir, "docs", "index.md"), "utf8");
    for (const r of model.resources) expect(index).toContain(`(resources/${r.typeName.replace(/^takoform_/, "")}.md)`);
  });
});

describe("HCL examples", () => {
  const examples = pages.flatMap(({ r, text }) => blocks(text, "terraform").map((hcl, i) => [`${r.typeName} #${i}`, hcl] as const));
  it.each(examples)("%s is formatted as terraform fmt formats it", (_n, hcl) => {
    const formatted = execFileSync("terraform", ["fmt", "-"], { input: hcl, stdio: ["pipe", "pipe", "ignore"] }).toString();
    expect(hcl).toBe(formatted);
  });
  it("reference other resources by expression", () => {
    const wv = pages.find((p) => p.r.kind === "WorkerVersion")!.text;
    expect(blocks(wv, "terraform")[0]).toMatch(/\n  worker += takoform_module_worker\.[a-z0-9_]+\.name\n/);
  });
});

describe("TypeScript examples", () => {
  const dir = mkdtempSync(path.join(repoDir, "test/unit/codegen/.docs-check-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = pages.map(({ r, text }) => {
    const [example] = blocks(text, "typescript");
    const importLines = example!.split("\n").filter((l) => l.startsWith("import "));
    const body = example!
      .split("\n")
      .filter((l) => !l.startsWith("import "))
      .join("\n");
    const refs = [...new Set([...body.matchAll(/\b([A-Za-z_$][A-Za-z0-9_$]*)\.name\b/g)].map((m) => m[1]!))];
    const source = [
      'import { TerraformStack } from "cdktf";',
      'import type { Construct } from "constructs";',
      ...importLines.map((l) => l.replace(/"\.\/generated\/(.*)";$/, (_m, rest: string) => `"${path.join(generatedDir, rest)}";`)),
      ...refs.map((v) => `declare const ${v}: { readonly name: string };`),
      "export class Example extends TerraformStack {",
      "  constructor(scope: Construct) {",
      '    super(scope, "example");',
      body.replace(/^/gm, "    "),
      "    void example;",
      "  }",
      "}",
    ].join("\n");
    const file = path.join(dir, `${r.typeName}.ts`);
    writeFileSync(file, source);
    return file;
  });

  it("compile against the generated classes", () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(repoDir, "tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(files).toHaveLength(model.resources.length);
    expect(problems).toEqual([]);
  });
});
