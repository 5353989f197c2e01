// Rules of the spec every Form Definition in the corpus must satisfy on its own: lifecycle
// capabilities derived from the declared fields, closed objects, portable defaults, exact outputs.
import { describe, expect, it } from "vitest";
import { deriveLifecycleCapabilities, type FormDefinition } from "../../../corpus/lib/index.js";
import { corpusForm, corpusForms } from "./corpus-files.js";

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The spec's rule, stated independently of corpus/lib. */
function expectedCapabilities(d: FormDefinition): string[] {
  const fields = Object.keys((d.desiredSchema.properties as object | undefined) ?? {});
  const immutable = new Set(d.immutableFields ?? []);
  const mutable = d.role !== "revision" && fields.some((f) => !immutable.has(`/${f}`));
  return mutable ? ["create", "read", "update", "delete", "import", "observe"] : ["create", "read", "delete", "import", "observe"];
}

/** Pointers of object-admitting schema nodes that are not closed. */
function openObjects(node: unknown, at = ""): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => openObjects(n, `${at}/${i}`));
  if (!isObject(node)) return [];
  const out: string[] = [];
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("object")) {
    const closed = node.additionalProperties === false;
    const typedMap =
      isObject(node.additionalProperties) && node.properties === undefined && node.propertyNames?.["x-takoform-fieldPolicy"] === "portable-data-only-v1";
    if (!closed && !typedMap) out.push(at || "/");
  }
  for (const [k, v] of Object.entries(node)) if (!k.startsWith("x-takoform-")) out.push(...openObjects(v, `${at}/${k}`));
  return out;
}

describe.each(corpusForms().map((f) => [`${f.definition.kind}@${f.definition.definitionVersion}`, f.definition] as const))("%s", (_, d) => {
  it("declares exactly the lifecycle capabilities its fields and role derive", () => {
    expect(d.lifecycleCapabilities).toEqual(expectedCapabilities(d));
    expect(d.lifecycleCapabilities).toEqual(deriveLifecycleCapabilities(d));
    expect(d.lifecycleCapabilities).not.toContain("refresh");
  });

  it("closes every object it admits (or marks it a portable typed map)", () => {
    expect(openObjects(d.desiredSchema)).toEqual([]);
    if (d.outputSchema) expect(openObjects(d.outputSchema)).toEqual([]);
  });

  it("carries no name field (metadata.name is the only name)", () => {
    expect(Object.keys(d.desiredSchema.properties as object)).not.toContain("name");
  });

  it("lists only existing top-level fields as immutable", () => {
    for (const pointer of d.immutableFields ?? []) expect(Object.keys(d.desiredSchema.properties as object)).toContain(pointer.slice(1));
  });

  it("gives every optional top-level field a default, or says what its absence means", () => {
    const props = d.desiredSchema.properties as Record<string, Record<string, unknown>>;
    const required = new Set((d.desiredSchema.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      if (required.has(name) || "default" in schema) continue;
      expect(String(schema.description), name).toMatch(/absent/i);
    }
  });

  it("has an output schema only if closed with every member required", () => {
    if (!d.outputSchema) return;
    expect(d.outputSchema.additionalProperties).toBe(false);
    expect([...(d.outputSchema.required as string[])].sort()).toEqual(Object.keys(d.outputSchema.properties as object).sort());
  });
});

describe("the capability rule's three no-update cases", () => {
  it("a Form with no field, an all-immutable Form, and every revision Form declare no update", () => {
    expect(corpusForm("ModuleWorker").definition.lifecycleCapabilities).not.toContain("update");
    expect(corpusForm("WorkerCustomDomain").definition.lifecycleCapabilities).not.toContain("update");
    for (const f of corpusForms().filter((x) => x.definition.role === "revision")) expect(f.definition.lifecycleCapabilities, f.dir).not.toContain("update");
    expect(corpusForm("AtLeastOnceQueue").definition.lifecycleCapabilities).toContain("update");
  });
  it("the open-object detector finds a planted open object", () => {
    expect(openObjects({ type: "object", properties: { a: { type: "object" } }, additionalProperties: false })).toEqual(["/properties/a"]);
  });
});

describe("WorkerEndpoint outputs (the host-assigned endpoint)", () => {
  const out = corpusForm("WorkerEndpoint").definition.outputSchema as Record<string, any>;
  it("declares exactly hostname and url", () => {
    expect(Object.keys(out.properties).sort()).toEqual(["hostname", "url"]);
  });
  it("holds url to https:// + the hostname grammar + /", () => {
    const host = out.properties.hostname.pattern as string;
    expect(out.properties.url.pattern).toBe(`^https://${host.slice(1, -1)}/$`);
  });
  it("admits only canonical hostnames and complete https URLs", () => {
    const host = new RegExp(out.properties.hostname.pattern);
    const url = new RegExp(out.properties.url.pattern);
    expect(host.test("w-1.edge.example.test")).toBe(true);
    for (const bad of ["W-1.edge.example.test", "w-1.edge.example.test.", "localhost", "w_1.example.test"]) expect(host.test(bad), bad).toBe(false);
    expect(url.test("https://w-1.edge.example.test/")).toBe(true);
    for (const bad of [
      "http://w-1.edge.example.test/",
      "https://w-1.edge.example.test",
      "https://w-1.edge.example.test:443/",
      "https://w-1.edge.example.test/x",
    ])
      expect(url.test(bad), bad).toBe(false);
  });
});
