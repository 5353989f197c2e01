// The wire error envelope: {"error": {code, message, requestId, retryable, hostCode?, details?}}.

import type { HostError } from "../errors.js";

export function errorEnvelopeBody(error: HostError, requestId: string): string {
  const body: Record<string, unknown> = {
    code: error.code,
    message: error.message,
    requestId,
    retryable: error.retryable,
  };
  if (error.hostCode !== undefined) body.hostCode = error.hostCode;
  if (error.details !== undefined) body.details = error.details;
  else if (error.pointer !== undefined) body.details = { pointer: error.pointer };
  return JSON.stringify({ error: body });
}

export function errorHeaders(error: HostError): Record<string, string> {
  return error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
}
