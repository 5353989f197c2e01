// HTTP/1.1 requires a Host header (RFC 9112 section 3.2: a request lacking one is answered 400).
// Node would answer that itself with a bare 400 outside the taxonomy; the server lets such a
// request through (client-errors.ts) and it is refused here, invalid_argument, in the envelope.

import type { RequestHandler } from "express";
import { refuse } from "../../errors.js";

export function requireHostHeader(): RequestHandler {
  return function checkHostHeader(req, _res, next) {
    if (req.httpVersion === "1.1" && req.headers.host === undefined) {
      next(refuse.invalid_argument("an HTTP/1.1 request must carry a Host header"));
      return;
    }
    next();
  };
}
