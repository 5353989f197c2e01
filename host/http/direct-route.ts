// A route served without Express's per-request machinery (docs/decisions/0280-direct-resource-routes.md).
// Express gives every request its own prototypes (Object.setPrototypeOf on req and res), walks
// its router stack and wraps each layer; on this machine that costs 4x a bare node:http answer
// before any work is done (bench/tools/express-floor.ts). A direct route runs the SAME
// middleware functions, in the same order, then the same handler and the same error envelope as
// the Express app, on the plain node:http request: nothing is checked twice and nothing is
// checked differently. What Express would have done first and the chain relies on is done here
// too (originalUrl, req.route and req.baseUrl for the request log and metrics, a thrown or
// rejected layer sent to the error envelope). A request the route's matcher does not claim goes
// to Express untouched; the matcher claims only what Express would route to the same handler
// with the same decoded params (no percent-escapes, no absolute-form target).

import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";

export type RouteParams = Record<string, string>;

export interface DirectRoute {
  /** The route's path pattern as the Express router knows it (the request log and metrics label). */
  path: string;
  /** The params Express would decode for this request, or undefined when the route does not claim it. */
  match(req: IncomingMessage): RouteParams | undefined;
  /** The route's handler (the Express route runs the same function). */
  handle(req: Request, res: Response, params: RouteParams): Promise<void>;
}

/** A route of fixed segments and `:name` segments, matched like the host's strict, case-sensitive router. */
export function routeMatcher(method: "GET" | "POST" | "PUT", pattern: string): (req: IncomingMessage) => RouteParams | undefined {
  const segments = pattern.split("/");
  const names: string[] = [];
  const source = segments
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/%?#]+)";
    })
    .join("/");
  const expression = new RegExp(`^${source}(?:\\?|$)`);
  return (req) => {
    if (req.method !== method) return undefined;
    const match = expression.exec(req.url ?? "");
    if (match === null) return undefined;
    const params: RouteParams = {};
    for (let i = 0; i < names.length; i++) params[names[i]!] = match[i + 1]!;
    return params;
  };
}

const noNext = () => undefined;

/**
 * The request listener: a request a direct route claims runs `chain` then the route's handler,
 * every other request goes to `express`. `routes()` is undefined while the lifecycle routes are
 * not loaded yet (lazy-routes.ts): Express then serves every request, waiting for the load as before.
 */
export function directRoutes(
  express: (req: IncomingMessage, res: ServerResponse) => void,
  chain: readonly RequestHandler[],
  onError: ErrorRequestHandler,
  routes: () => readonly DirectRoute[] | undefined,
): (req: IncomingMessage, res: ServerResponse) => void {
  return function serve(incoming, outgoing) {
    const loaded = routes();
    if (loaded !== undefined) {
      for (const route of loaded) {
        const params = route.match(incoming);
        if (params !== undefined) return runDirect(route, params, incoming as Request, outgoing as Response, chain, onError);
      }
    }
    express(incoming, outgoing);
  };
}

function runDirect(route: DirectRoute, params: RouteParams, req: Request, res: Response, chain: readonly RequestHandler[], onError: ErrorRequestHandler): void {
  req.originalUrl = req.url;
  req.baseUrl = "";
  const fail = (error: unknown) => {
    try {
      onError(error, req, res, noNext);
    } catch {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
  let index = 0;
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null) return fail(error);
    const layer = chain[index++];
    try {
      if (layer !== undefined) {
        layer(req, res, next);
        return;
      }
      (req as { route?: unknown }).route = { path: route.path };
      route.handle(req, res, params).catch(fail);
    } catch (thrown) {
      fail(thrown);
    }
  };
  next();
}
