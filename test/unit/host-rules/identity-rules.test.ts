import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HostError } from "../../../host/errors.js";
import { createFence } from "../../../host/rules/resource-identity/create-fence.js";
import { expectedUidFence } from "../../../host/rules/resource-identity/expected-uid-fence.js";
import { generationFence } from "../../../host/rules/resource-identity/generation-fence.js";
import { mutationIntent } from "../../../host/rules/resource-identity/mutation-intent.js";
import { requiredGenerationFence } from "../../../host/rules/resource-identity/required-generation-fence.js";
import { revisionFence } from "../../../host/rules/resource-identity/revision-fence.js";
import { RESOURCE_NAME, resourceNameGrammar, resourceNameProblem } from "../../../host/rules/resource-identity/resource-name-grammar.js";
import { isCanonicalDecimal, nextDecimal } from "../../../host/wire/decimal.js";

const code = (value: unknown) => (value instanceof HostError ? value.code : value);

describe("mutationIntent", () => {
  it("distinguishes create, update and the malformed cases", () => {
    expect(mutationIntent({ ifNoneMatch: "*" })).toEqual({ intent: "create" });
    expect(mutationIntent({ headerGeneration: "3" })).toEqual({ intent: "update", generation: "3" });
    expect(mutationIntent({ bodyGeneration: "3" })).toEqual({ intent: "update", generation: "3" });
    expect(code(mutationIntent({}))).toBe("invalid_argument");
    expect(code(mutationIntent({ ifNoneMatch: '"1"' }))).toBe("invalid_argument");
    expect(code(mutationIntent({ ifNoneMatch: "*", headerGeneration: "1" }))).toBe("invalid_argument");
    expect(code(mutationIntent({ headerGeneration: "01" }))).toBe("invalid_argument");
    expect(code(mutationIntent({ headerGeneration: "2", bodyGeneration: "3" }))).toBe("invalid_argument");
  });
});

describe("fences", () => {
  it("createFence: a taken name is generation_conflict with hostCode create_conflict, an expectedUid is uid_mismatch", () => {
    expect(createFence(false, undefined)).toMatchObject({ ok: true });
    expect(code(createFence(true, undefined))).toBe("generation_conflict");
    expect(createFence(true, undefined)).toMatchObject({ hostCode: "create_conflict" });
    expect(generationFence("2", "1", "apply")).toMatchObject({ hostCode: undefined });
    expect(code(createFence(false, "u"))).toBe("uid_mismatch");
  });

  it("generation and uid fences compare exactly", () => {
    expect(generationFence("2", "2", "apply")).toMatchObject({ ok: true });
    expect(code(generationFence("2", "1", "apply"))).toBe("generation_conflict");
    expect(expectedUidFence("u", undefined)).toMatchObject({ ok: true });
    expect(expectedUidFence("u", "u")).toMatchObject({ ok: true });
    expect(code(expectedUidFence("u", "v"))).toBe("uid_mismatch");
  });

  it("revisionFence uses strong comparison and honours lists and *", () => {
    expect(revisionFence("4", undefined)).toMatchObject({ ok: true });
    expect(revisionFence("4", '"4"')).toMatchObject({ ok: true });
    expect(revisionFence("4", '"1", "4"')).toMatchObject({ ok: true });
    expect(revisionFence("4", "*")).toMatchObject({ ok: true });
    expect(code(revisionFence("4", 'W/"4"'))).toBe("revision_conflict");
    expect(code(revisionFence("4", '"3"'))).toBe("revision_conflict");
    expect(code(revisionFence("4", "4"))).toBe("revision_conflict");
  });

  it("requiredGenerationFence: absent or non-canonical is invalid_argument", () => {
    expect(requiredGenerationFence("7", "delete")).toBe("7");
    expect(code(requiredGenerationFence(undefined, "delete"))).toBe("invalid_argument");
    expect(code(requiredGenerationFence("0", "delete"))).toBe("invalid_argument");
    expect(code(requiredGenerationFence("9223372036854775808", "delete"))).toBe("invalid_argument");
  });
});

describe("decimals and names", () => {
  it("canonical decimals span 1..2^63-1", () => {
    expect(isCanonicalDecimal("1")).toBe(true);
    expect(isCanonicalDecimal("9223372036854775807")).toBe(true);
    for (const bad of ["0", "01", "-1", "1.0", "9223372036854775808", "", " 1", 1]) expect(isCanonicalDecimal(bad)).toBe(false);
    expect(nextDecimal("9007199254740993")).toBe("9007199254740994");
    expect(() => nextDecimal("9223372036854775807")).toThrow(RangeError);
  });

  it("resource names follow ^[a-z][a-z0-9-]{0,62}$", () => {
    expect(resourceNameGrammar("a-1", "n")).toMatchObject({ ok: true });
    for (const bad of ["A", "1a", "", "a_b", "a".repeat(64)]) expect(code(resourceNameGrammar(bad, "n"))).toBe("invalid_argument");
  });

  it("a refused name is told what is wrong with it, in words, beside the grammar", () => {
    const message = (name: unknown) => (resourceNameGrammar(name, "/metadata/name") as HostError).message;
    expect(message("Bad Name!")).toBe(
      '/metadata/name: "Bad Name!" is not a valid resource name: it contains "B": only lowercase letters a-z, digits and "-" are allowed (the grammar is ^[a-z][a-z0-9-]{0,62}$)',
    );
    expect(message("1shop")).toContain('it starts with "1": the first character must be a lowercase letter');
    expect(message("-shop")).toContain('it starts with "-"');
    expect(message("a".repeat(64))).toContain("it has 64 characters: at most 63 are allowed");
    expect(message("a".repeat(100))).toContain(`"${"a".repeat(64)}…"`);
    expect(message("")).toContain('"" is not a valid resource name: it must not be empty');
    expect(message("shop_cart")).toContain('it contains "_"');
    expect(message("caf\u00e9")).toContain('it contains "\u00e9"');
    expect(message(42)).toBe("/metadata/name: a number is not a valid resource name: it must be a string (the grammar is ^[a-z][a-z0-9-]{0,62}$)");
    expect(message(null)).toContain("null is not a valid resource name");
  });

  it("names a problem exactly for the names the grammar refuses", () => {
    const nameLike = fc.string({ unit: fc.constantFrom("a", "z", "0", "9", "-", "A", "_", " ", "\n", "\u00e9", "\u{1F600}"), maxLength: 70 });
    fc.assert(
      fc.property(nameLike, (name) => (resourceNameProblem(name) === undefined) === RESOURCE_NAME.test(name)),
      { numRuns: 2000 },
    );
  });
});
