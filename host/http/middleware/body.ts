// Reads the raw request body (up to a limit) before anything decodes it: every request document
// is then decoded raw-first as I-JSON by the route that needs it. An oversized body is
// invalid_argument; the taxonomy has no other code for it. Bytes in flight are reserved in the
// host's BodyBudget (per credential and overall) while the body is read.

import type { RequestHandler } from "express";
import { refuse } from "../../errors.js";
import { BodyBudget } from "../body-budget.js";
import { stateOf } from "../state.js";

// Large enough for one blob of a bundle at the portable 10 MiB aggregate ceiling (16 MiB; the
// documents say the same: docs/reliability.md, host/README.md).
export const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);

/** How many more bytes past the limit are read and dropped before an oversized request is answered. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5_000;

/**
 * Answers `error` once the rest of the body has been read and dropped (at most LINGER_BYTES or
 * LINGER_MS more): closing a connection with unread bytes makes TCP reset it, and the reset can
 * take the answer with it before the client reads it (nginx's lingering close, for the same reason).
 */
function refuseAfterDrain(req: Parameters<RequestHandler>[0], error: unknown, next: Parameters<RequestHandler>[2]): void {
  if (req.complete) return next(error);
  let drained = 0;
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    next(error);
  };
  const timer = setTimeout(answer, LINGER_MS);
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) answer();
  });
  req.once("end", answer);
  req.once("close", answer);
  req.resume();
}

export function rawBody(limit: number = DEFAULT_BODY_LIMIT, budget: BodyBudget = new BodyBudget()): RequestHandler {
  return function readRawBody(req, _res, next) {
    // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 6.3): most
    // reads. Nothing to wait for; Node discards the (empty) stream once the response is sent.
    if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) {
      stateOf(req).body = EMPTY;
      next();
      return;
    }
    const declared = Number(req.headers["content-length"] ?? "0");
    if (Number.isFinite(declared) && declared > limit) {
      // read and drop it, so the client is still listening when the answer comes
      refuseAfterDrain(req, refuse.invalid_argument(`the request body exceeds ${limit} bytes`), next);
      return;
    }
    const scope = stateOf(req).scope;
    const credential = scope === undefined ? "" : `${scope.tenant}\u0000${scope.principal}`;
    let reserved = 0;
    const reserve = (bytes: number): boolean => {
      const passed = budget.reserve(credential, bytes);
      if (passed === undefined) {
        reserved += bytes;
        return true;
      }
      const whose = passed === "credential" ? "this credential's requests" : "all requests";
      next(refuse.rate_limited(`request bodies in flight for ${whose} would pass ${budget.limitOf(passed)} bytes; send it again when earlier uploads finish`));
      return false;
    };
    const release = () => {
      budget.release(credential, reserved);
      reserved = 0;
    };
    req.once("close", release);
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = !(Number.isFinite(declared) && declared > 0 ? reserve(declared) : true);
    if (failed) {
      req.resume();
      return;
    }
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        refuseAfterDrain(req, refuse.invalid_argument(`the request body exceeds ${limit} bytes`), next);
        return;
      }
      if (size > reserved && !reserve(size - reserved)) {
        failed = true;
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (failed) return;
      stateOf(req).body = Buffer.concat(chunks);
      release();
      next();
    });
    req.on("error", (error) => {
      if (failed) return;
      failed = true;
      release();
      next(refuse.invalid_argument(`the request body could not be read: ${error.message}`));
    });
  };
}
