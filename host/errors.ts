// Host errors over the closed taxonomy of Host API v1beta1 ("Errors").
//
// Every refusal the host gives is a HostError carrying exactly one ErrorCode from
// corpus/lib's taxonomy; the HTTP status is fixed by that code, and only the four codes the
// taxonomy lists as retryable may ever say retryable: true. One error middleware
// (http/middleware/error-envelope.ts) renders these into the wire error envelope, so a typo in a
// code is a type error rather than a silent internal_error at run time.

import { ERROR_CODES, ERROR_STATUS, mayBeRetryable, type ErrorCode } from "../corpus/lib/index.js";

export interface HostErrorOptions {
  /** Non-portable host detail (errorBody.hostCode). */
  hostCode?: string;
  /** Structured detail (errorBody.details), e.g. validation diagnostics. */
  details?: unknown;
  /** Seconds for a Retry-After header; only honoured for retryable codes. */
  retryAfterSeconds?: number;
}

export class HostError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly hostCode: string | undefined;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: HostErrorOptions = {}) {
    super(message.length > 0 ? message : code);
    this.name = "HostError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.retryable = mayBeRetryable(code);
    this.hostCode = options.hostCode;
    this.details = options.details;
    this.retryAfterSeconds = this.retryable ? (options.retryAfterSeconds ?? 1) : undefined;
  }
}

export type HostErrorFactory = (message: string, options?: HostErrorOptions) => HostError;

/** One factory per code of the closed taxonomy: `refuse.generation_conflict("...")`. */
export const refuse: { readonly [C in ErrorCode]: HostErrorFactory } = Object.freeze(
  Object.fromEntries(
    ERROR_CODES.map((code) => [code, (message: string, options?: HostErrorOptions) => new HostError(code, message, options)]),
  ) as { [C in ErrorCode]: HostErrorFactory },
);

export function isHostError(value: unknown): value is HostError {
  return value instanceof HostError;
}
