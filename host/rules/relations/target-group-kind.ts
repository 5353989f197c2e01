// Resolution and UID pinning, second step: the resolved resource's RECORDED exact ref must name
// exactly the group and kind the reference states. A host that looked the name up alone could
// otherwise bind a resource of another Form.

import type { StoredTarget } from "./view.js";
import type { RelationInstance } from "./relation-instances.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

export function verifyTargetGroupKind(instance: RelationInstance, target: StoredTarget): RuleOutcome {
  const wanted = instance.reference;
  const recorded = target.formRef;
  if (recorded.apiVersion === wanted.apiVersion && recorded.kind === wanted.kind) return accept();
  return refuse(
    "invalid_argument",
    `relation ${instance.pointer}: "${wanted.name}" resolved to a ${recorded.apiVersion} ${recorded.kind}, ` +
      `but the reference requires a ${wanted.apiVersion} ${wanted.kind}`,
    instance.pointer,
  );
}
