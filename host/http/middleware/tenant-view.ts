// For a store several processes share (postgres): before a request reads anything, the store's
// view of the request's tenant is brought up to date, so a request answered after another
// replica acknowledged a mutation sees that mutation. Engines with one process skip it, and so
// does a request whose every read happens under its tenant's lock (readsOnlyUnderTenantLock).

import type { RequestHandler } from "express";
import { refuse } from "../../errors.js";
import type { Store } from "../../store/store.js";
import { stateOf } from "../state.js";

/**
 * Every PUT route (a resource's apply, an upload's blob, a sensitive value) reads the store only
 * inside ctx.locks.run, and taking the tenant's database lock refreshes the view first
 * (store.exclusive), so a refresh before it would be a round trip read by nothing.
 */
export function readsOnlyUnderTenantLock(method: string): boolean {
  return method === "PUT";
}

export function refreshTenantView(store: Store): RequestHandler {
  return function refreshView(req, _res, next) {
    const tenant = stateOf(req).scope?.tenant;
    if (store.refresh === undefined || tenant === undefined || readsOnlyUnderTenantLock(req.method)) return next();
    // A replica holding the sole-replica claim (ADR 0307) goes on at once, without a promise.
    if (store.viewCurrent?.() === true) return next();
    store.refresh(tenant).then(
      () => next(),
      () => next(refuse.backend_unavailable("the host's store database did not answer; retry", { retryAfterSeconds: 1 })),
    );
  };
}
