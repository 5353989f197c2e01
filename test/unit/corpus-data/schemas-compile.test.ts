// Every schema the corpus carries compiles under Ajv 2020-12: the wire schemas (resolving each
// other by $id), every Form's desired/output schema, every Interface operation schema.
import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { corpusAjv, newAjv, OUR_SCHEMA_BASE } from "./ajv.js";
import { corpusForms, corpusInterfaces, corpusSchemaFiles, readJson, corpusDir } from "./corpus-files.js";
import path from "node:path";

describe("corpus schemas compile under Ajv 2020-12", () => {
  const ajv = corpusAjv();

  it.each(corpusSchemaFiles())("schemas/%s", (file) => {
    const schema = readJson<{ $id: string; $schema: string }>(path.join(corpusDir, "schemas", file));
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toBe(OUR_SCHEMA_BASE + file);
    const validate = ajv.getSchema(schema.$id);
    expect(validate).toBeTypeOf("function");
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it("a schema naming a $ref nothing provides does not compile (the check above can fail)", () => {
    const lone = new Ajv2020({ strict: false });
    expect(() => lone.compile({ $id: OUR_SCHEMA_BASE + "broken.schema.json", $ref: "missing.schema.json" })).toThrow();
  });

  describe.each(corpusForms().map((f) => [`${f.definition.kind}@${f.definition.definitionVersion}`, f] as const))("%s", (_, form) => {
    it("desiredSchema compiles", () => {
      const compiled = newAjv().compile(form.definition.desiredSchema);
      expect(compiled).toBeTypeOf("function");
    });
    if (form.definition.outputSchema) {
      it("outputSchema compiles", () => {
        expect(newAjv().compile(form.definition.outputSchema as object)).toBeTypeOf("function");
      });
    }
  });

  describe.each(corpusInterfaces().map((i) => [i.definition.name, i.definition] as const))("interface %s", (_, definition) => {
    it("every operation's input and output schema compiles", () => {
      for (const op of definition.operations ?? []) {
        expect(newAjv().compile(op.inputSchema as object), `${op.name} input`).toBeTypeOf("function");
        expect(newAjv().compile(op.outputSchema as object), `${op.name} output`).toBeTypeOf("function");
      }
    });
  });
});
