// Declared outputs (decision 0025): for a Form that declares an outputSchema, status.outputs is
// PRESENT and carries exactly its members. A host with no way to compute a Form's declared
// outputs cannot serve a conforming representation of it, so it refuses to create one --
// unsupported_capability (422), before any mutation -- rather than store a resource it would
// answer without them.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function declaredOutputsProducible(declaresOutputs: boolean, hasProducer: boolean, kind: string): RuleOutcome {
  if (!declaresOutputs || hasProducer) return accept();
  return refuse.unsupported_capability(`this host cannot compute the outputs the ${kind} Form declares`);
}
