import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HostError } from "../../../host/errors.js";
import { noPercentEncodedSlash } from "../../../host/rules/path-shape/no-percent-encoded-slash.js";
import { exactFormQuery } from "../../../host/rules/shared-wire-rules/exact-form-query.js";
import { idempotencyKey } from "../../../host/rules/shared-wire-rules/idempotency-key.js";
import { replayDecision } from "../../../host/rules/shared-wire-rules/replay-decision.js";
import { requestFingerprint } from "../../../host/rules/shared-wire-rules/request-fingerprint.js";
import { spaceIdProblem } from "../../../host/rules/shared-wire-rules/space-id-grammar.js";
import { strictQuery } from "../../../host/rules/shared-wire-rules/strict-query.js";
import type { ReplayRecord } from "../../../host/store/records.js";

const code = (value: unknown) => (value instanceof HostError ? value.code : value);
const DIGEST = "sha256:" + "ab".repeat(32);

describe("SpaceID grammar", () => {
  it("accepts opaque, case-sensitive strings with embedded white space", () => {
    for (const ok of ["prod", "Prod Space", "日本語", "a\u00a0b", "x".repeat(255), "😀".repeat(255)]) expect(spaceIdProblem(ok)).toBeUndefined();
  });
  it("refuses boundaries, controls, slashes, lone surrogates and length", () => {
    for (const bad of ["", " a", "a ", "\u3000a", "a\ufeff", "a/b", "a\u0000", "a\u0085b", "\ud800", "x".repeat(256), 7]) {
      expect(spaceIdProblem(bad), JSON.stringify(bad)).toBeDefined();
    }
  });
  it("never accepts a string containing a slash or a C0/C1 control", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("/", "\u0001", "\u001f", "\u007f", "\u009f"), fc.string(), (a, bad, b) => {
        expect(spaceIdProblem(`x${a}${bad}${b}x`)).toBeDefined();
      }),
    );
  });
});

describe("strict query and the exact FormRef query", () => {
  const ref = { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", definitionVersion: "0.1.0", schemaDigest: DIGEST };
  const full = `space=a+b&group=${encodeURIComponent(ref.apiVersion)}&kind=ModuleWorker&definitionVersion=0.1.0&schemaDigest=${encodeURIComponent(DIGEST)}`;

  it("decodes + as space and refuses malformed escapes", () => {
    expect(strictQuery("a=b+c&d=%2B")).toEqual([
      ["a", "b c"],
      ["d", "+"],
    ]);
    expect(code(strictQuery("a=%E0%A4"))).toBe("invalid_argument");
    expect(code(strictQuery("a=%zz"))).toBe("invalid_argument");
  });

  it("answers the whole identity or refuses", () => {
    const pairs = strictQuery(full) as [string, string][];
    expect(exactFormQuery(pairs)).toEqual({ space: "a b", ref });
    expect(
      exactFormQuery(
        pairs.filter(([k]) => k !== "group" && k !== "kind"),
        { apiVersion: ref.apiVersion, kind: ref.kind },
      ),
    ).toEqual({ space: "a b", ref });
    expect(code(exactFormQuery(pairs, { apiVersion: ref.apiVersion, kind: "Other" }))).toBe("invalid_argument");
    expect(code(exactFormQuery([...pairs, ["packageDigest", DIGEST]]))).toBe("invalid_argument");
    expect(code(exactFormQuery([...pairs, ["space", "again"]]))).toBe("invalid_argument");
    expect(code(exactFormQuery(pairs.filter(([k]) => k !== "space")))).toBe("invalid_argument");
    expect(code(exactFormQuery(pairs.filter(([k]) => k !== "schemaDigest")))).toBe("form_unknown");
    expect(code(exactFormQuery(pairs.map(([k, v]) => [k, k === "schemaDigest" ? "sha256:XY" : v] as [string, string])))).toBe("form_unknown");
  });
});

describe("path shape", () => {
  it("refuses a segment that percent-decodes to a slash, in any case", () => {
    expect(noPercentEncodedSlash("/apis/x/resources/edge.forms.takoform.com/v1beta1/K/n")).toMatchObject({ ok: true });
    expect(noPercentEncodedSlash("/a/b%20c")).toMatchObject({ ok: true });
    expect(code(noPercentEncodedSlash("/a/edge%2Fv1/K"))).toBe("resource_not_found");
    expect(code(noPercentEncodedSlash("/a/edge%2fv1/K"))).toBe("resource_not_found");
    expect(code(noPercentEncodedSlash("/a/%E0%A4%A"))).toBe("invalid_argument");
  });
});

describe("idempotency", () => {
  it("requires a key of visible ASCII", () => {
    expect(idempotencyKey("takoform-abc", "apply")).toBe("takoform-abc");
    expect(code(idempotencyKey(undefined, "apply"))).toBe("invalid_argument");
    expect(code(idempotencyKey("has space", "apply"))).toBe("invalid_argument");
    expect(code(idempotencyKey("k".repeat(256), "apply"))).toBe("invalid_argument");
  });

  it("fingerprints method, target, preconditions and body bytes", () => {
    const base = { method: "PUT", target: "/x?a=1", ifNoneMatch: "*", body: Buffer.from("{}") };
    const fp = requestFingerprint(base);
    expect(requestFingerprint({ ...base })).toBe(fp);
    for (const variant of [
      { ...base, method: "POST" },
      { ...base, target: "/x?a=2" },
      { ...base, ifNoneMatch: undefined, expectedGeneration: "*" },
      { ...base, ifMatch: '"1"' },
      { ...base, body: Buffer.from("{ }") },
    ]) {
      expect(requestFingerprint(variant)).not.toBe(fp);
    }
  });

  it("replays, refuses a reused key, retires by incarnation and expires by age", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const record: ReplayRecord = { fingerprint: "f", status: 201, body: "{}", boundUid: "u", expiresAt: "2026-01-02T00:00:00Z" };
    expect(replayDecision(undefined, "f", now, false)).toEqual({ action: "execute" });
    expect(replayDecision(record, "f", now, true)).toEqual({ action: "replay", record });
    expect(code(replayDecision(record, "g", now, true))).toBe("invalid_argument");
    expect(replayDecision(record, "f", now, false)).toEqual({ action: "execute" });
    expect(replayDecision(record, "g", now, false)).toEqual({ action: "execute" });
    const unbound: ReplayRecord = { fingerprint: "f", status: 204, body: "", expiresAt: "2026-01-02T00:00:00Z" };
    expect(replayDecision(unbound, "f", now, false)).toEqual({ action: "replay", record: unbound });
    expect(replayDecision(unbound, "f", new Date("2026-01-03T00:00:00Z"), false)).toEqual({ action: "execute" });
  });
});
