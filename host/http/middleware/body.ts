// Reads the raw request body (up to a limit) before anything decodes it: every request document
// is then decoded raw-first as I-JSON by the route that needs it. An oversized body is
// invalid_argument; the taxonomy has no other code for it.

import type { RequestHandler } from "express";
import { refuse } from "../../errors.js";
import { stateOf } from "../state.js";

// Large enough for one blob of a bundle at the portable 10 MiB aggregate ceiling.
export const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

export function rawBody(limit: number = DEFAULT_BODY_LIMIT): RequestHandler {
  return function readRawBody(req, _res, next) {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (Number.isFinite(declared) && declared > limit) {
      next(refuse.invalid_argument(`the request body exceeds ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        next(refuse.invalid_argument(`the request body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (failed) return;
      stateOf(req).body = Buffer.concat(chunks);
      next();
    });
    req.on("error", (error) => {
      if (failed) return;
      failed = true;
      next(refuse.invalid_argument(`the request body could not be read: ${error.message}`));
    });
  };
}
