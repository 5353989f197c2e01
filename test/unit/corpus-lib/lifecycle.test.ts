import { describe, expect, it } from "vitest";
import { deriveLifecycleCapabilities, mutableFields, type FormDefinition } from "../../../corpus/lib/index.js";
import { referenceDefinition, referenceFormDirs } from "./reference.js";
import { describeWithReference, itWithReference } from "../../support/reference.js";

const S = "https://json-schema.org/draft/2020-12/schema";
const BASE = ["create", "read", "delete", "import", "observe"];
const WITH_UPDATE = ["create", "read", "update", "delete", "import", "observe"];

function form(role: FormDefinition["role"], properties: Record<string, unknown>, immutableFields?: string[]) {
  return { role, desiredSchema: { $schema: S, type: "object", properties }, ...(immutableFields ? { immutableFields } : {}) };
}

describeWithReference("deriveLifecycleCapabilities over the reference Forms", () => {
  it.each(referenceFormDirs())("equals the declared list of the reference Form %s", (dir) => {
    const definition = referenceDefinition(dir);
    expect(deriveLifecycleCapabilities(definition)).toEqual(definition.lifecycleCapabilities);
  });
});

describe("deriveLifecycleCapabilities", () => {
  it("adds update for a Form with one mutable field", () => {
    expect(deriveLifecycleCapabilities(form("identity", { size: { type: "integer" } }))).toEqual(WITH_UPDATE);
    expect(deriveLifecycleCapabilities(form("attachment", { a: {}, b: {} }, ["/a"]))).toEqual(WITH_UPDATE);
  });
  it("omits update for a Form with no field", () => {
    expect(deriveLifecycleCapabilities(form("identity", {}))).toEqual(BASE);
    expect(deriveLifecycleCapabilities({ role: "identity", desiredSchema: { $schema: S, type: "object" } })).toEqual(BASE);
  });
  it("omits update for an all-immutable Form (immutableFields or x-takoform-immutable)", () => {
    expect(deriveLifecycleCapabilities(form("attachment", { a: {}, b: {} }, ["/a", "/b"]))).toEqual(BASE);
    expect(deriveLifecycleCapabilities(form("policy", { a: { "x-takoform-immutable": true }, b: {} }, ["/b"]))).toEqual(BASE);
    expect(mutableFields(form("policy", { a: { "x-takoform-immutable": true }, b: {} }))).toEqual(["b"]);
  });
  it("a nested immutable pointer does not make its top-level field immutable", () => {
    expect(deriveLifecycleCapabilities(form("identity", { a: { type: "object" } }, ["/a/b"]))).toEqual(WITH_UPDATE);
  });
  itWithReference("omits update for every revision-role Form, even with mutable-looking fields", () => {
    expect(deriveLifecycleCapabilities(form("revision", { a: {}, b: {} }))).toEqual(BASE);
    const revisions = referenceFormDirs()
      .map(referenceDefinition)
      .filter((d) => d.role === "revision");
    expect(revisions.length).toBeGreaterThanOrEqual(4);
    for (const definition of revisions) expect(deriveLifecycleCapabilities(definition)).toEqual(BASE);
  });
});
