// Long-running operations: after a 202 the provider keeps the operation id
// (pending_operation_id in state) and polls GET {api}/operations/{id} with the
// host's Retry-After, or full-jitter backoff, until the operation is terminal
// or the operation deadline passes. operation_not_found surfaces as the
// HostError it is; callers fall back to an exact read of the resource.
import { DEFAULT_BACKOFF, fullJitterDelay, parseRetryAfter, sleep, type BackoffPolicy } from "./backoff.js";
import type { HostHttp } from "./http.js";
import { operationPath } from "./paths.js";
import type { Operation } from "./wire-types.js";

export type { Operation } from "./wire-types.js";

export class OperationTimeout extends Error {
  constructor(
    readonly operationId: string,
    readonly last: Operation | undefined,
  ) {
    super(`operation ${operationId} had not finished when the operation timeout ran out${last?.metadata?.phase ? ` (phase ${last.metadata.phase})` : ""}`);
  }
}

function asOperation(body: unknown): Operation {
  const o = body as Operation;
  if (typeof o !== "object" || o === null || typeof o.id !== "string" || typeof o.done !== "boolean")
    throw new Error("the host answered with something that is not an Operation");
  return o;
}

export interface PollOptions {
  /** Absolute time (ms since epoch) the operation must be terminal by. */
  deadline: number;
  signal?: AbortSignal;
  backoff?: BackoffPolicy;
  random?: () => number;
  /** Called after every poll (progress logging). */
  onPoll?: (op: Operation) => void;
}

/** Polls until the operation is terminal; throws OperationTimeout at the deadline. */
export async function waitForOperation(http: HostHttp, id: string, opts: PollOptions): Promise<Operation> {
  let last: Operation | undefined;
  for (let attempt = 0; ; attempt++) {
    const res = await http.send("GET", operationPath(id), { deadline: opts.deadline });
    last = asOperation(res.body);
    opts.onPoll?.(last);
    if (last.done) return last;
    const wait = parseRetryAfter(res.headers["retry-after"]) ?? fullJitterDelay(attempt, opts.backoff ?? DEFAULT_BACKOFF, opts.random);
    if (Date.now() + wait >= opts.deadline) throw new OperationTimeout(id, last);
    await sleep(wait, opts.signal);
  }
}
