// Host-computed status.outputs (Declared outputs, decision 0025). A kind module's producer
// (KindBehaviour.outputs, host/kinds) runs once, when an incarnation is created, and its result
// is stored with the resource: an output is
// host state of that incarnation, so it does not move when the spec, the status or anything else
// changes (an assigned endpoint address is immutable for the lifetime of its uid, decision 0024).
// A producer may refuse (e.g. a host that cannot assign an address): the create is then refused
// before any mutation.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostError } from "../errors.js";

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
