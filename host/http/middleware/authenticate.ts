// Authentication runs before anything else reads the request: the tenant comes from the bearer
// credential and nowhere else, and a request without one is refused unauthenticated (401) on
// every surface, read and mutating alike.

import type { RequestHandler } from "express";
import type { Authenticator } from "../../auth/authenticate.js";
import { HostError } from "../../errors.js";
import { stateOf } from "../state.js";

export function authenticate(authenticator: Authenticator): RequestHandler {
  return function authenticateBearer(req, res, next) {
    const result = authenticator(req.headers.authorization);
    if (result instanceof HostError) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="takoform"');
      next(result);
      return;
    }
    stateOf(req).scope = result;
    next();
  };
}
