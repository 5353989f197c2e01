// The properties every answer to hostile input must have: an answer at all (no reset, no silent
// close), never a 5xx, every refusal one closed error code at the status that code fixes, with a
// non-empty message, retryable only where the taxonomy allows, and the request id of the header.

import { ERROR_CODES, ERROR_STATUS, isErrorCode, mayBeRetryable } from "../../../corpus/lib/index.js";
import { wireProblems } from "../../unit/host/wire-schemas.js";
import type { RawHttpAnswer, RawHttpFailure } from "./raw-http.js";

export const TAXONOMY_STATUSES = new Set<number>(ERROR_CODES.map((code) => ERROR_STATUS[code]));

export function answerProblems(method: string, answer: RawHttpAnswer | RawHttpFailure): string[] {
  if (!answer.ok) return [`no answer: ${answer.failure} (received ${JSON.stringify(answer.received)})`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`server error ${answer.status}`);
  const requestId = answer.headers.get("takoform-request-id")?.[0];
  if (requestId === undefined) problems.push("no Takoform-Request-Id header");
  if (answer.status < 400) {
    if (answer.body.length > 0) {
      try {
        JSON.parse(answer.text);
      } catch {
        problems.push("a success whose body is not JSON");
      }
    }
    return problems;
  }
  if (method === "HEAD") {
    // a HEAD answer carries no body; its status must still be one the taxonomy (or the blob probe's 404) uses
    if (!TAXONOMY_STATUSES.has(answer.status)) problems.push(`HEAD answered ${answer.status}, a status no closed code has`);
    return problems;
  }
  let envelope: any;
  try {
    envelope = JSON.parse(answer.text);
  } catch {
    return [...problems, `refusal ${answer.status} without a JSON envelope: ${JSON.stringify(answer.text.slice(0, 200))}`];
  }
  const schema = wireProblems("errorEnvelope", envelope);
  if (schema.length > 0) problems.push(`refusal ${answer.status} is not an error envelope: ${schema.join("; ")}`);
  const error = envelope?.error ?? {};
  if (!isErrorCode(error.code)) problems.push(`code ${JSON.stringify(error.code)} is outside the closed taxonomy`);
  else {
    if (ERROR_STATUS[error.code as keyof typeof ERROR_STATUS] !== answer.status) problems.push(`${error.code} answered with status ${answer.status}`);
    if (error.retryable === true && !mayBeRetryable(error.code)) problems.push(`${error.code} says retryable: true`);
  }
  if (typeof error.message !== "string" || error.message.trim().length === 0) problems.push("refusal without a message");
  if (requestId !== undefined && error.requestId !== requestId) problems.push("error.requestId differs from Takoform-Request-Id");
  return problems;
}
