// Path shape: the raw request path is checked before routing decodes it.

import type { RequestHandler } from "express";
import { noPercentEncodedSlash } from "../../rules/path-shape/no-percent-encoded-slash.js";
import { rawPath } from "../state.js";

export function rejectEncodedSlashes(): RequestHandler {
  return function checkRawPath(req, _res, next) {
    const outcome = noPercentEncodedSlash(rawPath(req));
    next(outcome.ok ? undefined : outcome);
  };
}
