// The two verdicts validate can give. validate reports diagnostics and mutates nothing: a
// document it accepts answers 200 {valid: true} with no error diagnostic; a well-formed resource
// document it refuses answers 200 {valid: false} with at least one error diagnostic -- never an
// error envelope, as the upstream runner requires of every validate it sends
// (docs/decisions/0031-conformance-verdict-shapes.md, 0212).

import { describeResponse, errorOf, type HostResponse } from "./http.js";
import { fail } from "./assert.js";

interface ValidateBody {
  valid: boolean;
  diagnostics: { severity: string; message: string; field?: string }[];
}

export function expectValidateAccepted(res: HostResponse, what: string): void {
  if (res.status !== 200) fail(`${what}: expected 200 {valid: true}, got ${describeResponse(res)}`);
  const b = res.body as ValidateBody;
  const errors = b.diagnostics.filter((d) => d.severity === "error");
  if (!b.valid || errors.length)
    fail(`${what}: expected valid: true without errors, got valid: ${b.valid} with ${errors.map((e) => `${e.field ?? ""} ${e.message}`).join("; ")}`);
}

export function expectValidateRefused(res: HostResponse, what: string): void {
  if (res.status !== 200) fail(`${what}: expected 200 {valid: false} with an error diagnostic, got ${describeResponse(res)}`);
  const b = res.body as ValidateBody;
  if (b.valid === false && Array.isArray(b.diagnostics) && b.diagnostics.some((d) => d.severity === "error")) return;
  fail(`${what}: expected valid: false with an error diagnostic, got valid: ${b.valid} (${b.diagnostics?.length ?? 0} diagnostics)`);
}

/**
 * validate of a document the WIRE schema already refuses (its spec is not a JSON object): the
 * refusal may come as 200 {valid:false} or as the invalid_argument envelope, since the document
 * is not a resource document at all. The upstream runner sends no such document.
 */
export function expectValidateRefusedOrMalformed(res: HostResponse, what: string): void {
  if (res.status === 400 && errorOf(res)?.code === "invalid_argument") return;
  expectValidateRefused(res, what);
}
