// Lifecycle capabilities: a Form Definition's immutableFields name desired fields that never
// change in place (a change to one is a replacement). An apply or import changing one of them on
// an existing resource is invalid_argument before any mutation.

import { canonicalJson, getAtPointer, type JsonObject } from "../../../corpus/lib/index.js";
import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function immutableFieldsUnchanged(immutableFields: readonly string[], stored: JsonObject, requested: JsonObject): RuleOutcome {
  for (const pointer of immutableFields) {
    const before = getAtPointer(stored, pointer);
    const after = getAtPointer(requested, pointer);
    const same = before === undefined || after === undefined ? before === after : canonicalJson(before) === canonicalJson(after);
    if (!same) {
      return refuse.invalid_argument(`${pointer} is immutable: changing it requires replacing the resource`);
    }
  }
  return accept();
}
