// Shared wire rules, "replay fingerprinting": the fingerprint binds the method, the exact request
// target, the generation/revision preconditions and the exact request body bytes. Reusing a key
// for a request with another fingerprint fails invalid_argument.

import { createHash } from "node:crypto";

export interface FingerprintedRequest {
  method: string;
  /** The raw request target: path and query exactly as received. */
  target: string;
  ifMatch?: string;
  ifNoneMatch?: string;
  expectedGeneration?: string;
  body: Uint8Array;
}

export function requestFingerprint(request: FingerprintedRequest): string {
  const hash = createHash("sha256");
  for (const part of [request.method, request.target, request.ifMatch ?? "", request.ifNoneMatch ?? "", request.expectedGeneration ?? ""]) {
    hash.update(String(Buffer.byteLength(part)) + ":" + part + "\n");
  }
  hash.update(request.body);
  return "sha256:" + hash.digest("hex");
}
