// provider/schema.json has the shape `terraform providers schema -json` prints (R4 included).
import { HOST_EXTENSION_RESOURCES } from "../../../codegen/model/host-extensions.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emitProviderSchema } from "../../../codegen/emit/provider-schema/emit.js";
import { corpus, generatedDir, resource } from "./helpers.js";

type Json = Record<string, unknown>;

function checkAttributes(attrs: Record<string, Json>, where: string): number {
  let n = 0;
  const keys = Object.keys(attrs);
  expect(keys, `${where} keys sorted`).toEqual([...keys].sort());
  for (const [name, a] of Object.entries(attrs)) {
    n++;
    expect(name, where).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(("type" in a ? 1 : 0) + ("nested_type" in a ? 1 : 0), `${where}.${name}: exactly one of type/nested_type`).toBe(1);
    expect(a.description_kind).toBe("plain");
    for (const flag of ["required", "optional", "computed", "sensitive"]) if (flag in a) expect(a[flag], `${where}.${name}.${flag}`).toBe(true);
    const mode = [a.required, a.optional, a.computed].map(Boolean);
    expect(
      [
        [true, false, false],
        [false, true, false],
        [false, false, true],
        [false, true, true],
      ],
      `${where}.${name}`,
    ).toContainEqual(mode);
    if ("nested_type" in a) {
      const nt = a.nested_type as Json;
      expect(["single", "list", "set", "map"]).toContain(nt.nesting_mode);
      n += checkAttributes(nt.attributes as Record<string, Json>, `${where}.${name}`);
    }
  }
  return n;
}

describe("provider/schema.json", () => {
  const { model } = corpus();
  const doc = JSON.parse(emitProviderSchema(model)) as Json;
  const provider = (doc.provider_schemas as Record<string, Json>)["registry.terraform.io/takoform/takoform"]!;

  it("is a format 1.0 document with one provider", () => {
    expect(doc.format_version).toBe("1.0");
    expect(Object.keys(doc.provider_schemas as Json)).toEqual(["registry.terraform.io/takoform/takoform"]);
    expect(Object.keys((provider.provider as Json & { block: { attributes: Json } }).block.attributes)).toEqual(["endpoint", "space", "token"]);
  });

  it("has one resource type per Form kind plus the host extensions, sorted, each a well-formed block", () => {
    const resources = provider.resource_schemas as Record<string, { version: number; block: Json }>;
    const kinds = new Set(corpus().forms.map((f) => f.ref.kind));
    expect(Object.keys(resources)).toHaveLength(kinds.size + Object.keys(HOST_EXTENSION_RESOURCES).length);
    expect(Object.keys(resources)).toEqual([...Object.keys(resources)].sort());
    let count = 0;
    for (const [type, r] of Object.entries(resources)) {
      // The generated types are at state schema version 2 (ADR 0286); the host extensions keep their own.
      expect(r.version, type).toBe(type in HOST_EXTENSION_RESOURCES ? 0 : 2);
      expect(r.block.description_kind).toBe("plain");
      count += checkAttributes(r.block.attributes as Record<string, Json>, type);
    }
    expect(count).toBeGreaterThan(150);
  });

  it("carries takoform_secret with a write-only, sensitive value (ADR 0200)", () => {
    const attributes = (provider.resource_schemas as Record<string, { block: { attributes: Record<string, Json> } }>).takoform_secret!.block.attributes;
    expect(attributes.value).toMatchObject({ type: "string", required: true, sensitive: true, write_only: true });
    expect(Object.keys(attributes).sort()).toEqual(["id", "name", "space", "value", "value_version", "worker"]);
  });

  it("marks the token sensitive", () => {
    expect((provider.provider as { block: { attributes: Record<string, Json> } }).block.attributes.token!.sensitive).toBe(true);
  });

  it("is what generated/provider/schema.json holds", () => {
    expect(readFileSync(path.join(generatedDir, "provider", "schema.json"), "utf8")).toBe(emitProviderSchema(model));
  });
});

describe("artifact-backed Forms (R4)", () => {
  const { model } = corpus();
  it("record the manifest kind their desired state names", () => {
    expect(resource(model, "WorkerBundle").artifact).toEqual({ manifestKind: "WorkerBundle" });
    expect(resource(model, "StaticAssetBundle").artifact).toEqual({ manifestKind: "StaticAssetBundle" });
    expect(resource(model, "SQLiteMigrationSet").artifact).toEqual({ manifestKind: "MigrationBundle" });
    expect(model.resources.filter((r) => r.artifact !== undefined)).toHaveLength(3);
    for (const kind of ["WorkerBundle", "StaticAssetBundle", "SQLiteMigrationSet"]) {
      expect(resource(model, kind).attributes.map((a) => a.name)).toEqual(["manifest_digest"]);
    }
  });
});
