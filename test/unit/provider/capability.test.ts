// Plan-time host capability (reference decision 0031), the comparison of
// planned values with a host's support profile answers: an unsupported exact
// ref, an operation missing from the lifecycle, an enum value or an integer
// outside the host's subset, a collection over a published ceiling, a binding
// contract the host refuses or does not list, a bundle too large; silence
// decides nothing and an unreadable surface only warns. Each refusal sits at
// its attribute and states identity, that nothing was sent, the host's words
// and a repair (decision 0032).
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import type { SupportAnswer, SupportProfile } from "../../../provider-bridge/client/support.js";
import { formSupportPath, bindingSupportPath } from "../../../provider-bridge/client/support.js";
import { capabilityDiagnostics, usedBindings, type CapabilityInput } from "../../../provider-bridge/lifecycle/capability-rules.js";
import { ctyObject, UNKNOWN, type CtyObject } from "../../../provider-bridge/wire/value.js";

const model = (kind: string) => providerModel.resources.find((r) => r.kind === kind)!;
const WHO = 'takoform_x "s/n" (identity)';

function profileOf(kind: string, extra: Partial<SupportProfile> = {}): SupportAnswer {
  const m = model(kind);
  return {
    kind: "profile",
    path: formSupportPath(m.defaultRef),
    profile: {
      apiVersion: "support.takoform.com/v1alpha1",
      kind: "FormSupport",
      formRef: { ...m.defaultRef },
      operations: ["create", "read", "update", "delete", "import", "observe"],
      ...extra,
    },
  };
}

function input(
  kind: string,
  planned: CtyObject,
  form: SupportAnswer,
  bindings: [string, SupportAnswer][] = [],
  bundle?: { bytes: number; files: number },
): CapabilityInput {
  const m = model(kind);
  return { model: m, ref: m.defaultRef, planned, who: WHO, form, bindings: new Map(bindings), ...(bundle ? { bundle } : {}) };
}

const versionPlan = (extra: Record<string, unknown> = {}): CtyObject =>
  ctyObject(
    Object.entries({ name: "v1", worker: "api", bundle: "b", handlers: ["fetch", "queue"], bucket_bindings: [], kv_bindings: [], ...extra }) as [
      string,
      never,
    ][],
  );

