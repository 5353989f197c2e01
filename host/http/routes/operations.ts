// GET {api}/operations/{id} and POST {api}/operations/{id}/cancel.

import { Router } from "express";
import { cancelOperation, readOperation } from "../../lifecycle/operations/operation-commit.js";
import type { HostContext } from "../../lifecycle/context.js";
import { requireEmptyBody } from "../../wire/decode-body.js";
import { respond } from "../respond.js";
import { bodyOf, headerOf, scopeOf } from "../state.js";
import { API_PATH } from "./discovery.js";

export function operationRoutes(ctx: HostContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(`${API_PATH}/operations/:id`, async (req, res) => {
    respond(res, await readOperation(ctx, scopeOf(req), String(req.params.id)));
  });
  router.post(`${API_PATH}/operations/:id/cancel`, async (req, res) => {
    requireEmptyBody(bodyOf(req), "cancel");
    respond(res, await cancelOperation(ctx, scopeOf(req), String(req.params.id), headerOf(req, "Idempotency-Key")));
  });
  return router;
}
