// Reference decision 0032 for the provider's error diagnostics: every failed
// host call states the resource identity (type, space/name, kind, exact ref,
// uid), the fence the provider sent, the host's code with HTTP status, request
// id and message, and a repair that fits the code; dependency_in_use and
// deletion_protected are explained on delete. Transport failures and an
// operation that outlives the timeout say the same about identity and fence.
// The provider's own refusal of an unsupported recorded ref says that nothing
// was sent.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import { ERROR_CODES, ERROR_STATUS } from "../../../corpus/lib/taxonomy.js";
import { HostError, TransportError } from "../../../provider-bridge/client/errors.js";
import { OperationTimeout } from "../../../provider-bridge/client/operations.js";
import { hostFailure, type Operation, type Subject } from "../../../provider-bridge/lifecycle/host-diagnostics.js";
import { dispatchRef } from "../../../provider-bridge/model/plan-rules.js";
import { refValue } from "../../../provider-bridge/state/recorded.js";
import { statusJson } from "../../../provider-bridge/state/status-json.js";
import { ctyObject } from "../../../provider-bridge/wire/value.js";

const queue = providerModel.resources.find((r) => r.kind === "AtLeastOnceQueue")!;
const subject: Subject = {
  typeName: queue.typeName,
  kind: queue.kind,
  space: "prod",
  name: "jobs",
  ref: queue.defaultRef,
  uid: "u-42",
  fence: "Takoform-Expected-Generation: 3 with expectedUid u-42",
};

function failure(code: (typeof ERROR_CODES)[number], op: Operation = "update") {
  const err = new HostError(ERROR_STATUS[code], code, `the host's own words about ${code}`, "req-7", false, undefined, undefined, undefined);
  return hostFailure(op, subject, err, queue.attributes);
}

describe("error diagnostics state identity, fence, code and repair", () => {
  it("for every code of the closed taxonomy", () => {
    const repairs = new Set<string>();
    for (const code of ERROR_CODES) {
      const d = failure(code);
      expect(d.severity).toBe("error");
      expect(d.summary).toBe(`Cannot update AtLeastOnceQueue "jobs": ${code}`);
      for (const part of [
        `${queue.typeName} "prod/jobs"`,
        `AtLeastOnceQueue under ${queue.defaultRef.apiVersion} ${queue.defaultRef.definitionVersion}, ${queue.defaultRef.schemaDigest}, uid u-42`,
        "sent Takoform-Expected-Generation: 3 with expectedUid u-42.",
        `answered ${code} (HTTP ${ERROR_STATUS[code]}) (request req-7): the host's own words about ${code}`,
      ])
        expect(d.detail, code).toContain(part);
      const repair = d.detail.split("\n\n")[1];
      expect(repair?.length ?? 0, code).toBeGreaterThan(30);
      repairs.add(repair!);
    }
    // Repairs are specific to codes, not one sentence for all.
    expect(repairs.size).toBeGreaterThanOrEqual(12);
  });

  it("explains dependency_in_use, deletion_protected and import_conflict", () => {
    expect(failure("dependency_in_use", "delete").detail).toContain("Other resources still refer to this one");
    expect(failure("deletion_protected", "delete").detail).toContain("protects this resource from deletion");
    expect(failure("import_conflict", "import").detail).toContain("The native id is already claimed");
    expect(failure("generation_conflict", "create").detail).toContain("terraform import");
  });

  it("says the same for a transport failure and an operation that outlived the timeout", () => {
    const lost = hostFailure("create", subject, new TransportError("connect ECONNREFUSED"), queue.attributes);
    expect(lost.detail).toContain(`${queue.typeName} "prod/jobs"`);
    expect(lost.detail).toContain("sent Takoform-Expected-Generation: 3");
    expect(lost.detail).toContain("ECONNREFUSED");
    const slow = hostFailure("update", subject, new OperationTimeout("op_9", undefined), queue.attributes);
    expect(slow.detail).toContain("op_9");
    expect(slow.detail).toContain("Raise operation_timeout");
  });

  it("places a failure at the attribute the host's pointer names", () => {
    const err = new HostError(400, "invalid_argument", "/spec/messageRetentionSeconds: must be >= 60", "r", false, undefined, undefined, undefined);
    expect(hostFailure("create", subject, err, queue.attributes).path).toEqual([{ attribute: "message_retention_seconds" }]);
  });

  it("places a refused name or space at the resource's own name or space attribute", () => {
    const refused = (message: string) => new HostError(400, "invalid_argument", message, "r", false, undefined, undefined, undefined);
    const name = refused('/metadata/name: "Bad Name!" is not a valid resource name: it contains "B"');
    expect(hostFailure("validate", subject, name, queue.attributes).path).toEqual([{ attribute: "name" }]);
    const space = refused("/metadata/space is not a valid SpaceID: it must contain no slash");
    expect(hostFailure("create", subject, space, queue.attributes).path).toEqual([{ attribute: "space" }]);
    // another member of the metadata, or a pointer that only mentions one, names no attribute
    expect(hostFailure("create", subject, refused("/metadata/uid: not a host-issued uid"), queue.attributes).path).toBeUndefined();
    expect(hostFailure("create", subject, refused("the body names /metadata/name twice"), queue.attributes).path).toBeUndefined();
  });

  it("refuses an unsupported recorded ref naming the resource and that nothing was sent", () => {
    const prior = ctyObject([
      ["name", "jobs"],
      ["space", "prod"],
      ["uid", "u-42"],
      ["status_json", statusJson({ formRef: refValue({ ...queue.defaultRef, definitionVersion: "9.9.9" }), generation: "1" })],
    ]);
    const result = dispatchRef(queue, prior);
    if (!("error" in result)) throw new Error("expected a refusal");
    expect(result.error.detail).toContain(`${queue.typeName} "prod/jobs" (uid u-42)`);
    expect(result.error.detail).toContain("9.9.9");
    expect(result.error.detail).toContain("sent nothing");
    expect(result.error.detail).toContain("Use a provider version that supports this exact ref");
    // An edited state whose status_json names no ref fails closed too, saying so.
    const edited = dispatchRef(
      queue,
      ctyObject([
        ["name", "jobs"],
        ["space", "prod"],
        ["uid", "u-42"],
        ["status_json", "not json"],
      ]),
    );
    if (!("error" in edited)) throw new Error("expected a refusal of an unreadable status_json");
    expect(edited.error.detail).toContain("was created under a contract status_json does not record (it holds no readable form_ref)");
    expect(edited.error.path).toEqual([{ attribute: "status_json" }]);
  });
});
