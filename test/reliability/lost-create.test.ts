// Provider partial failure (issue 10), the decision in isolation: when a planned create meets a
// held name, the provider adopts the held resource only when it is exactly what that create would
// have made (provider-bridge/lifecycle/lost-create.ts; ADR 0121). The terraform end of it is
// test/e2e/provider-partial-failure.test.ts.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { HostError, TransportError } from "../../provider-bridge/client/errors.js";
import type { Lifecycle } from "../../provider-bridge/lifecycle/context.js";
import { isLostCreate, mayBeHeldName } from "../../provider-bridge/lifecycle/lost-create.js";
import { parseRepresentation, stateFromRepresentation } from "../../provider-bridge/lifecycle/representation.js";
import { loadProviderModel } from "../../provider-bridge/model/load.js";
import { compileSchema } from "../../provider-bridge/schema/compiled.js";

const KIND = "AtLeastOnceQueue";
const ref = providerModel.resources.find((r) => r.kind === KIND)!.defaultRef;
const address = { ref, space: "s1", name: "jobs" };

async function lifecycle(): Promise<Lifecycle> {
  const loaded = await loadProviderModel({});
  const r = loaded.resources.find((x) => x.model.kind === KIND)!;
  return { model: r.model, block: compileSchema(r.schema).block };
}

function held(overrides: { generation?: string; spec?: Record<string, unknown>; name?: string; space?: string; schemaDigest?: string } = {}) {
  return parseRepresentation({
    resource: {
      apiVersion: ref.apiVersion,
      kind: KIND,
      form: { formRef: { ...ref, schemaDigest: overrides.schemaDigest ?? ref.schemaDigest } },
      metadata: { name: overrides.name ?? "jobs", space: overrides.space ?? "s1", uid: "u-1", generation: overrides.generation ?? "1", revision: "1" },
      spec: overrides.spec ?? { messageRetentionSeconds: 600, deliveryDelaySeconds: 0 },
      status: { observedGeneration: "1", conditions: [] },
    },
  });
}

describe("adopting a create whose answer was lost", () => {
  it("adopts only the exact identity, at generation 1, holding exactly the planned desired state", async () => {
    const lc = await lifecycle();
    const planned = stateFromRepresentation(lc.model, lc.block, held());
    expect(isLostCreate(lc, address, planned, held())).toBe(true);
    const refusals = {
      "updated since it was created": held({ generation: "2" }),
      "another desired state": held({ spec: { messageRetentionSeconds: 601, deliveryDelaySeconds: 0 } }),
      "another optional value": held({ spec: { messageRetentionSeconds: 600, deliveryDelaySeconds: 5 } }),
      "another name": held({ name: "jobs2" }),
      "another space": held({ space: "s2" }),
      "another exact FormRef": held({ schemaDigest: `sha256:${"0".repeat(64)}` }),
    };
    for (const [why, rep] of Object.entries(refusals)) expect(isLostCreate(lc, address, planned, rep), why).toBe(false);
  });

  it("looks for a lost create only behind the refusals a held name produces", () => {
    const error = (code: "invalid_argument" | "generation_conflict" | "resource_not_found" | "artifact_missing") =>
      new HostError(400, code, "m", undefined, false, undefined, undefined, undefined);
    expect(mayBeHeldName(error("invalid_argument"))).toBe(true);
    expect(mayBeHeldName(error("generation_conflict"))).toBe(true);
    expect(mayBeHeldName(error("resource_not_found"))).toBe(false);
    expect(mayBeHeldName(error("artifact_missing"))).toBe(false);
    expect(mayBeHeldName(new Error("socket hang up"))).toBe(false);
    expect(mayBeHeldName(new TransportError("connection reset"))).toBe(false);
  });
});
