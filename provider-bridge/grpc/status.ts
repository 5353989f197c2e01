// gRPC status codes this server answers with, and the error type handlers throw.

export const Status = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** Thrown by a handler to end the call with a non-OK status. Domain errors are diagnostics, not this. */
export class GrpcError extends Error {
  constructor(
    readonly code: StatusCode,
    message: string,
  ) {
    super(message);
  }
}

/** grpc-message is percent-encoded UTF-8 (gRPC over HTTP/2, "Responses"). */
export function encodeGrpcMessage(message: string): string {
  let out = "";
  for (const byte of Buffer.from(message, "utf8")) {
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}
