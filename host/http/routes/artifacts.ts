// The artifact routes (artifact-transport): uploads, blobs, commit, manifest read, blob probe.

import { Router, type Request } from "express";
import { abandonUpload, commitUpload, headBlob, putBlob, readManifest, startUpload } from "../../lifecycle/artifact-upload/artifact-upload.js";
import type { HostContext, MutationEnvelope } from "../../lifecycle/context.js";
import { decodeDocument, requireEmptyBody } from "../../wire/decode-body.js";
import { respond } from "../respond.js";
import { bodyOf, headerOf, rawTarget, scopeOf, stateOf } from "../state.js";
import { API_PATH } from "./discovery.js";
import { prefersRespondAsync } from "../prefer.js";

const ARTIFACTS = `${API_PATH}/artifacts`;

function envelopeOf(req: Request): MutationEnvelope {
  const state = stateOf(req);
  const envelope: MutationEnvelope = { scope: scopeOf(req), requestId: state.requestId, method: req.method, target: rawTarget(req), body: bodyOf(req) };
  const key = headerOf(req, "Idempotency-Key");
  if (key !== undefined) envelope.idempotencyKey = key;
  if (state.probe === "async") envelope.probe = state.probe;
  if (state.probe === "async" || prefersRespondAsync(req)) envelope.async = true;
  return envelope;
}

export function artifactRoutes(ctx: HostContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.post(`${ARTIFACTS}/uploads`, async (req, res) => {
    const envelope = envelopeOf(req);
    respond(res, await startUpload(ctx, envelope, () => decodeDocument(envelope.body)));
  });
  router.put(`${ARTIFACTS}/uploads/:uploadId/blobs/:sha256`, async (req, res) => {
    respond(res, await putBlob(ctx, scopeOf(req), String(req.params.uploadId), String(req.params.sha256), bodyOf(req)));
  });
  router.post(`${ARTIFACTS}/uploads/:uploadId/commit`, async (req, res) => {
    const envelope = envelopeOf(req);
    requireEmptyBody(envelope.body, "commit");
    respond(res, await commitUpload(ctx, envelope, String(req.params.uploadId)));
  });
  router.delete(`${ARTIFACTS}/uploads/:uploadId`, async (req, res) => {
    const envelope = envelopeOf(req);
    requireEmptyBody(envelope.body, "abandon");
    respond(res, await abandonUpload(ctx, envelope, String(req.params.uploadId)));
  });
  router.head(`${ARTIFACTS}/blobs/:sha256`, (req, res) => {
    res.status(headBlob(ctx, scopeOf(req), String(req.params.sha256))).end();
  });
  router.get(`${ARTIFACTS}/:manifestDigest`, (req, res) => {
    respond(res, readManifest(ctx, scopeOf(req), String(req.params.manifestDigest)));
  });
  return router;
}
