// The egress worker: the one way out of workerd for tenant code. Every tenant version's outbound
// requests (`fetch` to anything that is not a binding, and `connect()`) go through it; it removes
// the `CF-Connecting-IP` the incoming request carried (as Miniflare's per-worker strip worker did)
// and sends the request on over a network that allows publicly routable addresses only, so tenant
// code never reaches this machine (the Host API, workerd's entry socket, a database) or a private
// network (docs/decisions/0298-tenant-traffic-and-egress-boundaries.md).
//
// One worker for every tenant instead of Miniflare's strip worker beside each version: a network
// service with the browsers' CAs builds its TLS trust store at every workerd start (about 7 ms
// each here), and a strip worker is an isolate.

import type { WorkerOptions } from "miniflare";
import { EGRESS_WORKER } from "./names.js";
import { COMPATIBILITY_DATE, HOST_WORKER } from "./projection.js";

/** Where tenant code's outbound requests may go: public addresses, TLS trusting the browsers' CAs. */
export const PUBLIC_NETWORK: NonNullable<WorkerOptions["outboundService"]> = {
  network: { allow: ["public"], deny: [], tlsOptions: { trustBrowserCas: true } },
};

export const EGRESS_OPTIONS: WorkerOptions = {
  ...HOST_WORKER,
  name: EGRESS_WORKER,
  compatibilityDate: COMPATIBILITY_DATE,
  // connect() of tenant code passes through to the network (as through Miniflare's strip worker)
  compatibilityFlags: ["connect_pass_through", "experimental"],
  modules: true,
  // workerd reports a refused or failed connection to tenant code as "internal error; reference
  // = ...", and the reason only on the host's stderr: a TypeError that names the destination and
  // the rule replaces it (a TypeError, as fetch's network errors are; workerd carries a thrown
  // error's class and message across the binding). An abort stays the tenant's own AbortError.
  script: `export default {
  fetch(request) {
    const headers = new Headers(request.headers);
    headers.delete("cf-connecting-ip");
    return fetch(request, { headers }).catch((cause) => {
      if (cause?.name === "AbortError") throw cause;
      throw new TypeError(
        "takoform egress: the request to " + new URL(request.url).host + " did not complete. Workers reach public addresses only: " +
          "this machine, loopback, private and link-local addresses are refused; a public destination that did not answer fails the same way (" +
          String(cause?.message ?? cause) + ")",
      );
    });
  },
};`,
  outboundService: PUBLIC_NETWORK,
};
