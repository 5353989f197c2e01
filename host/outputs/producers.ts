// Host-computed status.outputs, per Form line (Declared outputs, decision 0025). A producer runs
// once, when an incarnation is created, and its result is stored with the resource: an output is
// host state of that incarnation, so it does not move when the spec, the status or anything else
// changes (the WorkerEndpoint address is immutable for the lifetime of its uid, decision 0024).

import { createHash } from "node:crypto";
import type { JsonObject } from "../../corpus/lib/index.js";

export interface OutputContext {
  uid: string;
  name: string;
  space: string;
  spec: JsonObject;
}

export type OutputProducer = (context: OutputContext, options: OutputOptions) => JsonObject;

export interface OutputOptions {
  /** DNS suffix under which host-assigned endpoint hostnames are minted. */
  endpointDomain: string;
}

export const DEFAULT_ENDPOINT_DOMAIN = "endpoints.takoform.localhost";

/** A host-assigned HTTPS address: one DNS label derived from the uid, under the endpoint domain. */
const workerEndpointOutputs: OutputProducer = (context, options) => {
  const label = "ep-" + createHash("sha256").update(context.uid).digest("hex").slice(0, 20);
  const hostname = `${label}.${options.endpointDomain}`;
  return { hostname, url: `https://${hostname}/` };
};

const PRODUCERS = new Map<string, OutputProducer>([
  ["edge.forms.takoform.com/v1beta1 WorkerEndpoint", workerEndpointOutputs],
]);

export function outputProducer(apiVersion: string, kind: string): OutputProducer | undefined {
  return PRODUCERS.get(`${apiVersion} ${kind}`);
}
