// Host-computed status.outputs, per Form line (Declared outputs, decision 0025). A producer runs
// once, when an incarnation is created, and its result is stored with the resource: an output is
// host state of that incarnation, so it does not move when the spec, the status or anything else
// changes (the WorkerEndpoint address is immutable for the lifetime of its uid, decision 0024).
// A producer may refuse (e.g. a host that cannot assign an address): the create is then refused
// before any mutation.

import type { JsonObject } from "../../corpus/lib/index.js";
import { refuse, type HostError } from "../errors.js";
import { assignEndpointAddress } from "../rules/attachments/worker-endpoint-address.js";

export interface OutputContext {
  uid: string;
  name: string;
  space: string;
  spec: JsonObject;
}

export interface OutputOptions {
  /** DNS suffix under which host-assigned endpoint hostnames are minted. */
  endpointDomain: string;
}

export type OutputProducer = (context: OutputContext, options: OutputOptions) => JsonObject | HostError;

export const DEFAULT_ENDPOINT_DOMAIN = "endpoints.takoform.localhost";

/** The host-assigned HTTPS address of a WorkerEndpoint (rules/attachments/worker-endpoint-address.ts). */
const workerEndpointOutputs: OutputProducer = (context, options) => {
  const assigned = assignEndpointAddress(context.uid, options.endpointDomain);
  if (!assigned.ok) return refuse[assigned.code](assigned.message);
  return { hostname: assigned.address.hostname, url: assigned.address.url };
};

const PRODUCERS = new Map<string, OutputProducer>([
  ["edge.forms.takoform.com/v1beta1 WorkerEndpoint", workerEndpointOutputs],
]);

export function outputProducer(apiVersion: string, kind: string): OutputProducer | undefined {
  return PRODUCERS.get(`${apiVersion} ${kind}`);
}
