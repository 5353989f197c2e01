// What a finished operation reports: its success payload (for a resource mutation, the resource
// as the wire schema and the pinned Form define it), or its error under the closed taxonomy.

import type { ErrorCode } from "../../../corpus/lib/index.js";
import { fail, show } from "../assert.js";
import type { CheckContext } from "../context.js";
import type { Live, ResourceBody } from "../lifecycle.js";
import { describeOperation, type OperationDoc, type OperationError } from "./document.js";

/** The operation succeeded; returns its result. */
export function expectSucceeded(op: OperationDoc, what: string): Record<string, unknown> {
  if (!op.done || !op.result) fail(`${what}: expected the operation to succeed, it is ${describeOperation(op)}`);
  return op.result;
}

/** The operation failed with exactly `code`; the message names every string in `mentions`. */
export function expectFailed(op: OperationDoc, code: ErrorCode, what: string, mentions: readonly string[] = []): OperationError {
  if (!op.done || !op.error || op.error.code !== code) fail(`${what}: expected the operation to fail ${code}, it is ${describeOperation(op)}`);
  for (const m of mentions) {
    if (!op.error.message.includes(m)) fail(`${what}: the ${code} of operation ${op.id} must name ${show(m)}; its message was ${show(op.error.message)}`);
  }
  return op.error;
}

/** The resource a successful resource mutation reports in result.resource, held to the wire schema and the pinned Form. */
export function resultResource(ctx: CheckContext, op: OperationDoc, what: string): Live {
  const result = expectSucceeded(op, what);
  const body = result["resource"] as ResourceBody | undefined;
  if (!body || typeof body !== "object") fail(`${what}: the result of operation ${op.id} carries no resource: ${show(result)}`);
  const problems = ctx.wire.problems("resourceResponse", body);
  if (problems.length) fail(`${what}: result.resource of operation ${op.id} violates the wire schema: ${problems.join("; ")}`);
  const form = ctx.corpus.catalog.form(body.form.formRef);
  if (form) {
    const spec = ctx.corpus.specProblems(form, body.spec);
    if (spec.length) fail(`${what}: result.resource.spec of operation ${op.id} violates the pinned desiredSchema: ${spec.join("; ")}`);
  }
  return {
    ref: body.form.formRef,
    name: body.metadata.name,
    space: body.metadata.space,
    uid: body.metadata.uid,
    generation: body.metadata.generation,
    revision: body.metadata.revision,
    etag: `"${body.metadata.revision}"`,
    body,
  };
}
