// Bearer authentication (check: unauthenticated-request-refused). A request with no credential,
// or one naming nobody, has no tenant and is refused unauthenticated (401) on every surface.
//
// Tokens are compared in constant time: the presented token is reduced to its SHA-256 (32 bytes,
// whatever its length) and compared with crypto.timingSafeEqual against EVERY configured digest,
// whatever the outcome, so response timing says nothing about how much of a token matched or
// which entry it was. Configured credentials are held as digests only (credentials.ts), so a
// plain token from the file does not stay in the authenticator's memory either.

import { timingSafeEqual } from "node:crypto";
import { refuse, type HostError } from "../errors.js";
import { authenticatedScope, type TenantScope } from "../store/scope.js";
import { credentialDigest, tokenDigest, type Credential } from "./credentials.js";

export type Authenticator = (authorization: string | undefined) => TenantScope | HostError;

/** The bearer token of an Authorization header, or undefined when the header is not one. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
  return match === null ? undefined : match[1];
}

export function bearerAuthenticator(credentials: readonly Credential[]): Authenticator {
  const table = credentials.map((credential) => ({
    digest: credentialDigest(credential),
    identity: { tenant: credential.tenant, principal: credential.principal },
  }));
  return (authorization) => {
    const token = bearerToken(authorization);
    if (token === undefined) {
      return refuse.unauthenticated("a bearer credential is required (Authorization: Bearer <token>)");
    }
    const presented = tokenDigest(token);
    let found: { tenant: string; principal: string } | undefined;
    for (const entry of table) {
      if (timingSafeEqual(entry.digest, presented) && found === undefined) found = entry.identity;
    }
    if (found === undefined) return refuse.unauthenticated("the bearer credential names no one this host knows");
    return authenticatedScope(found);
  };
}
