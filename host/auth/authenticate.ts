// Bearer authentication (check: unauthenticated-request-refused). A request with no credential,
// or one naming nobody, has no tenant and is refused unauthenticated (401) on every surface.
//
// Tokens are compared in constant time: every configured token is compared (as SHA-256 digests of
// equal length) whatever the outcome, so response timing says nothing about how much of a token
// matched or which entry it was.

import { createHash, timingSafeEqual } from "node:crypto";
import { refuse, type HostError } from "../errors.js";
import { authenticatedScope, type TenantScope } from "../store/scope.js";
import type { Credential } from "./credentials.js";

export type Authenticator = (authorization: string | undefined) => TenantScope | HostError;

function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

export function bearerAuthenticator(credentials: readonly Credential[]): Authenticator {
  const table = credentials.map((credential) => ({ digest: digest(credential.token), credential }));
  return (authorization) => {
    const match = authorization === undefined ? undefined : /^Bearer ([^\s]+)$/i.exec(authorization.trim());
    if (match === null || match === undefined) {
      return refuse.unauthenticated("a bearer credential is required (Authorization: Bearer <token>)");
    }
    const presented = digest(match[1]!);
    let found: Credential | undefined;
    for (const entry of table) {
      if (timingSafeEqual(entry.digest, presented) && found === undefined) found = entry.credential;
    }
    if (found === undefined) return refuse.unauthenticated("the bearer credential names no one this host knows");
    return authenticatedScope({ tenant: found.tenant, principal: found.principal });
  };
}
