// Idempotency-Keys (ADR 0160): derived from the attempt of the planned change
// (framework/attempt.ts) and the exact request (method, request target, the
// fence headers and the body). A retried or resumed request of one attempt
// carries the same key and the host replays instead of executing twice; any
// difference in what is asked, or a later attempt after one that ended, yields
// a different key, so a refusal is never replayed to the run that fixed it.
import { createHash, randomUUID } from "node:crypto";

/** Mutations that reach the provider without a planned attempt (none today) get this process's own. */
const PROCESS_ATTEMPT = randomUUID();

export interface KeyParts {
  /** The attempt of the planned change; this process's own when absent. */
  attempt?: string | undefined;
  /** The incarnation (uid) a delete removes. */
  incarnation?: string | undefined;
}

export function idempotencyKey(method: string, target: string, headers: Record<string, string>, body: string | undefined, parts: KeyParts = {}): string {
  const h = createHash("sha256");
  h.update(`attempt ${parts.attempt ?? PROCESS_ATTEMPT}\n`);
  if (parts.incarnation !== undefined) h.update(`incarnation ${parts.incarnation}\n`);
  h.update(`${method}\n${target}\n`);
  for (const name of Object.keys(headers).sort()) h.update(`${name.toLowerCase()}: ${headers[name]}\n`);
  h.update("\n");
  if (body !== undefined) h.update(body);
  return `tf-${h.digest("hex")}`;
}
