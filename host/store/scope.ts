// The authenticated tenant scope (Tenant isolation, decision 0028).
//
// A TenantScope can only be obtained from an authenticated credential (auth/authenticate.ts is
// the one caller of authenticatedScope), and every store key is built from one (keys.ts), so no
// code path can address stored state without naming the tenant the request authenticated as.

declare const scopeBrand: unique symbol;

export interface TenantScope {
  readonly tenant: string;
  readonly principal: string;
  readonly [scopeBrand]: true;
}

export interface AuthenticatedIdentity {
  tenant: string;
  principal: string;
}

/** Only for the authentication step: turns a verified credential into the request's scope. */
export function authenticatedScope(identity: AuthenticatedIdentity): TenantScope {
  return Object.freeze({ tenant: identity.tenant, principal: identity.principal }) as TenantScope;
}

/**
 * Only for committing an accepted (202) mutation: the scope it was ADMITTED under, read back from
 * the operation record that authenticated request created. At commit the tenant is the tenant the
 * mutation was admitted from (decision 0026), never anything a later request says.
 */
export function admittedScope(identity: AuthenticatedIdentity): TenantScope {
  return authenticatedScope(identity);
}
