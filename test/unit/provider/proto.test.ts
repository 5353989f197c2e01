import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { decode, encode } from "../../../provider-bridge/proto/codec.js";
import { renderAll } from "../../../provider-bridge/proto/generate.js";

const protoDir = fileURLToPath(new URL("../../../provider-bridge/proto/", import.meta.url));

// protobufjs, parsing our .proto files, is the independent oracle for the codec.
const root = new protobuf.Root();
root.loadSync([protoDir + "tfplugin6.proto", protoDir + "plugin.proto"], { keepCase: true });
root.resolveAll();
const asObject = { longs: Number, enums: String, bytes: Array, defaults: false, oneofs: false } as const;

describe("generated descriptor", () => {
  it("is up to date with the .proto files", () => {
    const { descriptor, types } = renderAll();
    expect(readFileSync(protoDir + "descriptor.ts", "utf8")).toBe(descriptor);
    expect(readFileSync(protoDir + "types.ts", "utf8")).toBe(types);
  });
});

describe("protobuf codec", () => {
  it("encodes a schema response that protobufjs reads back identically", () => {
    const response = {
      provider: { version: 0, block: { attributes: [{ name: "endpoint", type: new TextEncoder().encode('"string"'), optional: true, description: "héllo" }] } },
      resource_schemas: {
        takoform_x: {
          version: 3,
          block: {
            attributes: [
              { name: "name", type: new TextEncoder().encode('"string"'), required: true, sensitive: false },
              {
                name: "rules",
                nested_type: { nesting: "LIST" as const, attributes: [{ name: "id", type: new TextEncoder().encode('"string"'), computed: true }] },
                optional: true,
              },
            ],
            block_types: [{ type_name: "b", nesting: "SET" as const, min_items: 1, max_items: 0, block: {} }],
            description_kind: "MARKDOWN" as const,
          },
        },
      },
      server_capabilities: { plan_destroy: true, get_provider_schema_optional: true },
      diagnostics: [
        { severity: "WARNING" as const, summary: "s", attribute: { steps: [{ attribute_name: "a" }, { element_key_int: 0 }, { element_key_string: "" }] } },
      ],
    };
    const bytes = encode("tfplugin6.GetProviderSchema.Response", response);
    const T = root.lookupType("tfplugin6.GetProviderSchema.Response");
    const viaOracle = T.toObject(T.decode(bytes), asObject);
    expect(viaOracle.server_capabilities).toEqual({ plan_destroy: true, get_provider_schema_optional: true });
    expect(viaOracle.resource_schemas.takoform_x.version).toBe(3);
    expect(viaOracle.resource_schemas.takoform_x.block.block_types[0]).toEqual({ type_name: "b", nesting: "SET", min_items: 1, block: {} });
    expect(viaOracle.resource_schemas.takoform_x.block.attributes[1].nested_type.nesting).toBe("LIST");
    expect(viaOracle.provider.block.attributes[0].description).toBe("héllo");
    // oneof members at their default value are still on the wire
    expect(viaOracle.diagnostics[0].attribute.steps).toEqual([{ attribute_name: "a" }, { element_key_int: 0 }, { element_key_string: "" }]);
    // and our decoder agrees with what we wrote
    const back = decode("tfplugin6.GetProviderSchema.Response", bytes);
    expect(back.diagnostics[0]!.attribute!.steps[1]).toEqual({ element_key_int: 0 });
    expect(back.diagnostics[0]!.severity).toBe("WARNING");
    expect(back.resource_schemas["takoform_x"]!.block!.description_kind).toBe("MARKDOWN");
    expect(back.provider!.block!.attributes[0]!.optional).toBe(true);
    expect(back.provider!.block!.attributes[0]!.required).toBe(false);
  });

  it("writes nested messages of every length-prefix size in one buffer, byte for byte as protobufjs", () => {
    // descriptions of 0..40000 bytes: 1-, 2- and 3-byte length prefixes, nested three deep, and the buffer grows mid-message
    const attribute = (i: number) => ({ name: `a${i}`, type: new TextEncoder().encode('"string"'), optional: true, description: "é".repeat(i * 37) });
    const response = {
      resource_schemas: Object.fromEntries(
        [0, 1, 3, 60, 200, 540].map((n) => [`takoform_r${n}`, { version: n, block: { attributes: Array.from({ length: 3 }, (_, i) => attribute(n + i)) } }]),
      ),
      diagnostics: [{ severity: "ERROR" as const, summary: "x".repeat(127), detail: "y".repeat(128) }],
    };
    const bytes = encode("tfplugin6.GetProviderSchema.Response", response);
    const T = root.lookupType("tfplugin6.GetProviderSchema.Response");
    const decoded = T.decode(bytes);
    expect(Buffer.from(bytes).equals(Buffer.from(T.encode(decoded).finish()))).toBe(true);
    const viaOracle = T.toObject(decoded, asObject);
    expect(viaOracle.resource_schemas.takoform_r540.block.attributes[2].description).toBe("é".repeat(542 * 37));
    expect(viaOracle.diagnostics[0].detail).toBe("y".repeat(128));
    expect(decode("tfplugin6.GetProviderSchema.Response", bytes).resource_schemas["takoform_r200"]!.block!.attributes[1]!.name).toBe("a201");
  });

  it("decodes requests protobufjs encodes, with defaults for absent fields", () => {
    const T = root.lookupType("tfplugin6.PlanResourceChange.Request");
    const msg = T.fromObject({
      type_name: "takoform_thing",
      prior_state: { msgpack: [0xc0] },
      proposed_new_state: { msgpack: [0x81, 0xa1, 0x61, 0xd4, 0, 0] },
      prior_private: [1, 2, 3],
      client_capabilities: { deferral_allowed: true },
    });
    const req = decode("tfplugin6.PlanResourceChange.Request", T.encode(msg).finish());
    expect(req.type_name).toBe("takoform_thing");
    expect(Array.from(req.prior_state!.msgpack)).toEqual([0xc0]);
    expect(req.prior_state!.json.length).toBe(0);
    expect(Array.from(req.proposed_new_state!.msgpack)).toEqual([0x81, 0xa1, 0x61, 0xd4, 0, 0]);
    expect(req.config).toBeUndefined();
    expect(Array.from(req.prior_private)).toEqual([1, 2, 3]);
    expect(req.client_capabilities).toEqual({ deferral_allowed: true, write_only_attributes_allowed: false });
  });

  it("handles maps, negative int64 and proto3 optional fields", () => {
    const raw = { flatmap: { a: "1", "": "empty key" }, json: new Uint8Array([123, 125]) };
    const bytes = encode("tfplugin6.RawState", raw);
    const T = root.lookupType("tfplugin6.RawState");
    expect(T.toObject(T.decode(bytes), asObject).flatmap).toEqual(raw.flatmap);
    expect(decode("tfplugin6.RawState", bytes).flatmap).toEqual(raw.flatmap);

    const err = encode("tfplugin6.FunctionError", { text: "x", function_argument: 0 });
    expect(decode("tfplugin6.FunctionError", err)).toEqual({ text: "x", function_argument: 0 });
    expect(decode("tfplugin6.FunctionError", encode("tfplugin6.FunctionError", { text: "x" }))).toEqual({ text: "x" });

    const U = root.lookupType("tfplugin6.UpgradeResourceState.Request");
    const neg = U.encode(U.fromObject({ type_name: "t", version: -5 })).finish();
    expect(decode("tfplugin6.UpgradeResourceState.Request", neg).version).toBe(-5);
    const mine = encode("tfplugin6.UpgradeResourceState.Request", { type_name: "t", version: -5 });
    expect(Buffer.from(mine)).toEqual(Buffer.from(neg));
  });

  it("skips unknown fields and refuses truncated input and unsafe int64", () => {
    const withUnknown = new Uint8Array([0x0a, 0x01, 0x78, 0xf8, 0x06, 0x01, 0x12, 0x00]);
    // field 1 "x", unknown field 111 varint, field 2 empty DynamicValue
    const req = decode("tfplugin6.ValidateResourceConfig.Request", withUnknown);
    expect(req.type_name).toBe("x");
    expect(req.config).toEqual({ msgpack: new Uint8Array(0), json: new Uint8Array(0) });
    expect(() => decode("tfplugin6.ValidateResourceConfig.Request", new Uint8Array([0x0a, 0x05, 0x78]))).toThrow(/truncated|beyond/);
    const U = root.lookupType("tfplugin6.UpgradeResourceState.Request");
    const huge = U.encode(U.fromObject({ version: "9007199254740993" })).finish();
    expect(() => decode("tfplugin6.UpgradeResourceState.Request", huge)).toThrow(/safe integer/);
  });
});
