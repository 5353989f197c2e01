import { describe, expect, it } from "vitest";
import { decode, encode } from "../../../provider-bridge/proto/codec.js";
import { checkSchemaBlock } from "../../../provider-bridge/schema/check.js";
import { compileSchema, impliedTypeJson } from "../../../provider-bridge/schema/compiled.js";
import { normalizeObject } from "../../../provider-bridge/schema/normalize.js";
import { schemaToProto } from "../../../provider-bridge/schema/to-proto.js";
import type { SchemaJson } from "../../../provider-bridge/schema/schema-json.js";
import { ctyObject } from "../../../provider-bridge/wire/value.js";
import { fixture } from "./model-fixture.js";

const withBlocks: SchemaJson = {
  version: 2,
  block: {
    attributes: { name: { type: "string", required: true } },
    block_types: {
      rule: { nesting_mode: "list", min_items: 0, max_items: 3, block: { attributes: { p: { type: "string", optional: true } } } },
      tag: { nesting_mode: "set", block: { attributes: { k: { type: "string", required: true } } } },
      opts: { nesting_mode: "group", block: { attributes: { x: { type: "bool", optional: true } } } },
      env: { nesting_mode: "map", block: { attributes: { v: { type: "string", optional: true } } } },
      one: { nesting_mode: "single", block: { attributes: { y: { type: "number", optional: true } } } },
    },
  },
};

describe("provider schemas", () => {
  it("accepts the fixture and a block-based schema", () => {
    expect(checkSchemaBlock(fixture().schema.block)).toEqual([]);
    expect(checkSchemaBlock(withBlocks.block)).toEqual([]);
  });

  it("finds what Terraform would choke on", () => {
    const problems = checkSchemaBlock({
      attributes: {
        Bad: { type: "string", optional: true },
        both: { type: "string", nested_type: { nesting_mode: "single", attributes: {} }, optional: true },
        neither: { optional: true },
        rc: { type: "string", required: true, computed: true },
        none: { type: "string" },
        wrongtype: { type: ["list"], optional: true },
        dynset: { type: ["set", "dynamic"], optional: true },
        wo: { type: "string", optional: true, computed: true, write_only: true },
      },
      block_types: {
        s: { nesting_mode: "single", max_items: 2, block: {} },
        g: { nesting_mode: "group", min_items: 1, block: {} },
        nob: { nesting_mode: "list" } as never,
      },
    });
    for (const fragment of [
      "Bad: attribute names must match",
      "both: exactly one of type and nested_type",
      "neither: exactly one of type and nested_type",
      "rc: a required attribute cannot also be optional or computed",
      "none: must be required, optional or computed",
      "wrongtype: invalid type",
      "dynset: dynamic types are not allowed inside a set",
      "wo: a write-only attribute cannot be computed",
      "s: a single block has min_items and max_items of 0 or 1",
      "g: a group block has no min_items or max_items",
      "nob: nested block without a block",
    ]) {
      expect(
        problems.some((p) => p.startsWith(fragment)),
        fragment,
      ).toBe(true);
    }
  });

  it("encodes to tfplugin6.Schema with every attribute, flag and nesting, in name order", () => {
    const proto = decode("tfplugin6.Schema", encode("tfplugin6.Schema", schemaToProto(fixture().schema)));
    const attrs = proto.block!.attributes;
    expect(attrs.map((a) => a.name)).toEqual([...attrs.map((a) => a.name)].sort());
    const byName = Object.fromEntries(attrs.map((a) => [a.name, a]));
    expect(byName["name"]).toMatchObject({ required: true, optional: false, computed: false, description_kind: "PLAIN" });
    expect(JSON.parse(Buffer.from(byName["labels"]!.type).toString())).toEqual(["map", "string"]);
    expect(byName["secret"]!.sensitive).toBe(true);
    expect(byName["rules"]!.type.length).toBe(0);
    expect(byName["rules"]!.nested_type!.nesting).toBe("LIST");
    expect(byName["rules"]!.nested_type!.attributes.map((a) => a.name)).toEqual(["id", "pattern", "weight"]);
    expect(byName["retention"]!.nested_type!.nesting).toBe("SINGLE");
    const blocks = decode("tfplugin6.Schema", encode("tfplugin6.Schema", schemaToProto(withBlocks)));
    expect(blocks.version).toBe(2);
    expect(blocks.block!.block_types.map((b) => [b.type_name, b.nesting, b.max_items])).toEqual([
      ["env", "MAP", 0],
      ["one", "SINGLE", 0],
      ["opts", "GROUP", 0],
      ["rule", "LIST", 3],
      ["tag", "SET", 0],
    ]);
  });

  it("derives the implied object type, nested attributes and blocks included", () => {
    const t = impliedTypeJson(compileSchema(withBlocks)) as [string, Record<string, unknown>];
    expect(t[1]).toEqual({
      name: "string",
      rule: ["list", ["object", { p: "string" }]],
      tag: ["set", ["object", { k: "string" }]],
      opts: ["object", { x: "bool" }],
      env: ["map", ["object", { v: "string" }]],
      one: ["object", { y: "number" }],
    });
    const f = impliedTypeJson(compileSchema(fixture().schema)) as [string, Record<string, unknown>];
    expect(f[1]["rules"]).toEqual(["list", ["object", { id: "string", pattern: "string", weight: "number" }]]);
    expect(f[1]["retention"]).toEqual(["object", { days: "number" }]);
  });

  it("normalizes absent nested blocks the way Terraform requires", () => {
    const block = compileSchema(withBlocks).block;
    const n = normalizeObject(block, ctyObject([["name", "x"]]));
    expect(n).toEqual(
      ctyObject([
        ["name", "x"],
        ["rule", []],
        ["tag", []],
        ["opts", ctyObject([["x", null]])],
        ["env", ctyObject()],
        ["one", null],
      ]),
    );
  });
});
