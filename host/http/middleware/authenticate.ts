// Authentication runs before anything else reads the request: the tenant comes from the bearer
// credential and nowhere else, and a request without one is refused unauthenticated (401) on
// every surface, read and mutating alike.

import type { RequestHandler } from "express";
import type { Authenticator } from "../../auth/authenticate.js";
import { HostError, refuse } from "../../errors.js";
import { stateOf } from "../state.js";

export function authenticate(authenticator: Authenticator): RequestHandler {
  return function authenticateBearer(req, res, next) {
    // Node keeps only the first of repeated Authorization headers; a proxy may use the last.
    if (headerCount(req.rawHeaders, "authorization") > 1) {
      next(refuse.invalid_argument("the request carries more than one Authorization header; send exactly one"));
      return;
    }
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

/** How many times a header (lower-case name) appears in Node's rawHeaders list. */
export function headerCount(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const header = rawHeaders[i]!;
    if (header.length === name.length && header.toLowerCase() === name) count++;
  }
  return count;
}
