// WorkerCustomDomain hostnames are canonicalized at the entry point (with declared defaults):
// one trailing root dot removed and ASCII letters lowercased, before validation, digest, storage
// and echo. An internationalized name travels as its A-label (xn--...), kept byte-for-byte; a
// U-label (any non-ASCII character) is REFUSED invalid_argument, never mapped: the host applies no
// IDNA table of its own (decision 0026).

import { accept, refuse, type RuleOutcome } from "../outcome.js";

const NON_ASCII = /[^\x00-\x7f]/;

export function canonicalHostname(hostname: string, pointer = "/hostname"): RuleOutcome<{ hostname: string }> {
  const offending = NON_ASCII.exec(hostname);
  if (offending !== null) {
    return refuse(
      "invalid_argument",
      `${pointer}: ${JSON.stringify(hostname)} contains the non-ASCII character U+${offending[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}; ` +
        `write an internationalized name as its A-label (xn--…)`,
      pointer,
    );
  }
  const stripped = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  return accept({ hostname: stripped.replace(/[A-Z]/g, (c) => c.toLowerCase()) });
}

/** The spec with its hostname canonicalized (a new object; other members untouched). */
export function canonicalizeCustomDomainSpec(spec: Record<string, unknown>): RuleOutcome<{ spec: Record<string, unknown> }> {
  const hostname = spec["hostname"];
  if (typeof hostname !== "string") return accept({ spec });
  const out = canonicalHostname(hostname);
  if (!out.ok) return out;
  return accept({ spec: { ...spec, hostname: out.hostname } });
}
