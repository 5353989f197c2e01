// Content digests used throughout the corpus and the host.
//
// - canonicalJson: RFC 8785 (JSON Canonicalization Scheme) text of a JSON value.
// - canonicalDigest: "sha256:" + hex SHA-256 over the UTF-8 bytes of that text. This is how a
//   definition's schemaDigest, a package's packageDigest and a spec's specDigest are computed.
// - fileDigest: "sha256:" + hex SHA-256 over raw bytes (package-index file entries, artifacts).

import { hash } from "node:crypto";
import canonicalize from "canonicalize";

export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** RFC 8785 canonical JSON text. Throws on values JSON cannot carry (NaN, Infinity, lone surrogates, undefined root). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) {
    throw new TypeError("canonicalJson: value has no JSON representation");
  }
  return text;
}

/** "sha256:<hex>" of the RFC 8785 canonical form of a JSON value. */
export function canonicalDigest(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** "sha256:<hex>" of raw bytes (a string is hashed as its UTF-8 encoding). */
export function fileDigest(bytes: Uint8Array | string): string {
  return sha256Hex(bytes);
}

/** True iff `digest` is a well-formed "sha256:" + 64 lowercase hex digest. */
export function isDigest(digest: unknown): digest is string {
  return typeof digest === "string" && DIGEST_PATTERN.test(digest);
}

function sha256Hex(data: Uint8Array | string): string {
  return "sha256:" + hash("sha256", data, "hex");
}
