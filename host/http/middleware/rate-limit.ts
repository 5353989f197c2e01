// Per-credential rate limiting (docs/decisions/0086-per-credential-rate-limit.md): a token bucket
// per authenticated credential, refilled at `ratePerSecond` and holding at most `burst` requests.
// A request finding its bucket empty is refused rate_limited (429, retryable) with Retry-After
// naming the whole seconds until the bucket holds one request again. Off unless the host is
// started with --rate-limit.
//
// The bucket is keyed by the SHA-256 of the presented bearer token: exactly one bucket per
// credential, and the token itself is never kept. It runs after authentication, so only known
// credentials ever get a bucket and the table is bounded by the credentials file.

import type { RequestHandler } from "express";
import { bearerToken } from "../../auth/authenticate.js";
import { tokenDigest } from "../../auth/credentials.js";
import { refuse } from "../../errors.js";
import { stateOf } from "../state.js";

export interface RateLimitOptions {
  /** Sustained requests per second per credential (> 0). */
  ratePerSecond: number;
  /** Requests a credential may send at once after being idle (>= 1). */
  burst: number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** "RATE" or "RATE:BURST" (RATE requests per second; BURST defaults to max(1, RATE)). */
export function parseRateLimit(text: string): RateLimitOptions | undefined {
  const match = /^([0-9]+(?:\.[0-9]+)?)(?::([0-9]+))?$/.exec(text);
  if (match === null) return undefined;
  const ratePerSecond = Number(match[1]);
  const burst = match[2] === undefined ? Math.max(1, Math.ceil(ratePerSecond)) : Number(match[2]);
  if (!(ratePerSecond > 0) || !Number.isFinite(ratePerSecond) || !(burst >= 1) || !Number.isSafeInteger(burst)) return undefined;
  return { ratePerSecond, burst };
}

export function rateLimit(options: RateLimitOptions, nowMs: () => number = () => performance.now()): RequestHandler {
  const buckets = new Map<string, Bucket>();
  return function limitPerCredential(req, _res, next) {
    const token = bearerToken(req.headers.authorization);
    if (stateOf(req).scope === undefined || token === undefined) return next();
    const key = tokenDigest(token).toString("hex");
    const now = nowMs();
    const bucket = buckets.get(key) ?? { tokens: options.burst, updatedMs: now };
    bucket.tokens = Math.min(options.burst, bucket.tokens + ((now - bucket.updatedMs) / 1000) * options.ratePerSecond);
    bucket.updatedMs = now;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return next();
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / options.ratePerSecond));
    next(
      refuse.rate_limited(`this credential sent more than ${options.ratePerSecond} requests per second (burst ${options.burst}); retry later`, {
        retryAfterSeconds,
      }),
    );
  };
}
