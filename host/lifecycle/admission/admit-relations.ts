// Cross-resource relations on apply and import, before any mutation (decisions 0015, 0022):
// every relation present in the materialized spec is resolved INSIDE THE CALLER'S TENANT and
// space, verified against its group/kind, its binding contract and its annotated target
// contract, and pinned to the target's uid and exact FormRef. Then the kind's own admission runs
// on those resolved uids (KindBehaviour.admit: aggregate, attachment and artifact-reference
// rules, host/kinds). Returns the relation records to store; every accepted mutation re-pins, a
// spec-identical apply included.
//
// admitExecution runs last: the work a kind's commit performs outside the store
// (KindBehaviour.execute), or, for a mutation only being accepted (202), the proof that it can.

import type { JsonObject } from "../../../corpus/lib/index.js";
import type { HostForm } from "../../catalog/host-form.js";
import { resolveRelations } from "../../rules/relations/resolve-relations.js";
import type { RelationRecord } from "../../rules/relations/view.js";
import type { ResourceRecord } from "../../store/records.js";
import { check } from "../../rules/outcome.js";
import type { TenantView } from "./tenant-view.js";

export interface RelationAdmission {
  form: HostForm;
  spec: JsonObject;
  space: string;
  name: string;
  /** The incarnation being updated; absent on create. */
  self?: ResourceRecord;
}

export function admitRelations(view: TenantView, input: RelationAdmission): RelationRecord[] {
  const { records } = check(
    resolveRelations({
      space: input.space,
      spec: input.spec,
      source: input.form.installed.definition,
      relations: input.form.installed.relations,
      view,
    }),
  );
  view.kindOf(input.form.ref)?.admit?.(view, { ...input, records });
  return records;
}

/** Executes (or, when only admitting, proves executable) what the kind's commit does outside the store. */
export async function admitExecution(view: TenantView, form: HostForm, relations: readonly RelationRecord[], admitOnly: boolean): Promise<void> {
  await view.kindOf(form.ref)?.execute?.(view, relations, admitOnly);
}
