// The Lifecycle routes under {api}/resources. The name-addressed surfaces are listed once, in
// NAME_ADDRESSED_SURFACES, so a test can hold them against the tenant-isolation checks: every
// route that takes a resource name resolves it inside the caller's tenant (decision 0028).

import { Router, type Request } from "express";
import { HostError } from "../../errors.js";
import { applyResource } from "../../lifecycle/verbs/apply.js";
import type { HostContext, MutationEnvelope } from "../../lifecycle/context.js";
import { deleteResource } from "../../lifecycle/verbs/delete.js";
import { importResource } from "../../lifecycle/verbs/import.js";
import { observeResource } from "../../lifecycle/verbs/observe.js";
import { prepareResource } from "../../lifecycle/verbs/prepare.js";
import { readResource } from "../../lifecycle/verbs/read.js";
import { validateResource } from "../../lifecycle/verbs/validate.js";
import type { NameAddress } from "../../lifecycle/verbs/addressed.js";
import type { PathIdentity } from "../../rules/path-shape/body-identity-matches-path.js";
import { decodeResourceRequest } from "../../wire/resource-request.js";
import { bodySpace, decodeDocument, requireEmptyBody } from "../../wire/decode-body.js";
import { API_PATH } from "./discovery.js";
import { exactQueryOf } from "../exact-query-cache.js";
import { respond } from "../respond.js";
import { routeMatcher, type DirectRoute, type RouteParams } from "../direct-route.js";
import { bodyOf, headerOf, rawQuery, rawTarget, scopeOf, stateOf } from "../state.js";
import { prefersRespondAsync } from "../prefer.js";

const NAMED = `${API_PATH}/resources/:formGroup/:formVersion/:kind/:name`;

/** Every route that takes a resource name, with the tenant-isolation check that measures it. */
export const NAME_ADDRESSED_SURFACES = [
  { method: "GET", path: NAMED, check: "resource-read-is-tenant-isolated" },
  { method: "POST", path: `${NAMED}/observe`, check: "resource-observe-is-tenant-isolated" },
  { method: "PUT", path: NAMED, check: "resource-update-is-tenant-isolated" },
  { method: "POST", path: `${NAMED}/import`, check: "resource-import-is-tenant-isolated" },
  { method: "DELETE", path: NAMED, check: "resource-delete-is-tenant-isolated" },
] as const;

function pathIdentity(req: Request, params: RouteParams = req.params as RouteParams): PathIdentity {
  return {
    apiVersion: `${params.formGroup}/${params.formVersion}`,
    kind: String(params.kind),
    name: String(params.name),
  };
}

function nameAddress(req: Request, params?: RouteParams): NameAddress {
  const path = pathIdentity(req, params);
  const exact = exactQueryOf(rawQuery(req), path);
  if (exact instanceof HostError) throw exact;
  return { space: exact.space, ref: exact.ref, name: path.name };
}

function envelopeOf(req: Request): MutationEnvelope {
  const state = stateOf(req);
  const envelope: MutationEnvelope = {
    scope: scopeOf(req),
    requestId: state.requestId,
    method: req.method,
    target: rawTarget(req),
    body: bodyOf(req),
  };
  const key = headerOf(req, "Idempotency-Key");
  const ifMatch = headerOf(req, "If-Match");
  const ifNoneMatch = headerOf(req, "If-None-Match");
  const generation = headerOf(req, "Takoform-Expected-Generation");
  if (key !== undefined) envelope.idempotencyKey = key;
  if (ifMatch !== undefined) envelope.ifMatch = ifMatch;
  if (ifNoneMatch !== undefined) envelope.ifNoneMatch = ifNoneMatch;
  if (generation !== undefined) envelope.expectedGeneration = generation;
  if (state.probe !== undefined) envelope.probe = state.probe;
  if (state.probe === "async" || prefersRespondAsync(req)) envelope.async = true;
  return envelope;
}

const PREPARE = API_PATH + "/resources/prepare";

/** The routes of a read, a create's prepare and an apply, served directly as well (direct-route.ts). */
export interface ResourceDirectRoutes {
  read: DirectRoute;
  prepare: DirectRoute;
  apply: DirectRoute;
}

/**
 * The handlers of a read, a prepare and an apply: the Express router below and the host's direct
 * routes (http/direct-route.ts) run these same objects.
 */
export function directResourceRoutes(ctx: HostContext): ResourceDirectRoutes {
  return {
    read: {
      path: NAMED,
      match: routeMatcher("GET", NAMED),
      async handle(req, res, params) {
        respond(res, await readResource(ctx, scopeOf(req), nameAddress(req, params)));
      },
    },
    prepare: {
      path: PREPARE,
      match: routeMatcher("POST", PREPARE),
      async handle(req, res) {
        const request = decodeResourceRequest(decodeDocument(bodyOf(req)), "resource");
        respond(res, await prepareResource(ctx, scopeOf(req), request, headerOf(req, "Takoform-Expected-Generation")));
      },
    },
    apply: {
      path: NAMED,
      match: routeMatcher("PUT", NAMED),
      async handle(req, res, params) {
        const envelope = envelopeOf(req);
        const document = decodeDocument(envelope.body);
        const space = bodySpace(document);
        respond(res, await applyResource(ctx, envelope, space, () => decodeResourceRequest(document, "apply"), pathIdentity(req, params)));
      },
    },
  };
}

export function resourceRoutes(ctx: HostContext, direct: ResourceDirectRoutes = directResourceRoutes(ctx)): Router {
  const router = Router({ caseSensitive: true, strict: true });

  router.post(API_PATH + "/resources/validate", (req, res) => {
    const request = decodeResourceRequest(decodeDocument(bodyOf(req)), "resource");
    respond(res, validateResource(ctx, request));
  });

  const { read, prepare, apply } = direct;
  router.post(PREPARE, (req, res) => prepare.handle(req, res, req.params as RouteParams));
  router.put(NAMED, (req, res) => apply.handle(req, res, req.params as RouteParams));
  router.get(NAMED, (req, res) => read.handle(req, res, req.params as RouteParams));

  router.post(`${NAMED}/import`, async (req, res) => {
    const envelope = envelopeOf(req);
    const document = decodeDocument(envelope.body);
    const space = bodySpace(document);
    respond(res, await importResource(ctx, envelope, space, () => decodeResourceRequest(document, "import"), pathIdentity(req)));
  });

  router.post(`${NAMED}/observe`, async (req, res) => {
    const envelope = envelopeOf(req);
    requireEmptyBody(envelope.body, "observe");
    respond(res, await observeResource(ctx, envelope, nameAddress(req)));
  });

  router.delete(NAMED, async (req, res) => {
    const envelope = envelopeOf(req);
    requireEmptyBody(envelope.body, "delete");
    respond(res, await deleteResource(ctx, envelope, nameAddress(req)));
  });

  return router;
}
