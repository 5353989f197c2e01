// Resolution and UID pinning, third step (decision 0022 rule 7): the resolved target satisfies the
// contract the reference annotates, either
//   x-takoform-target-formrefs     its recorded exact ref is one of the listed refs, or
//   x-takoform-required-interface  its Form Definition declares that Interface in
//                                  providedInterfaces at exactly that digest.
// Anything else is invalid_argument, naming the relation pointer and what was required.

import type { FormDefinition } from "../../../corpus/lib/index.js";
import type { StoredTarget } from "./view.js";
import type { RelationInstance } from "./relation-instances.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { describeContractRef, describeFormRef, sameContractRef, sameFormRef } from "./refs.js";

export function verifyTargetContract(instance: RelationInstance, target: StoredTarget, targetDefinition: FormDefinition | undefined): RuleOutcome {
  const { targetFormRefs, requiredInterface } = instance.spec;
  const at = `relation ${instance.pointer} (${instance.spec.pointer})`;
  if (targetFormRefs !== undefined && requiredInterface === undefined) {
    if (targetFormRefs.some((ref) => sameFormRef(ref, target.formRef))) return accept();
    return refuse(
      "invalid_argument",
      `${at}: target "${target.name}" is recorded under ${describeFormRef(target.formRef)}, ` +
        `but the reference requires one of: ${targetFormRefs.map(describeFormRef).join("; ")}`,
      instance.pointer,
    );
  }
  if (requiredInterface !== undefined && targetFormRefs === undefined) {
    const provided = targetDefinition?.providedInterfaces ?? [];
    if (provided.some((ref) => sameContractRef(ref, requiredInterface))) return accept();
    return refuse(
      "invalid_argument",
      `${at}: target "${target.name}" (${describeFormRef(target.formRef)}) does not provide the required Interface ` +
        `${describeContractRef(requiredInterface)}; it provides ${provided.length === 0 ? "none" : provided.map(describeContractRef).join("; ")}`,
      instance.pointer,
    );
  }
  // deriveRelations refuses this shape; a host that stored one anyway cannot say what to verify.
  return refuse(
    "invalid_argument",
    `${at}: the reference must carry exactly one of x-takoform-target-formrefs and x-takoform-required-interface`,
    instance.pointer,
  );
}
