// Plain middleware run as one Express layer. Every request passes the same path-less middleware
// in the same order, and Express's router pays a layer match, a prefix trim and a handler wrapper
// for each of them. chain() calls them in order under the router's own contract: next() goes on,
// next(error) ends the chain with that error (the application's error handlers get it), and a
// thrown error or a rejected promise becomes next(error). Only path-less, non-error middleware
// belongs in a chain (docs/decisions/0276-one-layer-for-the-request-middleware.md).

import type { NextFunction, Request, RequestHandler, Response } from "express";

export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0]!;
  return function chained(req: Request, res: Response, done: NextFunction) {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error) return done(error);
      const handler = handlers[index++];
      if (handler === undefined) return done();
      try {
        const returned: unknown = handler(req, res, next);
        if (returned instanceof Promise) returned.then(undefined, (rejected: unknown) => next(rejected || new Error("Rejected promise")));
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };
}
