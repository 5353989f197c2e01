// The closed error taxonomy of Host API v1beta1: every error envelope carries exactly one of
// these codes, with the HTTP status fixed per code. Only four codes may ever be retryable.

export const ERROR_STATUS = {
  invalid_argument: 400,
  unauthenticated: 401,
  permission_denied: 403,
  form_unknown: 404,
  form_not_installed: 409,
  form_unavailable: 409,
  form_identity_conflict: 409,
  resource_not_found: 404,
  resource_busy: 409,
  import_conflict: 409,
  policy_denied: 403,
  backend_unavailable: 503,
  internal_error: 500,
  rate_limited: 429,
  deadline_exceeded: 504,
  operation_cancelled: 409,
  operation_not_found: 404,
  dependency_in_use: 409,
  deletion_protected: 409,
  artifact_missing: 404,
  artifact_invalid: 400,
  unsupported_capability: 422,
  migration_required: 409,
  uid_mismatch: 409,
  revision_conflict: 412,
  generation_conflict: 412,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** All codes, in the order the wire schema lists them. */
export const ERROR_CODES = Object.freeze(Object.keys(ERROR_STATUS) as ErrorCode[]);

/** The only codes whose envelope may say retryable: true. */
export const RETRYABLE_CODES = Object.freeze([
  "resource_busy",
  "backend_unavailable",
  "rate_limited",
  "deadline_exceeded",
] as const satisfies readonly ErrorCode[]);

export type RetryableCode = (typeof RETRYABLE_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}

export function mayBeRetryable(code: ErrorCode): code is RetryableCode {
  return (RETRYABLE_CODES as readonly string[]).includes(code);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
