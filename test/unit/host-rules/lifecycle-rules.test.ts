import { describe, expect, it } from "vitest";
import { HostError } from "../../../host/errors.js";
import { nativeIdClaimExclusive } from "../../../host/rules/adoption/native-id-claim-exclusive.js";
import { nativeIdClaimImmutable } from "../../../host/rules/adoption/native-id-claim-immutable.js";
import { declaredOutputsExact } from "../../../host/rules/declared-outputs/declared-outputs-exact.js";
import { declaredOutputsProducible } from "../../../host/rules/declared-outputs/declared-outputs-producible.js";
import { immutableFieldsUnchanged } from "../../../host/rules/lifecycle-capabilities/immutable-fields-unchanged.js";
import { noUpdateSpecChangeRejected } from "../../../host/rules/lifecycle-capabilities/no-update-spec-change-rejected.js";
import { revisionRoleUpdateRejected } from "../../../host/rules/lifecycle-capabilities/revision-role-update-rejected.js";
import {
  CREATE_GENERATION_MARKER,
  CREATE_UID_MARKER,
  PREPARE_WINDOW_MS,
  prepareBindingHolds,
  prepareDigest,
  prepareWindow,
  type PrepareBinding,
} from "../../../host/rules/prepare/prepare-binding.js";
import { prepareTarget } from "../../../host/rules/prepare/prepare-target.js";
import { refuse } from "../../../host/errors.js";

const code = (value: unknown) => (value instanceof HostError ? value.code : value);
const DIGEST = "sha256:" + "cd".repeat(32);

