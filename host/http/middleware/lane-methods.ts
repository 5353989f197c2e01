// The lane's routes use GET, HEAD, POST, PUT and DELETE only. Any other method is answered like
// every request no route matches (resource_not_found, in the envelope) before the router sees it:
// Express would otherwise answer OPTIONS on a known path itself, 200 with a text/plain Allow list,
// which is neither an I-JSON document nor a taxonomy refusal.

import type { RequestHandler } from "express";
import { refuse } from "../../errors.js";

const LANE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE"]);

export function laneMethodsOnly(): RequestHandler {
  return function checkMethod(req, _res, next) {
    if (LANE_METHODS.has(req.method)) return next();
    next(refuse.resource_not_found("no route of this lane matches the request method and path"));
  };
}
