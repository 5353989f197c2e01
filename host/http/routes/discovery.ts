// Discovery (check: discovery-exact): GET /.well-known/takoform/v1beta1. Every advertised
// endpoint is same-origin with the api endpoint and carries no percent-encoding, userinfo, query
// or fragment. The origin is the one the client addressed (its Host header) when that is a plain
// host[:port], and the host's own listening origin otherwise.

import { Router, type Request } from "express";
import { respondJson } from "../respond.js";

export const DISCOVERY_PATH = "/.well-known/takoform/v1beta1";
export const API_PATH = "/apis/forms.takoform.com/v1beta1";
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

export function discoveryDocument(origin: string): Record<string, unknown> {
  const api = origin + API_PATH;
  return {
    api_versions: ["forms.takoform.com/v1beta1"],
    features: {
      service_forms: true,
      exact_form_ref: true,
      optimistic_concurrency: true,
      idempotent_lifecycle: true,
      operations: true,
      artifact_upload: true,
      support_profiles: true,
    },
    endpoints: { api, artifacts: api + "/artifacts", operations: api + "/operations", support: api + "/support" },
  };
}

export function discoveryRoutes(fallbackOrigin: () => string): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(DISCOVERY_PATH, (req: Request, res) => {
    const host = req.headers.host;
    const origin = host !== undefined && HOST_HEADER.test(host) ? `http://${host}` : fallbackOrigin();
    respondJson(res, 200, discoveryDocument(origin));
  });
  return router;
}
