// generated/types: every positive fixture of every definition is assignable to its <Kind>Spec
// (and declared outputs to <Kind>Outputs), and negatives the type system can see are refused.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { namespaceName } from "../../../codegen/emit/types/emit.js";
import { corpus, generatedDir } from "./helpers.js";

// Negatives whose failure is a type error: an unknown member, a missing member, a wrong const
// kind/group, a non-object. (Pattern and bound violations are values, not types.)
const TYPE_LEVEL_NEGATIVE = /unknown-member|missing-|-kind$|-group$|non-object/;

interface Case {
  label: string;
  type: string;
  value: unknown;
  expectError: boolean;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const f of corpus().forms) {
    const ns = `T.${namespaceName(f.ref)}`;
    const read = (rel: string): unknown => JSON.parse(readFileSync(path.join(f.dir, rel), "utf8"));
    for (const fx of f.definition.conformanceFixtures ?? []) {
      out.push({
        label: `${f.ref.kind}@${f.ref.definitionVersion} ${fx.name}`,
        type: `${ns}.${f.ref.kind}Spec`,
        value: read(fx.desiredPath),
        expectError: false,
      });
      if (fx.outputPath !== undefined && existsSync(path.join(f.dir, fx.outputPath))) {
        out.push({ label: `${f.ref.kind} ${fx.name} outputs`, type: `${ns}.${f.ref.kind}Outputs`, value: read(fx.outputPath), expectError: false });
      }
    }
    for (const n of f.definition.negativeConformanceFixtures ?? []) {
      if (n.stage === "desired" && TYPE_LEVEL_NEGATIVE.test(n.name)) {
        out.push({ label: `${f.ref.kind}@${f.ref.definitionVersion} ${n.name}`, type: `${ns}.${f.ref.kind}Spec`, value: read(n.inputPath), expectError: true });
      }
    }
  }
  return out;
}

describe("generated TypeScript types", () => {
  const all = cases();
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-types-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "check.ts");
  const lines = [`import type * as T from ${JSON.stringify(path.join(generatedDir, "types", "index.js"))};`];
  const lineOf = new Map<Case, number>();
  all.forEach((c, i) => {
    lineOf.set(c, lines.length);
    lines.push(`export const c${i}: ${c.type} = ${JSON.stringify(c.value)};`);
  });
  writeFileSync(path.join(dir, "package.json"), '{"type":"module"}\n');
  writeFileSync(file, lines.join("\n") + "\n");
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const errorLines = new Set(
    diagnostics.filter((d) => d.file?.fileName === file && d.start !== undefined).map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line),
  );

  it("covers positives, outputs and type-level negatives", () => {
    expect(all.filter((c) => !c.expectError).length).toBeGreaterThan(15);
    expect(all.filter((c) => c.expectError).length).toBeGreaterThan(15);
    expect(all.some((c) => c.type.endsWith("Outputs"))).toBe(true);
    expect(diagnostics.filter((d) => d.file?.fileName !== file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  });

  it.each(all.map((c) => [c.label, c] as const))("%s", (_label, c) => {
    expect(errorLines.has(lineOf.get(c)!)).toBe(c.expectError);
  });
});
