// The tfplugin6 method table over a small resource written here against the
// framework's Resource interface, called with encoded requests as Terraform
// sends them.
import { describe, expect, it } from "vitest";
import { errorDiag } from "../../../provider-bridge/framework/diagnostics.js";
import type { ProviderDefinition } from "../../../provider-bridge/framework/provider.js";
import type { Resource } from "../../../provider-bridge/framework/resource.js";
import { decode, encode, type MessageName, type Writable } from "../../../provider-bridge/proto/codec.js";
import type { MessageTypes } from "../../../provider-bridge/proto/types.js";
import { providerHandlers } from "../../../provider-bridge/rpc/index.js";
import { ProviderServer } from "../../../provider-bridge/rpc/provider-server.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import type { SchemaJson } from "../../../provider-bridge/schema/schema-json.js";
import { decodeMsgpack, encodeMsgpack } from "../../../provider-bridge/wire/msgpack.js";
import { ctyObject, Unknown, UNKNOWN, type CtyObject, type CtyValue } from "../../../provider-bridge/wire/value.js";

const noteSchema: SchemaJson = {
  version: 1,
  block: {
    attributes: {
      name: { type: "string", required: true },
      body: { type: "string", optional: true },
      big: { type: "number", optional: true },
      tags: { type: ["set", "string"], optional: true },
      id: { type: "string", computed: true },
    },
    block_types: { part: { nesting_mode: "list", block: { attributes: { p: { type: "string", optional: true } } } } },
  },
};
const type = compileSchema(noteSchema).block.type;

const calls: string[] = [];
const note: Resource<{ endpoint: string }> = {
  metadata: () => ({ typeName: "takoform_note" }),
  schema: () => noteSchema,
  validateConfig: (c) => (c["body"] === "bad" ? [errorDiag("Bad body", "no", [{ attribute: "body" }])] : []),
  async create(req, ctx) {
    calls.push(`create ${String(req.planned["name"])} ${ctx.provider?.endpoint}`);
    if (req.planned["name"] === "boom") throw new Error("kaboom");
    if (req.planned["name"] === "refused") return { diagnostics: [errorDiag("Refused", "host said no")] };
    return { state: ctyObject([...Object.entries(req.planned), ["id", "n-1"]]), private: { pending: null, n: 1 }, diagnostics: [] };
  },
  async read(state, priv) {
    calls.push(`read ${JSON.stringify(priv)}`);
    if (state["name"] === "gone") return { state: null, diagnostics: [] };
    if (state["name"] === "broken") return { state: null, diagnostics: [errorDiag("Read failed", "timeout")] };
    return { state, diagnostics: [] };
  },
  async update(req) {
    return { state: req.planned, diagnostics: [] };
  },
  async delete(prior) {
    return { diagnostics: prior["name"] === "protected" ? [errorDiag("deletion_protected", "remove protection first")] : [] };
  },
  async importState(id) {
    return {
      state: ctyObject([
        ["name", id],
        ["id", `imported-${id}`],
      ]),
      diagnostics: [],
    };
  },
};

const definition: ProviderDefinition<{ endpoint: string }> = {
  typeName: "takoform",
  schema: () => ({ version: 0, block: { attributes: { endpoint: { type: "string", optional: true } } } }),
  configure: (config) => ({ provider: { endpoint: String(config["endpoint"]) }, diagnostics: [] }),
  resources: () => [note],
};

const server = new ProviderServer(definition);
const table = providerHandlers(server);

async function rpc<Q extends MessageName, R extends MessageName>(
  method: string,
  request: Q,
  response: R,
  body: Writable<MessageTypes[Q]>,
): Promise<MessageTypes[R]> {
  const handler = table.get(`/tfplugin6.Provider/${method}`)!;
  return decode(response, await handler(encode(request, body)));
}
const dv = (v: CtyValue) => ({ msgpack: encodeMsgpack(type, v) });
const val = (d: { msgpack: Uint8Array } | undefined) => (d ? decodeMsgpack(type, d.msgpack) : undefined);
const note_ = (v: Record<string, CtyValue>): CtyObject =>
  ctyObject(["name", "body", "big", "tags", "id", "part"].map((k) => [k, v[k] ?? (k === "part" ? [] : null)]));

