// Host errors over the closed taxonomy of Host API v1beta1 ("Errors").
//
// Every refusal the host gives is a HostError carrying exactly one ErrorCode from
// corpus/lib's taxonomy; the HTTP status is fixed by that code, and only the four codes the
// taxonomy lists as retryable may ever say retryable: true. One error middleware
// (http/middleware/error-envelope.ts) renders these into the wire error envelope, so a typo in a
// code is a type error rather than a silent internal_error at run time.
//
// A HostError is also the refusal a pure rule returns (host/rules/outcome.ts): `ok` is false, and
// `pointer` names the JSON pointer the refusal is about, which the error envelope renders as
// details.pointer. There is one `refuse`, with two spellings: `refuse.generation_conflict(message)`
// and, where the code is a value, `refuse(code, message, pointer)`.

import { ERROR_CODES, ERROR_STATUS, mayBeRetryable, type ErrorCode } from "../corpus/lib/index.js";

export interface HostErrorOptions {
  /** Non-portable host detail (errorBody.hostCode). */
  hostCode?: string;
  /** Structured detail (errorBody.details), e.g. validation diagnostics. */
  details?: unknown;
  /** Seconds for a Retry-After header; only honoured for retryable codes. */
  retryAfterSeconds?: number;
  /** The JSON pointer (in the request's spec, or in a manifest) the refusal is about. */
  pointer?: string;
}

export class HostError extends Error {
  /** A refusal is the failed outcome of a rule (host/rules/outcome.ts). */
  readonly ok = false as const;
  readonly code: ErrorCode;
  readonly pointer: string | undefined;
  readonly status: number;
  readonly retryable: boolean;
  readonly hostCode: string | undefined;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: HostErrorOptions = {}) {
    // A refusal (4xx) is an answer, not a fault, and nothing reads its stack: capturing one cost
    // 7 µs of each refused request (a tenant probing names pays it per 404). 5xx keep theirs.
    const limit = Error.stackTraceLimit;
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0;
    super(message.length > 0 ? message : code);
    Error.stackTraceLimit = limit;
    // Enumerable, so a refusal spread into a rule's report ({...refusal, executed}) keeps its message.
    Object.defineProperty(this, "message", { value: this.message, enumerable: true, writable: true, configurable: true });
    this.name = "HostError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.retryable = mayBeRetryable(code);
    this.hostCode = options.hostCode;
    this.details = options.details;
    this.retryAfterSeconds = this.retryable ? (options.retryAfterSeconds ?? 1) : undefined;
    this.pointer = options.pointer;
  }
}

export type HostErrorFactory = (message: string, options?: HostErrorOptions) => HostError;

export type Refuse = ((code: ErrorCode, message: string, pointer?: string) => HostError) & { readonly [C in ErrorCode]: HostErrorFactory };

/** The one refusal constructor: `refuse(code, message, pointer?)`, or one factory per code, `refuse.generation_conflict("...")`. */
export const refuse: Refuse = Object.freeze(
  Object.assign(
    (code: ErrorCode, message: string, pointer?: string) => new HostError(code, message, pointer === undefined ? {} : { pointer }),
    Object.fromEntries(ERROR_CODES.map((code) => [code, (message: string, options?: HostErrorOptions) => new HostError(code, message, options)])) as {
      [C in ErrorCode]: HostErrorFactory;
    },
  ),
);

export function isHostError(value: unknown): value is HostError {
  return value instanceof HostError;
}
