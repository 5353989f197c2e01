// Discovery (check: discovery-exact): GET /.well-known/takoform/v1beta1. Every advertised
// endpoint is same-origin with the api endpoint and carries no percent-encoding, userinfo, query
// or fragment. The origin is --public-url when configured, else the loopback origin the client
// addressed (discovery-origin.ts); never cached, and varying with Host.

import { Router, type Request } from "express";
import { discoveryOrigin } from "../discovery-origin.js";
import { respondJson } from "../respond.js";

export const DISCOVERY_PATH = "/.well-known/takoform/v1beta1";
export const API_PATH = "/apis/forms.takoform.com/v1beta1";

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

export function discoveryRoutes(fallbackOrigin: () => string, publicUrl?: string): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(DISCOVERY_PATH, (req: Request, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Host");
    const origin = discoveryOrigin(req.headers.host, publicUrl, fallbackOrigin());
    if (typeof origin !== "string") {
      next(origin);
      return;
    }
    respondJson(res, 200, discoveryDocument(origin));
  });
  return router;
}
