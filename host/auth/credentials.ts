// Bearer credentials: {"credentials":[{"token" | "tokenSha256", "tenant", "principal"}, ...]}.
// The tenant of a request comes from its credential and from nowhere else (Tenant isolation).
//
// A credential names its token in one of two forms (docs/decisions/0085-hashed-credentials.md):
//   "token":       the token itself (kept for compatibility and for the development credential);
//   "tokenSha256": the lowercase hex SHA-256 of the token's UTF-8 bytes, so the file never holds
//                  a usable secret. Create one with `printf %s "$TOKEN" | sha256sum`.
// Both are compared the same way: as SHA-256 digests, in constant time (authenticate.ts).

import { hash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseIJson } from "../../corpus/lib/index.js";

export interface Credential {
  /** The token in clear (compatibility form); exactly one of token / tokenSha256 is present. */
  token?: string;
  /** Lowercase hex SHA-256 of the token's UTF-8 bytes (hashed form). */
  tokenSha256?: string;
  tenant: string;
  principal: string;
}

const IDENTITY = /^[\x21-\x7e](?:[\x20-\x7e]{0,126}[\x21-\x7e])?$/;
const TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

export class CredentialsError extends Error {}

/** The SHA-256 of a token's UTF-8 bytes: the only form in which the host holds and compares tokens. */
export function tokenDigest(token: string): Buffer {
  return hash("sha256", token, "buffer"); // one-shot: about half of createHash's cost per request
}

/** The 32-byte digest a credential stands for, whichever form it was written in. */
export function credentialDigest(credential: Credential): Buffer {
  if (credential.tokenSha256 !== undefined) return Buffer.from(credential.tokenSha256, "hex");
  if (credential.token !== undefined) return tokenDigest(credential.token);
  throw new CredentialsError("a credential names neither token nor tokenSha256");
}

/** Parses and checks a credentials document; throws CredentialsError naming the first problem. */
export function parseCredentials(text: string, label: string): Credential[] {
  const decoded = parseIJson(text);
  if (!decoded.ok) throw new CredentialsError(`${label}: ${decoded.message}`);
  const document = decoded.value;
  if (typeof document !== "object" || document === null || !Array.isArray((document as Record<string, unknown>).credentials)) {
    throw new CredentialsError(`${label}: expected {"credentials": [{"token" or "tokenSha256", "tenant", "principal"}, ...]}`);
  }
  const list = (document as { credentials: unknown[] }).credentials;
  if (list.length === 0) throw new CredentialsError(`${label}: lists no credential`);
  const digests = new Set<string>();
  return list.map((entry, index) => {
    const at = `${label}: credentials[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw new CredentialsError(`${at} is not an object`);
    const { token, tokenSha256, tenant, principal, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw new CredentialsError(`${at} has unknown members ${Object.keys(rest).join(", ")}`);
    if ((token === undefined) === (tokenSha256 === undefined)) {
      throw new CredentialsError(`${at} must carry exactly one of token and tokenSha256`);
    }
    if (token !== undefined && (typeof token !== "string" || !TOKEN.test(token))) {
      throw new CredentialsError(`${at}.token must be 16 to 512 characters of [A-Za-z0-9._~+/=-]`);
    }
    if (tokenSha256 !== undefined && (typeof tokenSha256 !== "string" || !SHA256_HEX.test(tokenSha256))) {
      throw new CredentialsError(`${at}.tokenSha256 must be the 64 hex digits of the token's SHA-256`);
    }
    if (typeof tenant !== "string" || !IDENTITY.test(tenant)) throw new CredentialsError(`${at}.tenant must be 1 to 128 visible ASCII characters`);
    if (typeof principal !== "string" || !IDENTITY.test(principal)) {
      throw new CredentialsError(`${at}.principal must be 1 to 128 visible ASCII characters`);
    }
    const credential: Credential =
      token !== undefined ? { token: token as string, tenant, principal } : { tokenSha256: (tokenSha256 as string).toLowerCase(), tenant, principal };
    const digest = credentialDigest(credential).toString("hex");
    if (digests.has(digest)) throw new CredentialsError(`${at} names the same token as an earlier credential`);
    digests.add(digest);
    return credential;
  });
}

export function readCredentialsFile(file: string): Credential[] {
  return parseCredentials(readFileSync(file, "utf8"), file);
}

export const DEVELOPMENT_TENANT = "development";
export const DEVELOPMENT_PRINCIPAL = "developer";

/**
 * The development credential of a data directory: created once (file mode 0600) and reused on
 * every later start on the same directory, so a restarted host keeps accepting it. It is kept in
 * the plain form because the host prints it on every start (ADR 0085).
 */
export function developmentCredential(file: string): { credential: Credential & { token: string }; created: boolean } {
  if (existsSync(file)) {
    const [credential] = readCredentialsFile(file);
    if (credential?.token === undefined) throw new CredentialsError(`${file}: the development credential must be stored with its plain token`);
    return { credential: credential as Credential & { token: string }, created: false };
  }
  const credential = {
    token: "tkf_dev_" + randomBytes(24).toString("base64url"),
    tenant: DEVELOPMENT_TENANT,
    principal: DEVELOPMENT_PRINCIPAL,
  };
  writeFileSync(file, JSON.stringify({ credentials: [credential] }, null, 2) + "\n", { mode: 0o600 });
  return { credential, created: true };
}
