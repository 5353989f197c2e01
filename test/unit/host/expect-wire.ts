// Assertions that a reply is exactly the wire document (or refusal) expected.

import { expect } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../../corpus/lib/index.js";
import type { Reply } from "./harness.js";
import { wireProblems, type WireDocument } from "./wire-schemas.js";

export function expectDocument(reply: Reply, status: number, kind: WireDocument): any {
  expect(reply.status, reply.text).toBe(status);
  expect(wireProblems(kind, reply.json), reply.text).toEqual([]);
  return reply.json;
}

export function expectRefusal(reply: Reply, code: ErrorCode): any {
  expect({ status: reply.status, code: reply.json?.error?.code }, reply.text).toEqual({ status: ERROR_STATUS[code], code });
  expect(wireProblems("errorEnvelope", reply.json), reply.text).toEqual([]);
  return reply.json.error;
}

/** A resourceResponse with its strong ETag equal to the quoted revision. */
export function expectResource(reply: Reply, status: number): any {
  const resource = expectDocument(reply, status, "resourceResponse");
  expect(reply.headers.get("etag")).toBe(`"${resource.metadata.revision}"`);
  return resource;
}
