// The host-assigned endpoint (decision 0024). A WorkerEndpoint's address is the host's decision:
// one canonical hostname (lowercase, no root dot) and url = "https://" + hostname + "/". It is
// derived from the endpoint's uid alone (plus the host's configured suffix), so it is the same on
// every re-read, refresh and promotion, and two endpoints (hence two workers) get two addresses.
// The host computes it ONCE, at create, and stores it; a host with no suffix configured cannot
// assign one and refuses the endpoint with unsupported_capability before any mutation.

import { createHash } from "node:crypto";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const CANONICAL_HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);
const CANONICAL_SUFFIX = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

export interface EndpointAddress {
  hostname: string;
  url: string;
}

export function assignEndpointAddress(endpointUid: string, hostSuffix: string | undefined): RuleOutcome<{ address: EndpointAddress }> {
  if (hostSuffix === undefined || hostSuffix === "") {
    return refuse("unsupported_capability", "this host is not configured to assign WorkerEndpoint addresses (no endpoint host suffix)");
  }
  if (!CANONICAL_SUFFIX.test(hostSuffix)) {
    return refuse("unsupported_capability", `this host's endpoint suffix ${JSON.stringify(hostSuffix)} is not a canonical DNS name`);
  }
  const hostname = `${endpointLabel(endpointUid)}.${hostSuffix}`;
  if (hostname.length > 253 || !CANONICAL_HOSTNAME.test(hostname)) {
    return refuse("unsupported_capability", `this host cannot build a valid endpoint hostname under ${JSON.stringify(hostSuffix)}`);
  }
  return accept({ address: { hostname, url: `https://${hostname}/` } });
}

/** "w" + 26 base32 characters of SHA-256(uid): 130 bits, a valid lowercase DNS label. */
function endpointLabel(uid: string): string {
  const digest = createHash("sha256").update(`worker-endpoint\u0000${uid}`).digest();
  let bits = 0;
  let value = 0;
  let out = "w";
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 27) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= 27) break;
  }
  return out;
}
