// Every positive conformance fixture validates against its Form's schemas; every negative fixture
// fails the schema of its stage; every fixture file a package carries is named by its definition.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newAjv } from "./ajv.js";
import { corpusDir, corpusForms, filesBelow, readJson } from "./corpus-files.js";

const forms = corpusForms();

describe.each(forms.map((f) => [`${f.definition.kind}@${f.definition.definitionVersion}`, f] as const))("%s fixtures", (_, form) => {
  const ajv = newAjv();
  const desired = ajv.compile(form.definition.desiredSchema);
  const output = form.definition.outputSchema ? ajv.compile(form.definition.outputSchema) : undefined;
  const load = (rel: string) => readJson(path.join(corpusDir, form.dir, rel));
  const positives = form.definition.conformanceFixtures ?? [];
  const negatives = form.definition.negativeConformanceFixtures ?? [];

  it("declares at least one positive and several negative fixtures", () => {
    expect(positives.length).toBeGreaterThanOrEqual(1);
    expect(negatives.length).toBeGreaterThanOrEqual(3);
  });

  it.each(positives.map((p) => [p.name, p] as const))("positive %s validates", (_, fixture) => {
    expect(desired(load(fixture.desiredPath)), JSON.stringify(desired.errors)).toBe(true);
    if (fixture.outputPath) {
      expect(output, "an output fixture needs an outputSchema").toBeDefined();
      expect(output!(load(fixture.outputPath)), JSON.stringify(output!.errors)).toBe(true);
    }
  });

  it.each(negatives.map((n) => [n.name, n] as const))("negative %s fails its stage", (_, fixture) => {
    const validate = fixture.stage === "output" ? output : fixture.stage === "desired" ? desired : undefined;
    expect(validate, `no schema for stage ${fixture.stage}`).toBeDefined();
    expect(validate!(load(fixture.inputPath))).toBe(false);
    expect(fixture.expectedFailure).toBe("schema_validation_failed");
  });

  it("carries no fixture file its definition does not name, and names none it does not carry", () => {
    const named = new Set([
      ...positives.flatMap((p) => [p.desiredPath, p.observedPath, p.outputPath].filter((x): x is string => x !== undefined)),
      ...negatives.map((n) => n.inputPath),
    ]);
    const carried = filesBelow(path.join(corpusDir, form.dir)).filter((f) => f.startsWith("fixtures/"));
    expect(new Set(carried)).toEqual(named);
  });

  it("no negative fixture is byte-identical in meaning to a positive one", () => {
    const positiveDocs = positives.map((p) => JSON.stringify(load(p.desiredPath)));
    for (const n of negatives) expect(positiveDocs).not.toContain(JSON.stringify(load(n.inputPath)));
  });
});
