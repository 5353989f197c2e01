// Bearer credentials: {"credentials":[{"token":"...","tenant":"...","principal":"..."}]}.
// The tenant of a request comes from its credential and from nowhere else (Tenant isolation).

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseIJson } from "../../corpus/lib/index.js";

export interface Credential {
  token: string;
  tenant: string;
  principal: string;
}

const IDENTITY = /^[\x21-\x7e](?:[\x20-\x7e]{0,126}[\x21-\x7e])?$/;
const TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export class CredentialsError extends Error {}

/** Parses and checks a credentials document; throws CredentialsError naming the first problem. */
export function parseCredentials(text: string, label: string): Credential[] {
  const decoded = parseIJson(text);
  if (!decoded.ok) throw new CredentialsError(`${label}: ${decoded.message}`);
  const document = decoded.value;
  if (typeof document !== "object" || document === null || !Array.isArray((document as Record<string, unknown>).credentials)) {
    throw new CredentialsError(`${label}: expected {"credentials": [{"token", "tenant", "principal"}, ...]}`);
  }
  const list = (document as { credentials: unknown[] }).credentials;
  if (list.length === 0) throw new CredentialsError(`${label}: lists no credential`);
  const tokens = new Set<string>();
  return list.map((entry, index) => {
    const at = `${label}: credentials[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw new CredentialsError(`${at} is not an object`);
    const { token, tenant, principal, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw new CredentialsError(`${at} has unknown members ${Object.keys(rest).join(", ")}`);
    if (typeof token !== "string" || !TOKEN.test(token)) {
      throw new CredentialsError(`${at}.token must be 16 to 512 characters of [A-Za-z0-9._~+/=-]`);
    }
    if (typeof tenant !== "string" || !IDENTITY.test(tenant)) throw new CredentialsError(`${at}.tenant must be 1 to 128 visible ASCII characters`);
    if (typeof principal !== "string" || !IDENTITY.test(principal)) {
      throw new CredentialsError(`${at}.principal must be 1 to 128 visible ASCII characters`);
    }
    if (tokens.has(token)) throw new CredentialsError(`${at}.token repeats an earlier token`);
    tokens.add(token);
    return { token, tenant, principal };
  });
}

export function readCredentialsFile(file: string): Credential[] {
  return parseCredentials(readFileSync(file, "utf8"), file);
}

export const DEVELOPMENT_TENANT = "development";
export const DEVELOPMENT_PRINCIPAL = "developer";

/**
 * The development credential of a data directory: created once (file mode 0600) and reused on
 * every later start on the same directory, so a restarted host keeps accepting it.
 */
export function developmentCredential(file: string): { credential: Credential; created: boolean } {
  if (existsSync(file)) {
    const [credential] = readCredentialsFile(file);
    return { credential: credential!, created: false };
  }
  const credential: Credential = {
    token: "tkf_dev_" + randomBytes(24).toString("base64url"),
    tenant: DEVELOPMENT_TENANT,
    principal: DEVELOPMENT_PRINCIPAL,
  };
  writeFileSync(file, JSON.stringify({ credentials: [credential] }, null, 2) + "\n", { mode: 0o600 });
  return { credential, created: true };
}
