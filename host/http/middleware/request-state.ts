// First middleware: a request id and a start time for every request.

import type { RequestHandler } from "express";
import type { Ids } from "../../ids.js";
import { setState } from "../state.js";

export function requestState(ids: Ids): RequestHandler {
  return function assignRequestState(req, res, next) {
    const requestId = ids.requestId();
    setState(req, { requestId, startedAt: process.hrtime.bigint() });
    res.setHeader("Takoform-Request-Id", requestId);
    next();
  };
}
