// The one error renderer: every HostError becomes the wire error envelope with the status its
// code fixes, retryable only where the taxonomy allows it, and Retry-After where relevant.
// Anything that is not a HostError is a host defect and answers internal_error (500); framework
// errors caused by the request (a malformed URL escape) are mapped to invalid_argument first, so
// client input never yields a 5xx.

import type { ErrorRequestHandler, RequestHandler } from "express";
import { HostError, refuse } from "../../errors.js";
import { errorEnvelopeBody, errorHeaders } from "../../wire/error-envelope.js";
import { respond } from "../respond.js";
import { stateOf } from "../state.js";

export function unknownRoute(): RequestHandler {
  return function noRoute(_req, _res, next) {
    next(refuse.resource_not_found("no route of this lane matches the request method and path"));
  };
}

export function errorEnvelope(report: (error: unknown) => void): ErrorRequestHandler {
  return function renderError(error: unknown, req, res, _next) {
    let hostError: HostError;
    if (error instanceof HostError) {
      hostError = error;
    } else if (error instanceof URIError || (isHttpError(error) && error.status >= 400 && error.status < 500)) {
      hostError = refuse.invalid_argument("the request could not be decoded");
    } else {
      report(error);
      hostError = refuse.internal_error("the host failed to answer this request");
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    const requestId = stateOf(req).requestId;
    respond(res, { status: hostError.status, body: errorEnvelopeBody(hostError, requestId) }, errorHeaders(hostError));
  };
}

function isHttpError(error: unknown): error is { status: number } {
  return typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number";
}
