// Rules R2 and R3 (codegen/README.md, ADR 0050): several definitions, one resource type.
import { describe, expect, it } from "vitest";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import type { LoadedForm } from "../../../codegen/parse/load.js";
import { corpus, resource, syntheticForm } from "./helpers.js";

describe("ModuleWorker's two definitions", () => {
  const { forms, model } = corpus();
  const mw = resource(model, "ModuleWorker");
  const defs = forms.filter((f) => f.ref.kind === "ModuleWorker");

  it("generate one resource type supporting both exact refs", () => {
    expect(model.resources.filter((r) => r.kind === "ModuleWorker")).toHaveLength(1);
    expect(mw.supportedRefs).toEqual(defs.map((d) => d.ref));
    expect(mw.supportedRefs.map((r) => r.definitionVersion)).toEqual(["0.1.0", "0.2.0"]);
    expect(Object.keys(mw.capabilities)).toEqual(["0.1.0", "0.2.0"]);
  });

  it("create new workers under 0.1.0, the definition that keeps bindings and endpoints working", () => {
    const v010 = defs.find((d) => d.ref.definitionVersion === "0.1.0")!;
    const v020 = defs.find((d) => d.ref.definitionVersion === "0.2.0")!;
    expect(v010.definition.providedInterfaces?.length).toBeGreaterThan(0);
    expect(v020.definition.providedInterfaces ?? []).toEqual([]);
    expect(mw.defaultRef).toEqual(v010.ref);
  });
});

function version(kind: string, definitionVersion: string, provides: string[]): LoadedForm {
  return syntheticForm({
    kind,
    definitionVersion,
    desiredSchema: { properties: {} },
    providedInterfaces: provides.map((name) => ({
      apiVersion: "interfaces.takoform.com/v1alpha1",
      name,
      version: "1.0.0",
      schemaDigest: "sha256:" + "1".repeat(64),
    })),
  });
}

function referrer(iface: string): LoadedForm {
  return syntheticForm({
    kind: "Referrer",
    desiredSchema: {
      required: ["target"],
      properties: {
        target: {
          type: "object",
          additionalProperties: false,
          required: ["apiVersion", "kind", "name"],
          properties: {
            apiVersion: { type: "string", const: "example.forms.takoform.com/v1beta1" },
            kind: { type: "string", const: "Target" },
            name: { type: "string" },
          },
          "x-takoform-required-interface": {
            apiVersion: "interfaces.takoform.com/v1alpha1",
            name: iface,
            version: "1.0.0",
            schemaDigest: "sha256:" + "1".repeat(64),
          },
        },
      },
    },
  });
}

describe("choosing the default ref", () => {
  const defaultOf = (forms: LoadedForm[]) => resource(buildProviderModel(forms, "0"), "Target").defaultRef.definitionVersion;

  it("takes the highest SemVer when nothing refers to the kind", () => {
    expect(defaultOf([version("Target", "0.9.0", []), version("Target", "0.10.0", []), version("Target", "0.2.0", ["a"])])).toBe("0.10.0");
  });

  it("prefers a definition that satisfies the catalog's references over a newer one that does not", () => {
    expect(defaultOf([version("Target", "1.0.0", ["a"]), version("Target", "2.0.0", []), referrer("a")])).toBe("1.0.0");
  });

  it("moves to a newer definition once it satisfies as much", () => {
    expect(defaultOf([version("Target", "1.0.0", ["a"]), version("Target", "2.0.0", ["a", "b"]), referrer("a")])).toBe("2.0.0");
  });
});

describe("definitions one type cannot serve together (R3)", () => {
  it("refuses a definition whose Terraform shape differs", () => {
    const a = syntheticForm({ kind: "Target", definitionVersion: "1.0.0", desiredSchema: { properties: { size: { type: "integer" } } } });
    const b = syntheticForm({ kind: "Target", definitionVersion: "2.0.0", desiredSchema: { properties: { size: { type: "string" } } } });
    expect(() => buildProviderModel([a, b], "0")).toThrow(/declare different Terraform shapes/);
  });

  it("refuses definitions that disagree on role", () => {
    const a = syntheticForm({ kind: "Target", definitionVersion: "1.0.0", desiredSchema: { properties: {} } });
    const b = syntheticForm({ kind: "Target", definitionVersion: "2.0.0", role: "revision", desiredSchema: { properties: {} } });
    expect(() => buildProviderModel([a, b], "0")).toThrow(/disagree on role/);
  });

  it("accepts differing descriptions and validators", () => {
    const a = syntheticForm({
      kind: "Target",
      definitionVersion: "1.0.0",
      desiredSchema: { properties: { size: { type: "integer", maximum: 5, description: "old" } } },
    });
    const b = syntheticForm({
      kind: "Target",
      definitionVersion: "1.1.0",
      desiredSchema: { properties: { size: { type: "integer", maximum: 9, description: "new" } } },
    });
    const r = resource(buildProviderModel([a, b], "0"), "Target");
    expect(r.defaultRef.definitionVersion).toBe("1.1.0");
    expect(r.attributes[0]!.description).toBe("new");
  });
});
