// The name mapping between Terraform attributes and wire members, as the
// provider uses it: every attribute of every generated resource type (nested
// and output attributes included) is the snake_case of its exact camelCase
// wire member, the mapping is one-to-one within each object, and a desired
// state goes to the wire spec and back unchanged through spec-mapping
// (references become {apiVersion, kind, name} and return as the name).
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import type { AttributeModel } from "../../../provider-bridge/model/types.js";
import { loadProviderModel } from "../../../provider-bridge/model/load.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import { specFromState, stateFromSpec, toPlain } from "../../../provider-bridge/lifecycle/spec-mapping.js";
import { ctyObject } from "../../../provider-bridge/wire/value.js";

const snake = (wire: string): string =>
  wire
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();

function objects(attrs: readonly AttributeModel[], out: (readonly AttributeModel[])[] = []): (readonly AttributeModel[])[] {
  out.push(attrs);
  for (const a of attrs) if (a.nested) objects(a.nested.attributes, out);
  return out;
}

describe("attribute name <-> wire member mapping", () => {
  it("names every attribute of every resource type by the snake_case of its wire member, one to one", () => {
    let checked = 0;
    for (const r of providerModel.resources) {
      for (const attrs of [...objects(r.attributes), ...objects(r.outputs)]) {
        expect(new Set(attrs.map((a) => a.name)).size, r.typeName).toBe(attrs.length);
        expect(new Set(attrs.map((a) => a.wireName)).size, r.typeName).toBe(attrs.length);
        for (const a of attrs) {
          expect(a.name, `${r.typeName}.${a.wireName}`).toBe(snake(a.wireName));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("maps a desired state to the wire spec by wire member and back", async () => {
    const loaded = await loadProviderModel({});
    const consumer = loaded.resources.find((r) => r.model.kind === "QueueConsumer")!;
    const block = compileSchema(consumer.schema).block;
    const state = ctyObject(consumer.model.attributes.map((a) => [a.name, null]));
    Object.assign(state, { queue: "jobs", worker: "api", dead_letter_queue: "dead", max_batch_size: 10, max_retries: 3, retry_delay_seconds: 1 });
    const spec = specFromState(consumer.model.attributes, state);
    const group = "edge.forms.takoform.com/v1beta1";
    expect(spec).toMatchObject({
      queue: { apiVersion: group, kind: "AtLeastOnceQueue", name: "jobs" },
      worker: { apiVersion: group, kind: "ModuleWorker", name: "api" },
      deadLetterQueue: { apiVersion: group, kind: "AtLeastOnceQueue", name: "dead" },
      maxBatchSize: 10,
      maxRetries: 3,
      retryDelaySeconds: 1,
    });
    expect(Object.keys(spec).some((k) => k.includes("_"))).toBe(false);
    expect(toPlain(stateFromSpec(consumer.model.attributes, block, spec))).toEqual(toPlain(state));
  });
});
