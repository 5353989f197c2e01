// The certificate authorities of NODE_EXTRA_CA_CERTS, added when the provider first calls the
// host over https instead of at every process start (docs/decisions/0281-provider-extra-ca-certificates.md).
// The launcher (install/launcher.ts) moves the variable to EXTRA_CA_ENV before node starts;
// here the file is read once, and the HTTPS agent trusts node's bundled roots plus the
// certificates in it: what node's default store holds when it loads the variable itself.
// A file that cannot be read, or holds no certificate node can parse, is ignored with a warning
// on stderr, as node does.

import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import https from "node:https";
import { rootCertificates } from "node:tls";
import { EXTRA_CA_ENV } from "./extra-ca-env.js";

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

export interface ExtraAuthorities {
  /** The `ca` option: node's bundled roots and the file's certificates; undefined: node's default store. */
  ca?: string[];
  /** Why the file was ignored, in whole or in part. */
  warning?: string;
}

export function extraAuthorities(env: Record<string, string | undefined>): ExtraAuthorities {
  const file = env[EXTRA_CA_ENV];
  if (file === undefined || file === "") return {};
  let text: string;
  try {
    text = readFileSync(file, "latin1");
  } catch (error) {
    return { warning: `Warning: Ignoring extra certs from \`${file}\`, load failed: ${(error as Error).message}` };
  }
  const parsed: string[] = [];
  let skipped = 0;
  for (const block of text.match(PEM_CERTIFICATE) ?? []) {
    try {
      new X509Certificate(block);
      parsed.push(block);
    } catch {
      skipped++;
    }
  }
  if (parsed.length === 0) return { warning: `Warning: Ignoring extra certs from \`${file}\`, load failed: no certificate in it could be read` };
  const warning = skipped === 0 ? undefined : `Warning: ${skipped} of the extra certs in \`${file}\` could not be read and are ignored`;
  return { ca: [...rootCertificates, ...parsed], ...(warning === undefined ? {} : { warning }) };
}

/** The keep-alive HTTPS agent of a provider process, trusting what `env` names. */
export function httpsAgent(env: Record<string, string | undefined>, options: https.AgentOptions): https.Agent {
  const extra = extraAuthorities(env);
  if (extra.warning !== undefined) process.stderr.write(extra.warning + "\n");
  return new https.Agent(extra.ca === undefined ? options : { ...options, ca: extra.ca });
}
