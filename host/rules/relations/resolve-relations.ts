// Resolution and UID pinning (Host API v1beta1; decisions 0015 and 0022). On apply and import,
// before any mutation, every derived relation present in the materialized spec is taken in
// relation order, then document order, through:
//   resolve (space, apiVersion, kind, name)         absent -> resource_not_found naming the pointer
//   recorded group and kind                          mismatch -> invalid_argument
//   binding contract steps 1-5, when a binding       (see binding-verification.ts)
//   the annotated target contract                    unmet -> invalid_argument
// The first refusal wins and nothing is recorded. On success the records to store are returned.

import type { FormDefinition, RelationSpec } from "../../../corpus/lib/index.js";
import type { RelationRecord, RelationView } from "./view.js";
import { relationInstances } from "./relation-instances.js";
import { verifyTargetGroupKind } from "./target-group-kind.js";
import { verifyTargetContract } from "./target-contract.js";
import { verifyBinding } from "./binding-verification.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

export interface ResolveRelationsInput {
  /** The space of the source resource; a reference carries none. */
  space: string;
  /** The materialized desired spec of the source. */
  spec: Record<string, unknown>;
  /** The source Form's Definition (role, acceptedBindings). */
  source: FormDefinition;
  /** deriveRelations(source.desiredSchema). */
  relations: readonly RelationSpec[];
  view: Pick<RelationView, "resolve" | "definitionOf" | "installedBinding">;
}

export function resolveRelations(input: ResolveRelationsInput): RuleOutcome<{ records: RelationRecord[] }> {
  const expanded = relationInstances(input.spec, input.relations);
  if (!expanded.ok) return expanded;
  const records: RelationRecord[] = [];
  for (const instance of expanded.instances) {
    const { apiVersion, kind, name } = instance.reference;
    const target = input.view.resolve(input.space, apiVersion, kind, name);
    if (target === undefined) {
      return refuse("resource_not_found", `relation ${instance.pointer}: no ${kind} named "${name}" exists in space "${input.space}"`, instance.pointer);
    }
    const groupKind = verifyTargetGroupKind(instance, target);
    if (!groupKind.ok) return groupKind;
    const targetDefinition = input.view.definitionOf(target.formRef);
    let bindingRef: RelationRecord["bindingRef"];
    if (instance.spec.binding !== undefined) {
      const binding = verifyBinding({
        instance,
        source: input.source,
        target,
        targetDefinition,
        installedBinding: (n, v) => input.view.installedBinding(n, v),
      });
      if (!binding.ok) return binding;
      bindingRef = binding.bindingRef;
    }
    const contract = verifyTargetContract(instance, target, targetDefinition);
    if (!contract.ok) return contract;
    const record: RelationRecord = {
      pointer: instance.pointer,
      relation: instance.spec.pointer,
      targetApiVersion: target.formRef.apiVersion,
      targetKind: target.formRef.kind,
      targetName: target.name,
      targetUid: target.uid,
      targetFormRef: { ...target.formRef },
    };
    if (bindingRef !== undefined) record.bindingRef = bindingRef;
    records.push(record);
  }
  return accept({ records });
}
