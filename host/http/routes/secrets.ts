// Sensitive values, a takoform host extension OUTSIDE the portable lane (docs/decisions/0200-
// sensitive-values.md). Tenant-scoped like everything else: the tenant is the caller's credential.
//
//   GET    /x-takoform/v1/spaces/{space}/workers/{worker}/secrets          {secrets: [{name, updatedAt}]}
//   PUT    /x-takoform/v1/spaces/{space}/workers/{worker}/secrets/{NAME}   {"value": "..."} -> 201 | 200 {name, updatedAt}
//   DELETE /x-takoform/v1/spaces/{space}/workers/{worker}/secrets/{NAME}   204 | resource_not_found
//
// No answer and no log line ever carries a value; values are sealed at rest (host/secrets/seal.ts).

import { Router, type Request } from "express";
import type { HostContext } from "../../lifecycle/context.js";
import { decodeDocument, requireEmptyBody } from "../../wire/decode-body.js";
import { secretNameRule, secretSpaceRule, secretValueRule, secretWorkerRule } from "../../secrets/rules.js";
import type { SecretBox } from "../../secrets/seal.js";
import { deleteSecret, listSecrets, putSecret, type WorkerRef } from "../../secrets/store.js";
import { respond, respondJson } from "../respond.js";
import { bodyOf, scopeOf } from "../state.js";

export const SECRETS_PATH = "/x-takoform/v1/spaces/:space/workers/:worker/secrets";

function workerRef(req: Request): WorkerRef {
  const space = String(req.params.space);
  const worker = String(req.params.worker);
  const refusal = secretSpaceRule(space) ?? secretWorkerRule(worker);
  if (refusal !== undefined) throw refusal;
  return { space, worker };
}

function secretName(req: Request): string {
  const name = String(req.params.name);
  const refusal = secretNameRule(name);
  if (refusal !== undefined) throw refusal;
  return name;
}

export function secretRoutes(ctx: HostContext, box: SecretBox): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(SECRETS_PATH, (req, res) => {
    const scope = scopeOf(req);
    requireEmptyBody(bodyOf(req), "listing sensitive values");
    respondJson(res, 200, { secrets: listSecrets(ctx.store, scope, workerRef(req)) });
  });
  router.put(`${SECRETS_PATH}/:name`, async (req, res) => {
    const scope = scopeOf(req);
    const ref = workerRef(req);
    const name = secretName(req);
    const decoded = secretValueRule(decodeDocument(bodyOf(req)));
    if ("error" in decoded) throw decoded.error;
    const { created, summary } = await putSecret(ctx, box, scope, ref, name, decoded.value);
    respondJson(res, created ? 201 : 200, summary);
  });
  router.delete(`${SECRETS_PATH}/:name`, async (req, res) => {
    const scope = scopeOf(req);
    const ref = workerRef(req);
    const name = secretName(req);
    requireEmptyBody(bodyOf(req), "deleting a sensitive value");
    await deleteSecret(ctx, scope, ref, name);
    respond(res, { status: 204, body: "" });
  });
  return router;
}
