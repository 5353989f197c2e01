// Shared wire rules, "I-JSON raw-first decoding": "A request with a duplicate member or an
// unknown envelope/metadata field fails as invalid_argument / HTTP 400 before mutation."
// (Duplicates are refused by the raw decoder; this rule refuses unknown members.)

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function closedEnvelope(value: Record<string, unknown>, allowed: readonly string[], where: string): RuleOutcome {
  for (const member of Object.keys(value)) {
    if (!allowed.includes(member)) {
      const at = where === "" ? `/${member}` : `${where}/${member}`;
      return refuse.invalid_argument(`${at}: unknown member; the request envelope is closed`);
    }
  }
  return accept();
}
