// Declared outputs (check: form-declared-outputs-are-exact, decision 0025), both directions:
// a Form declaring an outputSchema answers with status.outputs present and valid against it; a
// Form declaring none answers with status.outputs OMITTED, not an empty object. Returns the
// problems with an outputs document (empty when it is exact).

import type { JsonObject } from "../../../corpus/lib/index.js";

export function declaredOutputsExact(declaresOutputs: boolean, outputs: JsonObject | undefined, validate: (outputs: JsonObject) => string[]): string[] {
  if (!declaresOutputs) return outputs === undefined ? [] : ["status.outputs must be omitted: the Form declares no outputSchema"];
  if (outputs === undefined) return ["status.outputs is required: the Form declares an outputSchema"];
  return validate(outputs);
}
