// Binding verification (Host API v1beta1, "Binding verification"; decision 0022 rule 6). A binding
// relation is verified against its Binding Definition, in this order, before the annotation:
//   1. the source Definition's acceptedBindings carries the annotated contract   -> invalid_argument
//   2. this host installed that contract at exactly the accepted schemaDigest    -> unsupported_capability
//   3. the source Form's role equals the contract's sourceRole                  -> invalid_argument
//   4. the target's exact group/kind is one of the contract's allowedTargetForms -> invalid_argument
//   5. the target Definition provides the contract's targetInterface            -> invalid_argument
//   (6. same space: guaranteed by the wire, a reference carries no space)
// and finally the reference's x-takoform-required-interface must be exactly the contract's
// targetInterface (the annotation is the contract's projection); a Form whose annotation disagrees
// cannot be verified by this host at all -> unsupported_capability.

import type { BindingRef, FormDefinition } from "../../../corpus/lib/index.js";
import type { InstalledBindingContract, StoredTarget } from "./view.js";
import type { RelationInstance } from "./relation-instances.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { describeContractRef, sameContractRef } from "./refs.js";

export interface BindingVerificationInput {
  instance: RelationInstance;
  source: FormDefinition;
  target: StoredTarget;
  targetDefinition: FormDefinition | undefined;
  installedBinding: (name: string, version: string) => InstalledBindingContract | undefined;
}

export function verifyBinding(input: BindingVerificationInput): RuleOutcome<{ bindingRef: BindingRef }> {
  const { instance, source, target, targetDefinition } = input;
  const bindingName = instance.spec.binding;
  const at = `binding ${instance.pointer}`;
  if (bindingName === undefined) {
    return refuse("invalid_argument", `${at}: relation ${instance.spec.pointer} is not inside a binding list`, instance.pointer);
  }
  // 1
  const accepted = (source.acceptedBindings ?? []).find((ref) => ref.name === bindingName);
  if (accepted === undefined) {
    return refuse(
      "invalid_argument",
      `${at}: the ${source.kind} Form Definition does not accept the binding contract "${bindingName}" its desired schema annotates`,
      instance.pointer,
    );
  }
  // 2
  const installed = input.installedBinding(accepted.name, accepted.version);
  if (installed === undefined || !sameContractRef(installed.ref, accepted)) {
    return refuse(
      "unsupported_capability",
      `${at}: this host has not installed the binding contract ${describeContractRef(accepted)}` +
        (installed === undefined ? "" : ` (it installed ${describeContractRef(installed.ref)})`),
      instance.pointer,
    );
  }
  const contract = installed.definition;
  // 3
  if (contract.sourceRole !== source.role) {
    return refuse(
      "invalid_argument",
      `${at}: binding contract ${accepted.name} requires a source of role ${String(contract.sourceRole)}, but ${source.kind} has role ${source.role}`,
      instance.pointer,
    );
  }
  // 4
  const allowed = contract.allowedTargetForms ?? [];
  if (!allowed.some((f) => f.apiVersion === target.formRef.apiVersion && f.kind === target.formRef.kind)) {
    return refuse(
      "invalid_argument",
      `${at}: binding contract ${accepted.name} allows targets of ${allowed.map((f) => `${f.apiVersion} ${f.kind}`).join(", ") || "no Form"}, ` +
        `but "${target.name}" is a ${target.formRef.apiVersion} ${target.formRef.kind}`,
      instance.pointer,
    );
  }
  // 5
  const provided = targetDefinition?.providedInterfaces ?? [];
  if (!provided.some((ref) => sameContractRef(ref, contract.targetInterface))) {
    return refuse(
      "invalid_argument",
      `${at}: binding contract ${accepted.name} projects ${describeContractRef(contract.targetInterface)}, ` + `which target "${target.name}" does not provide`,
      instance.pointer,
    );
  }
  // The annotation is the contract's projection onto the reference (decision 0022 rule 6).
  const annotated = instance.spec.requiredInterface;
  if (annotated === undefined || !sameContractRef(annotated, contract.targetInterface)) {
    return refuse(
      "unsupported_capability",
      `${at}: the installed ${source.kind} Form annotates ${annotated === undefined ? "no Interface" : describeContractRef(annotated)} ` +
        `where binding contract ${accepted.name} names ${describeContractRef(contract.targetInterface)}; this host cannot verify the binding`,
      instance.pointer,
    );
  }
  return accept({ bindingRef: { ...accepted } });
}
