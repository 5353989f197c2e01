// The prepare binding's text (host/rules/prepare/prepare-binding.ts) is written by JSON.stringify
// in RFC 8785 member order; it must be exactly the canonical text canonicalJson gives, so a digest
// minted by an earlier build (which canonicalized the document) still verifies after an upgrade.

import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../corpus/lib/index.js";
import { prepareBindingText, type PrepareBinding } from "../../../host/rules/prepare/prepare-binding.js";

/** The document the binding was canonicalized from before (members in their natural order). */
function document(binding: PrepareBinding, window: number): unknown {
  return {
    format: "takoform-prepare-binding@1",
    window,
    tenant: binding.tenant,
    space: binding.space,
    formRef: binding.ref,
    name: binding.name,
    specDigest: binding.specDigest,
    uid: binding.uid,
    generation: binding.generation,
  };
}

// Well-formed Unicode only: every member comes from the wire grammar, the credentials or the
// catalog, and the I-JSON decoder refuses lone surrogates before any binding is made.
const awkward = ["", "plain", "é中😀", 'quote " and \\ backslash', "\u0000\u001f\u007f\u2028\u2029", "</script>", "Ω≈ç√"];

describe("prepareBindingText", () => {
  it("is canonicalJson's text of the binding for strings that need escaping and for windows of every size", () => {
    let checked = 0;
    for (const text of awkward) {
      for (const window of [0, 1, 1_998_123, Number.MAX_SAFE_INTEGER]) {
        const binding: PrepareBinding = {
          tenant: `t-${text}`,
          space: text,
          ref: { kind: `K${text}`, apiVersion: `g.example/v1${text}`, schemaDigest: `sha256:${text}`, definitionVersion: `1.0.0${text}` },
          name: `n${text}`,
          specDigest: `sha256:${text}`,
          uid: text,
          generation: text === "" ? "0" : "12",
        };
        expect(prepareBindingText(binding, window)).toBe(canonicalJson(document(binding, window)));
        checked++;
      }
    }
    expect(checked).toBe(awkward.length * 4);
  });

  it("binds every member: changing any one changes the text", () => {
    const binding: PrepareBinding = {
      tenant: "a",
      space: "s",
      ref: { apiVersion: "g/v1", kind: "K", definitionVersion: "1", schemaDigest: "d" },
      name: "n",
      specDigest: "x",
      uid: "",
      generation: "0",
    };
    const base = prepareBindingText(binding, 7);
    const variants: PrepareBinding[] = [
      { ...binding, tenant: "b" },
      { ...binding, space: "t" },
      { ...binding, ref: { ...binding.ref, apiVersion: "g/v2" } },
      { ...binding, ref: { ...binding.ref, kind: "L" } },
      { ...binding, ref: { ...binding.ref, definitionVersion: "2" } },
      { ...binding, ref: { ...binding.ref, schemaDigest: "e" } },
      { ...binding, name: "m" },
      { ...binding, specDigest: "y" },
      { ...binding, uid: "u" },
      { ...binding, generation: "1" },
    ];
    for (const variant of variants) expect(prepareBindingText(variant, 7)).not.toBe(base);
    expect(prepareBindingText(binding, 8)).not.toBe(base);
  });
});
