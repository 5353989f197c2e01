// The resource representation (resourceResponse of the wire schema), rendered from the stored
// record under the exact FormRef it RECORDS -- never under whichever definition of its kind is
// installed now (decision 0022 rule 3). The nativeId is never rendered (decision 0011).
// RenderedResource is the host's spelling of the wire schema's resourceResponse; the host may not
// import generated/ (the one-way pipeline), so test/unit/host/wire-types.test.ts holds the two
// to each other at compile time: a member the schema lacks or requires breaks that test.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { ResourceRecord } from "../store/records.js";
import type { Condition } from "./conditions.js";

export type RenderedResource = {
  apiVersion: string;
  kind: string;
  form: { formRef: ResourceRecord["ref"]; packageDigest?: string };
  metadata: { name: string; space: string; uid: string; generation: string; revision: string };
  spec: JsonObject;
  status: { observedGeneration: string; conditions: Condition[]; outputs?: JsonObject };
};

export function renderResource(record: ResourceRecord): RenderedResource {
  return {
    apiVersion: record.ref.apiVersion,
    kind: record.ref.kind,
    form: { formRef: { ...record.ref }, ...(record.packageDigest === undefined ? {} : { packageDigest: record.packageDigest }) },
    metadata: {
      name: record.name,
      space: record.space,
      uid: record.uid,
      generation: record.generation,
      revision: record.revision,
    },
    spec: record.spec,
    status: {
      observedGeneration: record.generation,
      conditions: record.conditions.map((condition) => ({ ...condition })),
      ...(record.outputs === undefined ? {} : { outputs: record.outputs }),
    },
  };
}
