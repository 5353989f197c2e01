// Configurations and clients carry over between hosts only if our documents state the same facts
// as the reference specification: Form field sets, member names, types, bounds, enums, defaults,
// roles, capabilities and immutability; Interface operations, errors, semantics and limits;
// Binding contracts; the operation table's routes; the error taxonomy. The reference is read at
// run time; descriptions (ours are our own) and digests (ours point at our documents) are not
// compared.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS, RETRYABLE_CODES, type FormDefinition } from "../../../corpus/lib/index.js";
import { corpusAjv } from "./ajv.js";
import {
  corpusBindings,
  corpusDir,
  corpusForms,
  corpusInterfaces,
  readJson,
  referenceBindingsDir,
  referenceDir,
  referenceForm,
  referenceInterfacesDir,
} from "./corpus-files.js";
import { normalizeSchema } from "./normalize-schema.js";
import { describeWithReference } from "../../support/reference.js";

describeWithReference("the corpus matches the reference specification", () => {
  const contractNames = (refs: { name: string; version: string }[] | undefined) => (refs ?? []).map((r) => `${r.name}@${r.version}`).sort();

  describe.each(
    corpusForms()
      .filter((f) => f.definition.definitionVersion === "0.1.0")
      .map((f) => [f.definition.kind, f.definition] as const),
  )("%s matches the reference candidate", (kind, ours) => {
    const theirs: FormDefinition = referenceForm(kind);

    it("has the same desired field set, types, bounds, patterns, enums and defaults", () => {
      expect(normalizeSchema(ours.desiredSchema)).toEqual(normalizeSchema(theirs.desiredSchema));
    });

    it("has the same role, lifecycle capabilities and immutable fields", () => {
      expect(ours.role).toBe(theirs.role);
      expect([...ours.lifecycleCapabilities].sort()).toEqual([...theirs.lifecycleCapabilities].sort());
      expect([...(ours.immutableFields ?? [])].sort()).toEqual([...(theirs.immutableFields ?? [])].sort());
    });

    it("provides and accepts the same contracts", () => {
      expect(contractNames(ours.providedInterfaces)).toEqual(contractNames(theirs.providedInterfaces));
      expect(contractNames(ours.acceptedBindings)).toEqual(contractNames(theirs.acceptedBindings));
    });

    it("declares the same output schema (or none)", () => {
      expect(ours.outputSchema === undefined).toBe(theirs.outputSchema === undefined);
      if (ours.outputSchema) expect(normalizeSchema(ours.outputSchema)).toEqual(normalizeSchema(theirs.outputSchema));
    });
  });

  describe("the comparison can fail", () => {
    it("a changed bound, a renamed field or a dropped default is a difference", () => {
      const theirs = referenceForm("WorkerVersion").desiredSchema as Record<string, any>;
      const changed = structuredClone(theirs);
      changed.properties.kvBindings.maxItems = 65;
      expect(normalizeSchema(changed)).not.toEqual(normalizeSchema(theirs));
      const renamed = structuredClone(theirs);
      renamed.properties.handler = renamed.properties.handlers;
      delete renamed.properties.handlers;
      expect(normalizeSchema(renamed)).not.toEqual(normalizeSchema(theirs));
      const undefaulted = structuredClone(theirs);
      delete undefaulted.properties.vars.default;
      expect(normalizeSchema(undefaulted)).not.toEqual(normalizeSchema(theirs));
    });
  });

  describe("the corpus covers every reference candidate Form", () => {
    it("one 0.1.0 definition per candidate kind", () => {
      const candidates = readJson<{ forms: { kind: string }[] }>(path.join(referenceDir, "forms/candidates/edge/v1beta1/candidate-set.json"))
        .forms.map((f) => f.kind)
        .sort();
      expect(
        corpusForms()
          .filter((f) => f.definition.definitionVersion === "0.1.0")
          .map((f) => f.definition.kind)
          .sort(),
      ).toEqual(candidates);
    });
  });

  const referenceContract = (dir: string, name: string) => readJson<Record<string, any>>(path.join(dir, name, "definition.json"));

  describe.each(corpusInterfaces().map((i) => [i.definition.name, i.definition] as const))("interface %s matches the reference", (name, ours) => {
    const theirs = referenceContract(referenceInterfacesDir, name);
    it("same identity, semantics and limits", () => {
      expect([ours.apiVersion, ours.kind, ours.version]).toEqual([theirs.apiVersion, theirs.kind, theirs.version]);
      expect(ours.semantics).toEqual(theirs.semantics);
      expect(ours.limits).toEqual(theirs.limits);
    });
    it("same operations with the same errors, idempotency and schemas", () => {
      const ops = (d: Record<string, any>) =>
        Object.fromEntries(
          (d.operations as any[]).map((o) => [
            o.name,
            { errors: [...o.errors].sort(), idempotent: o.idempotent ?? false, input: normalizeSchema(o.inputSchema), output: normalizeSchema(o.outputSchema) },
          ]),
        );
      expect(ops(ours)).toEqual(ops(theirs));
    });
    it("every fixture step names a declared operation and, for a refusal, one of its declared errors", () => {
      const errors = new Map((ours.operations ?? []).map((o) => [o.name, o.errors as string[]]));
      for (const fixture of (ours as any).fixtures as { name: string; steps: { operation: string; expectedError?: string }[] }[]) {
        for (const step of fixture.steps) {
          expect(errors.has(step.operation), `${fixture.name}: ${step.operation}`).toBe(true);
          if (step.expectedError) expect(errors.get(step.operation), fixture.name).toContain(step.expectedError);
        }
      }
    });
  });

  describe.each(corpusBindings().map((b) => [b.definition.name, b.definition] as const))("binding %s matches the reference", (name, ours) => {
    it("same contract apart from prose and digests", () => {
      const facts = (d: Record<string, any>) => {
        const { description: _d, title: _t, targetInterface, ...rest } = d;
        const { schemaDigest: _s, ...target } = targetInterface;
        return { ...rest, targetInterface: target };
      };
      expect(facts(ours)).toEqual(facts(referenceContract(referenceBindingsDir, name)));
    });
  });

  describe("the contract sets are the reference's", () => {
    it("same interfaces and bindings", () => {
      const dirs = (d: string) =>
        readdirSync(d)
          .filter((n) => !n.endsWith(".json"))
          .sort();
      expect(
        corpusInterfaces()
          .map((i) => i.definition.name)
          .sort(),
      ).toEqual(dirs(referenceInterfacesDir));
      expect(
        corpusBindings()
          .map((b) => b.definition.name)
          .sort(),
      ).toEqual(dirs(referenceBindingsDir));
    });
  });

  describe("schemas/operations-v1beta1.json", () => {
    const ours = readJson<Record<string, any>>(path.join(corpusDir, "schemas/operations-v1beta1.json"));
    const theirs = readJson<Record<string, any>>(path.join(referenceDir, "spec/host-api/operations-v1beta1.json"));
    const ROUTE_FACTS = [
      "name",
      "method",
      "path",
      "exactFormQuery",
      "precondition",
      "optionalPrecondition",
      "idempotencyKey",
      "mutates",
      "successStatus",
      "successGeneration",
    ];
    const facts = (op: Record<string, unknown>) => Object.fromEntries(ROUTE_FACTS.filter((k) => op[k] !== undefined).map((k) => [k, op[k]]));

    it("lists the same routes, methods and ids, with the same fences and statuses", () => {
      expect(ours.operations.map(facts)).toEqual(theirs.operations.map(facts));
      expect(ours.apiGroup).toBe(theirs.apiGroup);
      expect(ours.discovery.path).toBe(theirs.discoveryPath);
      expect(ours.requiredFeatures).toEqual(theirs.requiredFeatures);
      expect(ours.requiredEndpoints).toEqual(theirs.requiredEndpoints);
      expect(ours.optionalEndpoints).toEqual(theirs.optionalEndpoints);
    });

    it("names a request and response schema exactly where the reference does, each resolvable in our corpus at the same $defs entry", () => {
      const ajv = corpusAjv();
      const fragment = (id: string | undefined) => (id === undefined ? undefined : id.includes("#") ? id.slice(id.indexOf("#")) : "");
      for (const [i, op] of (ours.operations as Record<string, string>[]).entries()) {
        const ref = theirs.operations[i] as Record<string, string>;
        for (const member of ["requestSchema", "responseSchema"]) {
          expect(fragment(op[member]), `${op.name} ${member}`).toBe(fragment(ref[member]));
          if (op[member]) expect(ajv.getSchema(op[member]), `${op.name} ${member}`).toBeTypeOf("function");
        }
      }
    });
  });

  describe("schemas/errors-v1beta1.json", () => {
    const ours = readJson<{ codes: { code: string; httpStatus: number; retryableAllowed: boolean }[] }>(path.join(corpusDir, "schemas/errors-v1beta1.json"));
    const reference = readJson<Record<string, any>>(path.join(referenceDir, "spec/host-api/operations-v1beta1.json")).errorEnvelope;
    const wire = readJson<Record<string, any>>(path.join(corpusDir, "schemas/host-api-wire-v1beta1.schema.json"));

    it("is the reference taxonomy: codes, HTTP statuses and the retryable set", () => {
      expect(ours.codes.map((c) => c.code)).toEqual(reference.codes);
      expect(Object.fromEntries(ours.codes.map((c) => [c.code, c.httpStatus]))).toEqual(reference.httpStatusByCode);
      expect(ours.codes.filter((c) => c.retryableAllowed).map((c) => c.code)).toEqual(reference.automaticallyRetryable);
    });

    it("agrees with corpus/lib's taxonomy and with our wire schema's error enum", () => {
      expect(Object.fromEntries(ours.codes.map((c) => [c.code, c.httpStatus]))).toEqual(ERROR_STATUS);
      expect(ours.codes.filter((c) => c.retryableAllowed).map((c) => c.code)).toEqual([...RETRYABLE_CODES]);
      expect(wire.$defs.errorBody.properties.code.enum).toEqual(ours.codes.map((c) => c.code));
    });
  });
});
