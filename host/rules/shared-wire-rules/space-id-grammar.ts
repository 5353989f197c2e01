// Shared wire rules, "Space identity" (check: space-id-grammar-enforced).
//
// A SpaceID is an opaque, case-sensitive string of 1..255 Unicode code points that does not
// start or end with a White_Space code point or U+FEFF, and contains no C0/C1 control and no "/".
// The host never trims, normalizes or case-folds it: a value outside the grammar is refused,
// never repaired into a different space.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

// Unicode White_Space plus U+FEFF, exactly the set the wire schema encodes for $defs/spaceId.
const BOUNDARY = /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$/u;
// In a /u pattern a surrogate pair is one code point, so only a lone surrogate matches.
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const FORBIDDEN = /[/\u0000-\u001f\u007f-\u009f]/u;

export function spaceIdProblem(space: unknown): string | undefined {
  if (typeof space !== "string") return "must be a string";
  if (LONE_SURROGATE.test(space)) return "must be valid Unicode (no lone surrogates)";
  const codePoints = [...space];
  if (codePoints.length < 1 || codePoints.length > 255) return "must hold 1 to 255 Unicode code points";
  if (BOUNDARY.test(codePoints[0]!) || BOUNDARY.test(codePoints[codePoints.length - 1]!)) {
    return "must not start or end with white space or U+FEFF";
  }
  if (FORBIDDEN.test(space)) return "must contain no slash and no C0 or C1 control character";
  return undefined;
}

export function spaceIdGrammar(space: unknown, where: string): RuleOutcome {
  const problem = spaceIdProblem(space);
  return problem === undefined ? accept() : refuse.invalid_argument(`${where} is not a valid SpaceID: it ${problem}`);
}
