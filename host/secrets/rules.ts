// The rules of the sensitive-values extension (docs/decisions/0200-sensitive-values.md), each a
// small pure function answering a refusal or undefined. A refusal names the field, what is
// required and what to do; it never repeats a submitted value.

import { refuse, type HostError } from "../errors.js";
import { spaceIdProblem } from "../rules/shared-wire-rules/space-id-grammar.js";

/** The requiredSensitiveVars item grammar of WorkerVersion: the names a secret can have. */
export const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
/** metadata.name of a ModuleWorker. */
export const WORKER_NAME = /^[a-z][a-z0-9-]{0,62}$/;
/** Largest value, in UTF-8 bytes. */
export const SECRET_VALUE_MAX_BYTES = 5 * 1024;
/** Most values one worker may hold. */
export const SECRETS_PER_WORKER_MAX = 128;

export function secretSpaceRule(space: string): HostError | undefined {
  const problem = spaceIdProblem(space);
  return problem === undefined ? undefined : refuse.invalid_argument(`the space path segment is not a valid SpaceID: it ${problem}`);
}

export function secretWorkerRule(worker: string): HostError | undefined {
  return WORKER_NAME.test(worker)
    ? undefined
    : refuse.invalid_argument("the worker path segment must be a ModuleWorker metadata.name (^[a-z][a-z0-9-]{0,62}$)");
}

export function secretNameRule(name: string): HostError | undefined {
  return SECRET_NAME.test(name)
    ? undefined
    : refuse.invalid_argument("the secret name must be a requiredSensitiveVars name (^[A-Z][A-Z0-9_]{0,63}$), e.g. API_TOKEN");
}

/** The body of a put: exactly {"value": string}, 1..5 KiB of UTF-8. Answers the value or a refusal. */
export function secretValueRule(document: unknown): { value: string } | { error: HostError } {
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    return { error: refuse.invalid_argument('the body must be a JSON object {"value": "<the sensitive value>"}') };
  }
  const extra = Object.keys(document).filter((key) => key !== "value");
  if (extra.length > 0) return { error: refuse.invalid_argument(`/${extra[0]}: unknown member; the body holds only "value"`) };
  const value = (document as { value?: unknown }).value;
  if (typeof value !== "string") return { error: refuse.invalid_argument("/value: required, a string (the sensitive value)") };
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes === 0) return { error: refuse.invalid_argument("/value: must not be empty; to remove a value delete it") };
  if (bytes > SECRET_VALUE_MAX_BYTES) {
    return { error: refuse.invalid_argument(`/value: ${bytes} bytes is more than the ${SECRET_VALUE_MAX_BYTES}-byte limit for one sensitive value`) };
  }
  return { value };
}

export function secretsPerWorkerRule(held: number, adding: boolean): HostError | undefined {
  return adding && held >= SECRETS_PER_WORKER_MAX
    ? refuse.policy_denied(`a worker holds at most ${SECRETS_PER_WORKER_MAX} sensitive values; delete one first`)
    : undefined;
}

/**
 * Readiness of a WorkerVersion's sensitive values: the names it requires that the host holds no
 * value for, in the order the version lists them. Values are never read here, only presence.
 */
export function missingSensitiveVars(required: readonly string[], held: (name: string) => boolean): string[] {
  return required.filter((name) => !held(name));
}