describe("prepare binding", () => {
  const secret = Buffer.alloc(32, 7);
  const binding: PrepareBinding = {
    tenant: "t",
    space: "s",
    ref: { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", definitionVersion: "0.1.0", schemaDigest: DIGEST },
    name: "n",
    specDigest: DIGEST,
    uid: CREATE_UID_MARKER,
    generation: CREATE_GENERATION_MARKER,
  };
  const minted = new Date("2026-05-01T10:00:00Z");
  const digest = prepareDigest(secret, binding, prepareWindow(minted));

  it("holds for the exact binding within its window and the next", () => {
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(prepareBindingHolds(secret, binding, digest, minted)).toMatchObject({ ok: true });
    expect(prepareBindingHolds(secret, binding, digest, new Date(minted.getTime() + PREPARE_WINDOW_MS))).toMatchObject({ ok: true });
    expect(code(prepareBindingHolds(secret, binding, digest, new Date(minted.getTime() + 2 * PREPARE_WINDOW_MS)))).toBe("invalid_argument");
  });

  it("refuses every substitution: tenant, space, ref, name, spec, incarnation, secret", () => {
    const variants: PrepareBinding[] = [
      { ...binding, tenant: "u" },
      { ...binding, space: "S" },
      { ...binding, ref: { ...binding.ref, definitionVersion: "0.2.0" } },
      { ...binding, name: "m" },
      { ...binding, specDigest: "sha256:" + "00".repeat(32) },
      { ...binding, uid: "uid-1", generation: "1" },
    ];
    for (const variant of variants) expect(code(prepareBindingHolds(secret, variant, digest, minted))).toBe("invalid_argument");
    expect(code(prepareBindingHolds(Buffer.alloc(32, 8), binding, digest, minted))).toBe("invalid_argument");
  });

  it("prepareTarget requires the update fence on an existing resource", () => {
    const notFound = () => refuse.resource_not_found("absent");
    const existing = { uid: "u", generation: "3" };
    const at = { kind: "WorkerVersion", name: "shop-v1", space: "prod" };
    expect(prepareTarget(undefined, undefined, undefined, notFound, at)).toEqual({ uid: "", generation: "0" });
    expect(code(prepareTarget(undefined, "1", undefined, notFound, at))).toBe("resource_not_found");
    expect(code(prepareTarget(existing, undefined, undefined, notFound, at))).toBe("invalid_argument");
    expect(code(prepareTarget(existing, "2", undefined, notFound, at))).toBe("generation_conflict");
    expect(code(prepareTarget(existing, "3", "v", notFound, at))).toBe("uid_mismatch");
    expect(prepareTarget(existing, "3", "u", notFound, at)).toEqual(existing);
  });

  it("a create of a held name says the name is taken and how to update it or name a new revision", () => {
    const taken = prepareTarget({ uid: "u", generation: "3" }, undefined, undefined, () => refuse.resource_not_found("absent"), {
      kind: "WorkerVersion",
      name: "shop-v1",
      space: "prod",
    });
    expect(code(taken)).toBe("invalid_argument");
    const message = (taken as Error).message;
    expect(message).toContain('WorkerVersion "shop-v1" already exists in space "prod" (generation 3)');
    expect(message).toContain("To update the existing resource, send Takoform-Expected-Generation: 3");
    expect(message).toContain(
      "give it a new name derived from the digest of its whole spec (revision() in the generated CDKTF package, or the HCL pattern in docs/revision-names.md)",
    );
  });
});

describe("lifecycle capabilities", () => {
  it("refuses updates of revision-role resources and spec changes without update", () => {
    expect(code(revisionRoleUpdateRejected("revision", "WorkerBundle"))).toBe("invalid_argument");
    expect(revisionRoleUpdateRejected("identity", "ModuleWorker")).toMatchObject({ ok: true });
    expect(noUpdateSpecChangeRejected(false, "K", DIGEST, DIGEST)).toMatchObject({ ok: true });
    expect(code(noUpdateSpecChangeRejected(false, "K", DIGEST, "sha256:" + "00".repeat(32)))).toBe("invalid_argument");
    expect(noUpdateSpecChangeRejected(true, "K", DIGEST, "sha256:" + "00".repeat(32))).toMatchObject({ ok: true });
  });

  it("compares immutable fields canonically", () => {
    expect(immutableFieldsUnchanged(["/worker"], { worker: { a: 1, b: 2 } }, { worker: { b: 2, a: 1 } })).toMatchObject({ ok: true });
    expect(code(immutableFieldsUnchanged(["/worker"], { worker: { a: 1 } }, { worker: { a: 2 } }))).toBe("invalid_argument");
    expect(code(immutableFieldsUnchanged(["/worker"], { worker: 1 }, {}))).toBe("invalid_argument");
    expect(immutableFieldsUnchanged(["/worker"], {}, {})).toMatchObject({ ok: true });
  });
});

describe("adoption claims", () => {
  it("are immutable and exclusive", () => {
    expect(nativeIdClaimImmutable(undefined, "x")).toMatchObject({ ok: true });
    expect(nativeIdClaimImmutable("x", "x")).toMatchObject({ ok: true });
    expect(code(nativeIdClaimImmutable("x", "y"))).toBe("import_conflict");
    const holder = { uid: "u", space: "s", kind: "K", name: "n" };
    expect(nativeIdClaimExclusive(undefined, undefined)).toMatchObject({ ok: true });
    expect(nativeIdClaimExclusive(holder, "u")).toMatchObject({ ok: true });
    expect(code(nativeIdClaimExclusive(holder, "v"))).toBe("import_conflict");
    expect(code(nativeIdClaimExclusive(holder, undefined))).toBe("import_conflict");
  });
});

describe("declared outputs", () => {
  const validate = (outputs: Record<string, unknown>) => (typeof outputs.url === "string" ? [] : ["url missing"]);
  it("are present and valid exactly when declared", () => {
    expect(declaredOutputsExact(true, { url: "u" }, validate)).toEqual([]);
    expect(declaredOutputsExact(true, {}, validate)).toEqual(["url missing"]);
    expect(declaredOutputsExact(true, undefined, validate)).toHaveLength(1);
    expect(declaredOutputsExact(false, undefined, validate)).toEqual([]);
    expect(declaredOutputsExact(false, {}, validate)).toHaveLength(1);
    expect(code(declaredOutputsProducible(true, false, "K"))).toBe("unsupported_capability");
    expect(declaredOutputsProducible(true, true, "K")).toMatchObject({ ok: true });
  });
});
