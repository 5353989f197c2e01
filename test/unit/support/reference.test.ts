// The one reference helper (test/support/reference.ts): absent paths skip, unless CI requires them.
import { afterEach, describe, expect, it } from "vitest";
import { REQUIRE_REFERENCE_ENV, referencePresent, skipReason } from "../../support/reference.js";

const saved = process.env[REQUIRE_REFERENCE_ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[REQUIRE_REFERENCE_ENV];
  else process.env[REQUIRE_REFERENCE_ENV] = saved;
});

describe("the reference helper", () => {
  it("reports a missing reference path as absent (a skip) when nothing requires it", () => {
    delete process.env[REQUIRE_REFERENCE_ENV];
    expect(referencePresent("no/such/reference/file.json")).toBe(false);
  });

  it("fails, naming the path and the folder, when TAKOFORM_REQUIRE_REFERENCE=1 (CI)", () => {
    process.env[REQUIRE_REFERENCE_ENV] = "1";
    expect(() => referencePresent("no/such/reference/file.json")).toThrow(
      /shared\/reference\/takoform\/no\/such\/reference\/file\.json is missing, and TAKOFORM_REQUIRE_REFERENCE=1 requires every reference cross-check to run \(put the reference copy at \.\.\/shared\/reference\/takoform\)/,
    );
  });

  it("names the folder in the line a skipped test shows", () => {
    expect(skipReason("../shared/reference/takoform")).toBe(
      "[skipped: ../shared/reference/takoform is absent; these tests cross-check against the reference copy of the Takoform spec]",
    );
  });
});
