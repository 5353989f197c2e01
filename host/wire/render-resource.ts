// The resource representation (resourceResponse of the wire schema), rendered from the stored
// record under the exact FormRef it RECORDS -- never under whichever definition of its kind is
// installed now (decision 0022 rule 3). The nativeId is never rendered (decision 0011).

import type { JsonObject } from "../../corpus/lib/index.js";
import type { ResourceRecord } from "../store/records.js";

export function renderResource(record: ResourceRecord): JsonObject {
  const form: JsonObject = { formRef: { ...record.ref } };
  if (record.packageDigest !== undefined) form.packageDigest = record.packageDigest;
  const status: JsonObject = {
    observedGeneration: record.generation,
    conditions: record.conditions.map((condition) => ({ ...condition })),
  };
  if (record.outputs !== undefined) status.outputs = record.outputs;
  return {
    apiVersion: record.ref.apiVersion,
    kind: record.ref.kind,
    form,
    metadata: {
      name: record.name,
      space: record.space,
      uid: record.uid,
      generation: record.generation,
      revision: record.revision,
    },
    spec: record.spec,
    status,
  };
}
