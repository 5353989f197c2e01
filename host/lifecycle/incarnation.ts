// How a stored resource changes. A create mints an incarnation at generation 1 and revision 1;
// generation moves only when the materialized desired spec changes, and revision moves on every
// representation change (Resource identity). A spec-identical apply moves nothing.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostForm } from "../catalog/host-form.js";
import { rfc3339 } from "../clock.js";
import { outputProducer, type OutputOptions } from "../outputs/producers.js";
import type { ResourceRecord } from "../store/records.js";
import type { TenantScope } from "../store/scope.js";
import { readyCondition } from "../wire/conditions.js";
import { nextDecimal } from "../wire/decimal.js";
import { HostError, refuse } from "../errors.js";
import { declaredOutputsExact } from "../rules/declared-outputs/declared-outputs-exact.js";

export interface NewIncarnation {
  scope: TenantScope;
  form: HostForm;
  space: string;
  name: string;
  uid: string;
  spec: JsonObject;
  specDigest: string;
  nativeId?: string;
  now: Date;
  outputs: OutputOptions;
}

export function readyMessage(generation: string, observations: number): string {
  const base = `The host holds the desired state of generation ${generation}.`;
  return observations === 0 ? base : `${base} Host observation ${observations}.`;
}

export function newIncarnation(input: NewIncarnation): ResourceRecord {
  const at = rfc3339(input.now);
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
    conditions: [readyCondition(at, readyMessage("1", 0))],
    observations: 0,
    createdAt: at,
  };
  if (input.nativeId !== undefined) record.nativeId = input.nativeId;
  const producer = input.form.declaresOutputs ? outputProducer(input.form.ref.apiVersion, input.form.ref.kind) : undefined;
  const outputs = producer?.({ uid: input.uid, name: input.name, space: input.space, spec: input.spec }, input.outputs);
  if (outputs instanceof HostError) throw outputs;
  const problems = declaredOutputsExact(input.form.declaresOutputs, outputs, (value) => input.form.validateOutputs(value));
  if (problems.length > 0) {
    throw refuse.unsupported_capability(`this host cannot answer the outputs the ${input.form.ref.kind} Form declares: ${problems[0]}`);
  }
  if (outputs !== undefined) record.outputs = outputs;
  return record;
}

/** The next desired state of an existing incarnation; the same record when nothing changes. */
export function withDesiredSpec(record: ResourceRecord, spec: JsonObject, specDigest: string): ResourceRecord {
  if (specDigest === record.specDigest) return record;
  const generation = nextDecimal(record.generation);
  return {
    ...record,
    spec,
    specDigest,
    generation,
    revision: nextDecimal(record.revision),
    conditions: record.conditions.map((condition) =>
      condition.type === "Ready" ? { ...condition, message: readyMessage(generation, record.observations) } : condition,
    ),
  };
}

/** A host-side observation: the status changes, so the revision moves; the generation does not. */
export function withObservation(record: ResourceRecord): ResourceRecord {
  const observations = record.observations + 1;
  return {
    ...record,
    observations,
    revision: nextDecimal(record.revision),
    conditions: record.conditions.map((condition) =>
      condition.type === "Ready" ? { ...condition, message: readyMessage(record.generation, observations) } : condition,
    ),
  };
}
