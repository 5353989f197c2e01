// One structured log line per request: time, request id, method, route, status, duration and
// tenant. Never a token, a header value, or a body.

import type { RequestHandler } from "express";
import { stateOf } from "../state.js";

export type LogSink = (line: string) => void;

export function requestLog(sink: LogSink, now: () => Date): RequestHandler {
  return function logRequest(req, res, next) {
    res.on("finish", () => {
      const state = stateOf(req);
      const route = req.route?.path === undefined ? "(unrouted)" : String(req.route.path);
      const durationMs = Number(process.hrtime.bigint() - state.startedAt) / 1e6;
      sink(
        JSON.stringify({
          time: now().toISOString(),
          requestId: state.requestId,
          method: req.method,
          route,
          status: res.statusCode,
          durationMs: Math.round(durationMs * 1000) / 1000,
          tenant: state.scope?.tenant ?? null,
        }),
      );
    });
    next();
  };
}
