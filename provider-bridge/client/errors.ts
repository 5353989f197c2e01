// Failures talking to the host. A HostError is the host's own answer: one
// code of the closed taxonomy, its message and requestId. A TransportError is
// everything else (no answer, a timeout, a body that is not the wire format).
import { isErrorCode, mayBeRetryable, type ErrorCode } from "../../corpus/lib/taxonomy.js";

export class HostError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly requestId: string | undefined,
    /** The host's own flag, honoured only for the four codes that may be retryable. */
    readonly retryable: boolean,
    readonly hostCode: string | undefined,
    readonly details: unknown,
    /** From Retry-After, when the host sent one. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
  }
}

export class TransportError extends Error {}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The error envelope of a non-2xx answer, or a TransportError when it is not one. */
export function hostErrorFrom(status: number, body: unknown, retryAfterMs: number | undefined): HostError | TransportError {
  const e = isObject(body) ? body["error"] : undefined;
  if (!isObject(e) || !isErrorCode(e["code"]) || typeof e["message"] !== "string") {
    return new TransportError(`the host answered ${status} without a Host API error envelope`);
  }
  const code = e["code"];
  const retryable = e["retryable"] === true && mayBeRetryable(code);
  return new HostError(
    status,
    code,
    e["message"],
    typeof e["requestId"] === "string" ? e["requestId"] : undefined,
    retryable,
    typeof e["hostCode"] === "string" ? e["hostCode"] : undefined,
    e["details"],
    retryAfterMs,
  );
}
