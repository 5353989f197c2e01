// Resource identity: the resource's apiVersion and kind are those of its exact FormRef
// (x-takoform-equals in the wire schema); a document saying otherwise is invalid_argument.

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function formRefMatchesEnvelope(apiVersion: string, kind: string, ref: ExactFormRef): RuleOutcome {
  if (apiVersion === ref.apiVersion && kind === ref.kind) return accept();
  return refuse.invalid_argument("apiVersion and kind must equal form.formRef.apiVersion and form.formRef.kind");
}
