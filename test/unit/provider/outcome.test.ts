// A terminal operation is adopted only after its resource is verified
// against the exact identity the provider asked about (group, kind,
// definitionVersion, schemaDigest, space, name, and the uid the operation or
// the state names); a terminal error surfaces as the HostError it reports;
// a deletion is a deletion.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import { HostError } from "../../../provider-bridge/client/errors.js";
import type { Operation } from "../../../provider-bridge/client/operations.js";
import { terminalOutcome } from "../../../provider-bridge/lifecycle/outcome.js";
import type { Address } from "../../../provider-bridge/lifecycle/host-api.js";

const kv = providerModel.resources.find((r) => r.kind === "EdgeKVNamespace")!.defaultRef;
const mw = providerModel.resources.find((r) => r.kind === "ModuleWorker")!;
const a: Address = { ref: kv, space: "s1", name: "n1" };

function result(over: { ref?: typeof kv; space?: string; name?: string; uid?: string } = {}) {
  const ref = over.ref ?? kv;
  return {
    resource: {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      form: { formRef: ref },
      metadata: { name: over.name ?? "n1", space: over.space ?? "s1", uid: over.uid ?? "u-1", generation: "1", revision: "1" },
      spec: {},
      status: {
        observedGeneration: "1",
        conditions: [{ type: "Ready", status: "True", reason: "Available", message: "ok", lastTransitionTime: "2026-01-01T00:00:00Z" }],
      },
    },
  };
}

const done = (res: unknown, target?: string): Operation => ({
  id: "op_1",
  done: true,
  ...(target ? { target: { uid: target } } : {}),
  result: res as Record<string, unknown>,
});

describe("terminal operations", () => {
  it("adopts a result that is exactly the resource asked about", () => {
    const outcome = terminalOutcome(done(result(), "u-1"), a);
    expect(outcome.kind).toBe("resource");
    expect(outcome.kind === "resource" && outcome.rep.uid).toBe("u-1");
  });

  it("refuses a result under another name, space, exact ref, or uid", () => {
    expect(() => terminalOutcome(done(result({ name: "other" })), a)).toThrow(/"s1\/other"/);
    expect(() => terminalOutcome(done(result({ space: "s2" })), a)).toThrow(/"s2\/n1"/);
    const other = { ...kv, definitionVersion: "9.9.9" };
    expect(() => terminalOutcome(done(result({ ref: other })), a)).toThrow(/9\.9\.9/);
    expect(() => terminalOutcome(done(result(), "u-2"), a)).toThrow(/uid u-1 where uid u-2/);
    expect(() => terminalOutcome(done(result()), a, "u-9")).toThrow(/uid u-9/);
    const mwAddress: Address = { ref: mw.supportedRefs[0]!, space: "s1", name: "n1" };
    expect(() => terminalOutcome(done(result({ ref: mw.supportedRefs[1]! })), mwAddress)).toThrow(/0\.2\.0/);
  });

  it("throws a terminal error as the HostError it reports, and reads a deletion", () => {
    const failed: Operation = { id: "op_2", done: true, error: { code: "dependency_in_use", message: "still referenced", retryable: false } };
    let thrown: unknown;
    try {
      terminalOutcome(failed, a);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HostError);
    expect(thrown).toMatchObject({ code: "dependency_in_use", retryable: false });
    expect((thrown as Error).message).toContain("op_2");
    expect(terminalOutcome({ id: "op_3", done: true, result: { deleted: true } }, a)).toEqual({ kind: "deleted" });
  });
});
