// Per-request state the middleware chain fills in, attached to the Express request.

import type { Request } from "express";
import { refuse } from "../errors.js";
import type { Probe } from "../lifecycle/context.js";
import type { TenantScope } from "../store/scope.js";

export interface RequestState {
  requestId: string;
  startedAt: bigint;
  scope?: TenantScope;
  body?: Buffer;
  probe?: Probe;
}

const states = new WeakMap<Request, RequestState>();

export function setState(request: Request, state: RequestState): void {
  states.set(request, state);
}

export function stateOf(request: Request): RequestState {
  const state = states.get(request);
  if (state === undefined) throw new Error("request state missing: middleware order is broken");
  return state;
}

/** The authenticated scope; routes run only after authentication succeeded. */
export function scopeOf(request: Request): TenantScope {
  const scope = stateOf(request).scope;
  if (scope === undefined) throw refuse.unauthenticated("a bearer credential is required");
  return scope;
}

export function bodyOf(request: Request): Buffer {
  return stateOf(request).body ?? Buffer.alloc(0);
}

/** One header value, or undefined; a header sent twice is refused rather than guessed at. */
export function headerOf(request: Request, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (value.length === 1) return value[0];
    throw refuse.invalid_argument(`the ${name} header is sent more than once`);
  }
  return value;
}

/** Raw request target (path and query exactly as received). */
export function rawTarget(request: Request): string {
  return request.originalUrl;
}

export function rawQuery(request: Request): string {
  const at = request.originalUrl.indexOf("?");
  return at < 0 ? "" : request.originalUrl.slice(at + 1);
}

export function rawPath(request: Request): string {
  const at = request.originalUrl.indexOf("?");
  return at < 0 ? request.originalUrl : request.originalUrl.slice(0, at);
}