describe("tfplugin6 handlers", () => {
  it("serves the schema with capabilities, and refuses unknown types with a diagnostic", async () => {
    const s = await rpc("GetProviderSchema", "tfplugin6.GetProviderSchema.Request", "tfplugin6.GetProviderSchema.Response", {});
    expect(Object.keys(s.resource_schemas)).toEqual(["takoform_note"]);
    expect(s.resource_schemas["takoform_note"]!.version).toBe(1);
    expect(s.server_capabilities).toEqual({ plan_destroy: true, get_provider_schema_optional: true, move_resource_state: false });
    const v = await rpc("ValidateResourceConfig", "tfplugin6.ValidateResourceConfig.Request", "tfplugin6.ValidateResourceConfig.Response", {
      type_name: "takoform_nope",
      config: dv(null),
    });
    expect(v.diagnostics[0]!.summary).toBe("Unknown resource type");
    const d = await rpc("ValidateDataResourceConfig", "tfplugin6.ValidateDataResourceConfig.Request", "tfplugin6.ValidateDataResourceConfig.Response", {
      type_name: "takoform_x",
    });
    expect(d.diagnostics[0]!.severity).toBe("ERROR");
  });

  it("validates with attribute paths", async () => {
    const v = await rpc("ValidateResourceConfig", "tfplugin6.ValidateResourceConfig.Request", "tfplugin6.ValidateResourceConfig.Response", {
      type_name: "takoform_note",
      config: dv(note_({ name: "a", body: "bad" })),
    });
    expect(v.diagnostics).toEqual([{ severity: "ERROR", summary: "Bad body", detail: "no", attribute: { steps: [{ attribute_name: "body" }] } }]);
  });

  it("upgrades JSON state to the current schema: exact numbers, missing attributes null, blocks as lists", async () => {
    const raw = '{\n  "name": "a",\n  "big": 123456789012345678901234567890,\n  "tags": ["x"],\n  "id": "n-1",\n  "dropped": 1\n}';
    const r = await rpc("UpgradeResourceState", "tfplugin6.UpgradeResourceState.Request", "tfplugin6.UpgradeResourceState.Response", {
      type_name: "takoform_note",
      version: 1,
      raw_state: { json: Buffer.from(raw) },
    });
    expect(r.diagnostics).toEqual([]);
    expect(val(r.upgraded_state)).toEqual(note_({ name: "a", big: 123456789012345678901234567890n, tags: ["x"], id: "n-1" }));
    const newer = await rpc("UpgradeResourceState", "tfplugin6.UpgradeResourceState.Request", "tfplugin6.UpgradeResourceState.Response", {
      type_name: "takoform_note",
      version: 2,
      raw_state: { json: Buffer.from(raw) },
    });
    expect(newer.upgraded_state).toBeUndefined();
    expect(newer.diagnostics[0]!.summary).toBe("State written by a newer provider");
    const flat = await rpc("UpgradeResourceState", "tfplugin6.UpgradeResourceState.Request", "tfplugin6.UpgradeResourceState.Response", {
      type_name: "takoform_note",
      version: 0,
      raw_state: { flatmap: { id: "x" } },
    });
    expect(flat.diagnostics[0]!.summary).toBe("Unsupported state format");
  });

  it("configures once, then creates, echoing private data through read", async () => {
    const c = await rpc("ConfigureProvider", "tfplugin6.ConfigureProvider.Request", "tfplugin6.ConfigureProvider.Response", {
      terraform_version: "1.11.4",
      config: { msgpack: encodeMsgpack(server.providerSchema.block.type, ctyObject([["endpoint", "http://h"]])) },
    });
    expect(c.diagnostics).toEqual([]);
    const config = note_({ name: "a", big: 2n ** 60n });
    const plan = await rpc("PlanResourceChange", "tfplugin6.PlanResourceChange.Request", "tfplugin6.PlanResourceChange.Response", {
      type_name: "takoform_note",
      prior_state: dv(null),
      proposed_new_state: dv(config),
      config: dv(config),
    });
    const planned = val(plan.planned_state) as CtyObject;
    expect(planned["id"]).toBeInstanceOf(Unknown);
    expect(planned["big"]).toBe(2n ** 60n);
    const apply = await rpc("ApplyResourceChange", "tfplugin6.ApplyResourceChange.Request", "tfplugin6.ApplyResourceChange.Response", {
      type_name: "takoform_note",
      prior_state: dv(null),
      planned_state: plan.planned_state,
      config: dv(config),
    });
    expect(calls).toContain("create a http://h");
    expect(val(apply.new_state)).toEqual(note_({ name: "a", big: 2n ** 60n, id: "n-1" }));
    expect(JSON.parse(Buffer.from(apply.private).toString())).toEqual({ pending: null, n: 1 });
    const read = await rpc("ReadResource", "tfplugin6.ReadResource.Request", "tfplugin6.ReadResource.Response", {
      type_name: "takoform_note",
      current_state: apply.new_state,
      private: apply.private,
    });
    expect(calls).toContain('read {"pending":null,"n":1}');
    expect(Buffer.from(read.private)).toEqual(Buffer.from(apply.private));
    expect(val(read.new_state)).toEqual(val(apply.new_state));
  });

  it("keeps Terraform's state when an operation fails, and turns exceptions into diagnostics", async () => {
    const state = note_({ name: "broken", id: "n-9" });
    const read = await rpc("ReadResource", "tfplugin6.ReadResource.Request", "tfplugin6.ReadResource.Response", {
      type_name: "takoform_note",
      current_state: dv(state),
    });
    expect(read.diagnostics[0]!.summary).toBe("Read failed");
    expect(val(read.new_state)).toEqual(state);
    const gone = await rpc("ReadResource", "tfplugin6.ReadResource.Request", "tfplugin6.ReadResource.Response", {
      type_name: "takoform_note",
      current_state: dv(note_({ name: "gone" })),
    });
    expect(val(gone.new_state)).toBeNull();

    const protectedState = note_({ name: "protected", id: "n-2" });
    const del = await rpc("ApplyResourceChange", "tfplugin6.ApplyResourceChange.Request", "tfplugin6.ApplyResourceChange.Response", {
      type_name: "takoform_note",
      prior_state: dv(protectedState),
      planned_state: dv(null),
    });
    expect(del.diagnostics[0]!.summary).toBe("deletion_protected");
    expect(val(del.new_state)).toEqual(protectedState);

    const boom = note_({ name: "boom", id: UNKNOWN });
    const crashed = await rpc("ApplyResourceChange", "tfplugin6.ApplyResourceChange.Request", "tfplugin6.ApplyResourceChange.Response", {
      type_name: "takoform_note",
      prior_state: dv(null),
      planned_state: dv(boom),
      config: dv(boom),
    });
    expect(crashed.diagnostics[0]!.summary).toBe("ApplyResourceChange failed inside the takoform provider");
    expect(crashed.diagnostics[0]!.detail).toContain("kaboom");
    expect(val(crashed.new_state)).toBeNull();

    const refused = note_({ name: "refused", id: UNKNOWN });
    const r = await rpc("ApplyResourceChange", "tfplugin6.ApplyResourceChange.Request", "tfplugin6.ApplyResourceChange.Response", {
      type_name: "takoform_note",
      prior_state: dv(null),
      planned_state: dv(refused),
      config: dv(refused),
    });
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["Refused"]);
    expect(val(r.new_state)).toBeNull();
  });

  it("plans destroys as null and imports one complete object", async () => {
    const destroy = await rpc("PlanResourceChange", "tfplugin6.PlanResourceChange.Request", "tfplugin6.PlanResourceChange.Response", {
      type_name: "takoform_note",
      prior_state: dv(note_({ name: "a" })),
      proposed_new_state: dv(null),
      config: dv(null),
    });
    expect(val(destroy.planned_state)).toBeNull();
    const imp = await rpc("ImportResourceState", "tfplugin6.ImportResourceState.Request", "tfplugin6.ImportResourceState.Response", {
      type_name: "takoform_note",
      id: "x",
    });
    expect(imp.imported_resources).toHaveLength(1);
    expect(imp.imported_resources[0]!.type_name).toBe("takoform_note");
    expect(val(imp.imported_resources[0]!.state)).toEqual(note_({ name: "x", id: "imported-x" }));
  });

  it("answers StopProvider and aborts the context signal", async () => {
    const handler = table.get("/tfplugin6.Provider/StopProvider")!;
    expect(decode("tfplugin6.StopProvider.Response", await handler(new Uint8Array(0)))).toEqual({ Error: "" });
    expect(server.context().signal.aborted).toBe(true);
  });
});
