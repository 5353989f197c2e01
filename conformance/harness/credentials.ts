// The three callers every run needs. The credentials file is the host's own format:
//   {"credentials":[{"token","tenant","principal"}, ...]}
// The first two entries must share a tenant under different principals (the same-tenant
// alternate principal); the third must be a different tenant (the alternate tenant). Without
// all three the tenant and principal boundaries cannot be measured, so the runner refuses to
// start rather than skip them.

import { readFileSync } from "node:fs";
import { parseIJson } from "../../corpus/lib/index.js";

export interface Credential {
  token: string;
  tenant: string;
  principal: string;
}

export interface RunnerCredentials {
  /** First credential: the primary caller. */
  primary: Credential;
  /** Second credential: same tenant as primary, another principal. */
  peer: Credential;
  /** Third credential: another tenant. */
  stranger: Credential;
}

export function readCredentials(file: string): RunnerCredentials {
  const decoded = parseIJson(readFileSync(file));
  if (!decoded.ok) throw new Error(`credentials file ${file}: ${decoded.message}`);
  const list = (decoded.value as { credentials?: unknown }).credentials;
  if (!Array.isArray(list) || list.length < 3) {
    throw new Error(`credentials file ${file}: needs a "credentials" array of at least three entries`);
  }
  const creds = list.slice(0, 3).map((c, i) => {
    const e = c as Partial<Credential>;
    for (const m of ["token", "tenant", "principal"] as const) {
      if (typeof e[m] !== "string" || e[m] === "") throw new Error(`credentials file ${file}: entry ${i} lacks "${m}"`);
    }
    return e as Credential;
  }) as [Credential, Credential, Credential];
  const [primary, peer, stranger] = creds;
  if (primary.tenant !== peer.tenant) throw new Error("credentials: the first two entries must share a tenant");
  if (primary.principal === peer.principal) throw new Error("credentials: the first two entries must be different principals");
  if (stranger.tenant === primary.tenant) throw new Error("credentials: the third entry must be another tenant");
  return { primary, peer, stranger };
}
