// What a WorkerEndpoint answer must carry (decision 0024): status.outputs {hostname, url} with
// the url built from the one hostname (https://HOST/) and the hostname in canonical form.

import { expectEqual, expectTrue, fail } from "../assert.js";
import type { Live } from "../lifecycle.js";

export interface EndpointAddress {
  hostname: string;
  url: string;
}

/** The address an endpoint answer carries, held to the one-hostname rule. */
export function addressOf(live: Live, what: string): EndpointAddress {
  const outputs = live.body.status.outputs as { hostname?: unknown; url?: unknown } | undefined;
  if (!outputs || typeof outputs.hostname !== "string" || typeof outputs.url !== "string") {
    fail(`${what}: expected status.outputs {hostname, url} strings, got ${JSON.stringify(outputs)}`);
  }
  expectEqual(outputs.url, `https://${outputs.hostname}/`, `${what}: url built from the hostname`);
  expectTrue(outputs.hostname === outputs.hostname.toLowerCase() && !outputs.hostname.endsWith("."), `${what}: hostname ${outputs.hostname} is not canonical`);
  return { hostname: outputs.hostname, url: outputs.url };
}
