// Deterministic Idempotency-Keys: derived from the exact request (method,
// request target, the fence headers and the body), so a retried or resumed
// request carries the same key and the host replays instead of executing twice,
// while any difference in what is asked yields a different key.
import { createHash } from "node:crypto";

export function idempotencyKey(method: string, target: string, headers: Record<string, string>, body: string | undefined, incarnation?: string): string {
  const h = createHash("sha256");
  if (incarnation !== undefined) h.update(`incarnation ${incarnation}\n`);
  h.update(`${method}\n${target}\n`);
  for (const name of Object.keys(headers).sort()) h.update(`${name.toLowerCase()}: ${headers[name]}\n`);
  h.update("\n");
  if (body !== undefined) h.update(body);
  return `tf-${h.digest("hex")}`;
}
