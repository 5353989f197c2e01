// How a stored resource changes. A create mints an incarnation at generation 1 and revision 1;
// generation moves only when the materialized desired spec changes, and revision moves on every
// representation change (Resource identity). The conditions are rendered when the mutation is
// planned (rendering.ts), so these functions leave them to that step.

import type { JsonObject } from "../../../corpus/lib/index.js";
import type { HostForm } from "../../catalog/host-form.js";
import { rfc3339 } from "../../clock.js";
import { HostError, refuse } from "../../errors.js";
import type { OutputOptions, OutputProducer } from "../../outputs/producers.js";
import { declaredOutputsExact } from "../../rules/declared-outputs/declared-outputs-exact.js";
import type { RelationRecord } from "../../rules/relations/view.js";
import type { ResourceRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import { nextDecimal } from "../../wire/decimal.js";

export interface NewIncarnation {
  scope: TenantScope;
  form: HostForm;
  space: string;
  name: string;
  uid: string;
  spec: JsonObject;
  specDigest: string;
  relations: RelationRecord[];
  nativeId?: string;
  now: Date;
  outputs: OutputOptions;
  /** The kind's producer of host-computed outputs (KindBehaviour.outputs), if it has one. */
  producer?: OutputProducer;
}

export function newIncarnation(input: NewIncarnation): ResourceRecord {
  const record: ResourceRecord = {
    tenant: input.scope.tenant,
    space: input.space,
    name: input.name,
    ref: { ...input.form.ref },
    packageDigest: input.form.packageDigest,
    uid: input.uid,
    generation: "1",
    revision: "1",
    spec: input.spec,
    specDigest: input.specDigest,
    relations: input.relations,
    conditions: [],
    observations: 0,
    createdAt: rfc3339(input.now),
  };
  if (input.nativeId !== undefined) record.nativeId = input.nativeId;
  const producer = input.form.declaresOutputs ? input.producer : undefined;
  const outputs = producer?.({ uid: input.uid, name: input.name, space: input.space, spec: input.spec }, input.outputs);
  if (outputs instanceof HostError) throw outputs;
  const problems = declaredOutputsExact(input.form.declaresOutputs, outputs, (value) => input.form.validateOutputs(value));
  if (problems.length > 0) {
    throw refuse.unsupported_capability(`this host cannot answer the outputs the ${input.form.ref.kind} Form declares: ${problems[0]}`);
  }
  if (outputs !== undefined) record.outputs = outputs;
  return record;
}

/** The next desired state of an existing incarnation, re-pinned to `relations`. */
export function withDesiredSpec(
  record: ResourceRecord,
  spec: JsonObject,
  specDigest: string,
  relations: RelationRecord[],
): { record: ResourceRecord; revisionMoved: boolean } {
  if (specDigest === record.specDigest) return { record: { ...record, relations }, revisionMoved: false };
  return {
    record: {
      ...record,
      spec,
      specDigest,
      relations,
      generation: nextDecimal(record.generation),
      revision: nextDecimal(record.revision),
    },
    revisionMoved: true,
  };
}

/** A host-side observation: the status changes, so the revision moves; the generation does not. */
export function withObservation(record: ResourceRecord): ResourceRecord {
  return { ...record, observations: record.observations + 1, revision: nextDecimal(record.revision) };
}
