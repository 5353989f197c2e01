import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS, RETRYABLE_CODES, isErrorCode, mayBeRetryable } from "../../../corpus/lib/index.js";
import { referenceDir } from "./paths.js";
import { describeWithReference } from "../../support/reference.js";

describeWithReference("error taxonomy", () => {
  const contract = JSON.parse(readFileSync(path.join(referenceDir, "conformance/portable-host-v1beta1/contract.json"), "utf8"));
  const wire = JSON.parse(readFileSync(path.join(referenceDir, "spec/schemas/host-api-wire-v1beta1.schema.json"), "utf8"));
  it("has exactly the 26 codes of the wire schema, in order", () => {
    expect(ERROR_CODES).toHaveLength(26);
    expect([...ERROR_CODES]).toEqual(wire.$defs.errorBody.properties.code.enum);
  });
  it("maps every code to the status the conformance contract fixes", () => {
    expect({ ...ERROR_STATUS }).toEqual(contract.errorEnvelope.httpStatusByCode);
  });
  it("allows retryable only for the four transient codes", () => {
    expect([...RETRYABLE_CODES].sort()).toEqual([...contract.errorEnvelope.automaticallyRetryable].sort());
    expect(mayBeRetryable("rate_limited")).toBe(true);
    expect(mayBeRetryable("internal_error")).toBe(false);
  });
  it("recognizes codes and nothing else", () => {
    expect(isErrorCode("uid_mismatch")).toBe(true);
    expect(isErrorCode("resource_version_conflict")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
  });
});
