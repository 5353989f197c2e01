// The resource listing, a takoform host extension OUTSIDE the portable v1beta1 lane (its path is
// not under {api}, and discovery does not advertise it): GET /x-takoform/v1/resources
// ?space=&kind=&cursor=&limit=. Same bearer credential and tenant scope as the lane. The page
// carries a strong ETag of its bytes; If-None-Match with it answers 304, so a poller (the console)
// pays one hash per poll and redraws only on change.

import { createHash } from "node:crypto";
import { Router } from "express";
import { HostError } from "../../errors.js";
import type { HostContext } from "../../lifecycle/context.js";
import { listResources } from "../../listing/list.js";
import { listingPairs, listingQuery } from "../../listing/query.js";
import { respond } from "../respond.js";
import { headerOf, rawQuery, scopeOf } from "../state.js";

export const LISTING_PATH = "/x-takoform/v1/resources";

/** Whether an If-None-Match header names this entity tag (a list, or "*"). */
export function noneMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag;
  });
}

export function listingRoutes(ctx: HostContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const kinds = [...new Set(ctx.catalog.forms().map((form) => form.ref.kind))].sort();
  router.get(LISTING_PATH, async (req, res) => {
    const pairs = listingPairs(rawQuery(req));
    if (pairs instanceof HostError) throw pairs;
    const query = listingQuery(pairs, kinds);
    if (query instanceof HostError) throw query;
    const page = await listResources(ctx, scopeOf(req), query);
    if (page instanceof HostError) throw page;
    const body = JSON.stringify(page);
    const etag = `"${createHash("sha256").update(body).digest("base64url")}"`;
    const headers = { "Cache-Control": "no-store" };
    if (noneMatches(headerOf(req, "If-None-Match"), etag)) respond(res, { status: 304, etag, body: "" }, headers);
    else respond(res, { status: 200, etag, body }, headers);
  });
  return router;
}
