// Cross-resource relations on apply and import, before any mutation (decisions 0015, 0022):
// every relation present in the materialized spec is resolved INSIDE THE CALLER'S TENANT and
// space, verified against its group/kind, its binding contract and its annotated target
// contract, and pinned to the target's uid and exact FormRef. Then the Worker aggregate and
// attachment rules that are decided on those resolved uids run (admit-aggregate.ts), and the
// artifact references are resolved for the caller's tenant (admit-artifacts.ts). Returns the
// relation records to store; every accepted mutation re-pins, a spec-identical apply included.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostForm } from "../catalog/host-form.js";
import { resolveRelations } from "../rules/relations/resolve-relations.js";
import type { RelationRecord } from "../rules/relations/view.js";
import type { ResourceRecord } from "../store/records.js";
import { admitAggregate } from "./admit-aggregate.js";
import { admitArtifacts } from "./admit-artifacts.js";
import { accepted } from "./refusals.js";
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
  const { records } = accepted(
    resolveRelations({
      space: input.space,
      spec: input.spec,
      source: input.form.installed.definition,
      relations: input.form.installed.relations,
      view,
    }),
  );
  admitAggregate(view, { ...input, records });
  admitArtifacts(view, { form: input.form, spec: input.spec, records });
  return records;
}