describe("plan-time host capability", () => {
  it("refuses an exact ref the host does not install, at status_json, naming identity, fence, code and repair", () => {
    const m = model("ObjectBucket");
    const refused: SupportAnswer = { kind: "refused", path: formSupportPath(m.defaultRef), code: "form_unknown", status: 404, message: "no Form is installed" };
    const [d, ...rest] = capabilityDiagnostics(input("ObjectBucket", ctyObject([["name", "b"]]), refused));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: "error", path: [{ attribute: "status_json" }] });
    expect(d!.summary).toContain(`ObjectBucket ${m.defaultRef.definitionVersion}`);
    for (const part of [WHO, "nothing (plan-time capability check", "form_unknown (HTTP 404)", "Use a host that installs", "applies unchanged"])
      expect(d!.detail).toContain(part);
  });

  it("refuses a profile naming another definition under the same version, and a lifecycle the host does not cover", () => {
    const other = profileOf("ModuleWorker");
    (other as { profile: SupportProfile }).profile.formRef!.schemaDigest = "sha256:" + "0".repeat(64);
    expect(capabilityDiagnostics(input("ModuleWorker", ctyObject([["name", "w"]]), other))[0]!.detail).toContain(
      "a different definition under the same version",
    );
    const noDelete = profileOf("AtLeastOnceQueue", { operations: ["create", "read", "update"] });
    const [d] = capabilityDiagnostics(input("AtLeastOnceQueue", ctyObject([["name", "q"]]), noDelete));
    expect(d!.summary).toBe("The host does not offer delete for AtLeastOnceQueue");
  });

  it("refuses an enum value outside the host's subset at the element, and accepts one inside", () => {
    const narrow = profileOf("WorkerVersion", { supportedEnums: { handlers: ["fetch", "scheduled"] } });
    const diags = capabilityDiagnostics(input("WorkerVersion", versionPlan(), narrow));
    expect(diags.map((d) => [d.severity, d.path])).toEqual([["error", [{ attribute: "handlers" }, { index: 1 }]]]);
    expect(diags[0]!.summary).toBe('This host does not support handlers "queue"');
    expect(diags[0]!.detail).toContain('Choose one of "fetch", "scheduled"');
    expect(capabilityDiagnostics(input("WorkerVersion", versionPlan({ handlers: ["scheduled"] }), narrow))).toEqual([]);
    expect(capabilityDiagnostics(input("WorkerVersion", versionPlan({ handlers: UNKNOWN }), narrow))).toEqual([]);
  });

  it("refuses an integer outside the host's inclusive range", () => {
    const range = profileOf("AtLeastOnceQueue", { supportedRanges: { messageRetentionSeconds: { minimum: 60, maximum: 3600 } } });
    const plan = (n: number) =>
      ctyObject([
        ["name", "q"],
        ["message_retention_seconds", n],
      ]);
    expect(capabilityDiagnostics(input("AtLeastOnceQueue", plan(3600), range))).toEqual([]);
    expect(capabilityDiagnostics(input("AtLeastOnceQueue", plan(60), range))).toEqual([]);
    const [d] = capabilityDiagnostics(input("AtLeastOnceQueue", plan(3601), range));
    expect(d).toMatchObject({
      severity: "error",
      summary: "This host does not support message_retention_seconds = 3601",
      path: [{ attribute: "message_retention_seconds" }],
    });
    expect(capabilityDiagnostics(input("AtLeastOnceQueue", plan(59), range))).toHaveLength(1);
  });

  it("honours a published collection ceiling by the field's own name, and the bundle limits", () => {
    const ceiling = profileOf("WorkerVersion", { limits: { maximumHandlers: 1 } });
    expect(capabilityDiagnostics(input("WorkerVersion", versionPlan(), ceiling))[0]).toMatchObject({
      summary: "handlers exceeds this host's ceiling",
      path: [{ attribute: "handlers" }],
    });
    const bundle = profileOf("WorkerBundle", { limits: { maximumBundleBytes: 1000, maximumBundleFiles: 2 } });
    const plan = ctyObject([
      ["name", "b"],
      ["source_dir", "./bundle"],
    ]);
    expect(capabilityDiagnostics(input("WorkerBundle", plan, bundle, [], { bytes: 1000, files: 2 }))).toEqual([]);
    expect(capabilityDiagnostics(input("WorkerBundle", plan, bundle, [], { bytes: 1001, files: 3 })).map((d) => d.summary)).toEqual([
      "source_dir exceeds this host's bundle size",
      "source_dir has more files than this host accepts",
    ]);
  });

  it("checks only the binding contracts the plan uses: refused, another digest, or unlisted", () => {
    const wv = model("WorkerVersion");
    const bucket = wv.attributes.find((a) => a.name === "bucket_bindings")!.binding!;
    const planned = versionPlan({
      bucket_bindings: [
        ctyObject([
          ["name", "FILES"],
          ["resource", "files"],
        ]),
      ],
    });
    expect(usedBindings(wv, planned).map((u) => u.attribute.name)).toEqual(["bucket_bindings"]);
    expect(usedBindings(wv, versionPlan())).toEqual([]);
    const key = `${bucket.name}@${bucket.version}`;
    const path = bindingSupportPath(bucket.name, bucket.version);
    const refused: SupportAnswer = { kind: "refused", path, code: "resource_not_found", status: 404, message: `no Binding ${key} is installed` };
    const [d] = capabilityDiagnostics(input("WorkerVersion", planned, profileOf("WorkerVersion"), [[key, refused]]));
    expect(d).toMatchObject({
      severity: "error",
      summary: `This host does not implement the binding contract ${key}`,
      path: [{ attribute: "bucket_bindings" }],
    });
    expect(d!.detail).toContain("resource_not_found (HTTP 404)");
    expect(d!.detail).toContain("Remove bucket_bindings");
    const otherDigest: SupportAnswer = {
      kind: "profile",
      path,
      profile: { apiVersion: "support.takoform.com/v1alpha1", kind: "BindingSupport", bindingRef: { ...bucket, schemaDigest: "sha256:" + "1".repeat(64) } },
    };
    expect(capabilityDiagnostics(input("WorkerVersion", planned, profileOf("WorkerVersion"), [[key, otherDigest]]))[0]!.summary).toBe(
      `This host implements a different ${key}`,
    );
    const same: SupportAnswer = {
      kind: "profile",
      path,
      profile: { apiVersion: "support.takoform.com/v1alpha1", kind: "BindingSupport", bindingRef: { ...bucket } },
    };
    expect(capabilityDiagnostics(input("WorkerVersion", planned, profileOf("WorkerVersion"), [[key, same]]))).toEqual([]);
    const unlisted = profileOf("WorkerVersion", { supportedBindings: ["module-worker.edge-kv@1.0.0"] });
    expect(capabilityDiagnostics(input("WorkerVersion", planned, unlisted, [[key, same]]))[0]!.summary).toBe(
      `This host does not implement the binding contract ${key} for WorkerVersion`,
    );
  });

  it("reads silence as no statement, and an unreadable surface as a warning only", () => {
    const bare = profileOf("WorkerVersion", { operations: undefined });
    expect(capabilityDiagnostics(input("WorkerVersion", versionPlan({ handlers: ["fetch", "anything"] }), bare))).toEqual([]);
    const down: SupportAnswer = { kind: "unreadable", path: "support/forms/x", message: "connect ECONNREFUSED" };
    const diags = capabilityDiagnostics(input("WorkerVersion", versionPlan(), down));
    expect(diags.map((d) => d.severity)).toEqual(["warning"]);
    expect(diags[0]!.detail).toContain("Apply remains the backstop");
  });
});
