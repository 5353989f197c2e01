// Writes one lifecycle answer exactly: status, the strong ETag when there is one, and the body
// bytes as produced (a replay writes the recorded bytes, not a re-rendering).

import type { Response } from "express";
import type { LifecycleResponse } from "../lifecycle/context.js";

export function respond(res: Response, answer: LifecycleResponse, headers?: Record<string, string>): void {
  res.statusCode = answer.status;
  if (answer.headers !== undefined) for (const name in answer.headers) res.setHeader(name, answer.headers[name]!);
  if (headers !== undefined) for (const name in headers) res.setHeader(name, headers[name]!);
  if (answer.etag !== undefined) res.setHeader("ETag", answer.etag);
  if (answer.body === "") {
    res.end();
    return;
  }
  res.setHeader("Content-Type", "application/json");
  res.end(answer.body);
}

export function respondJson(res: Response, status: number, value: unknown): void {
  respond(res, { status, body: JSON.stringify(value) });
}
