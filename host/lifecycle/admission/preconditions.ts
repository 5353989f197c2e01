// Collects the fences one apply or import states, from its headers and its body, refusing a
// request whose two spellings of one fence disagree.

import { refuse } from "../../errors.js";
import type { MutationPreconditions } from "../../rules/resource-identity/mutation-intent.js";
import type { ResourceRequest } from "../../wire/resource-request.js";
import type { MutationEnvelope } from "../context.js";

function agree(a: string | undefined, b: string | undefined, what: string): string | undefined {
  if (a !== undefined && b !== undefined && a !== b) throw refuse.invalid_argument(`${what} are given twice and differ`);
  return a ?? b;
}

export function preconditionsOf(envelope: MutationEnvelope, request: ResourceRequest): MutationPreconditions {
  const pre: MutationPreconditions = {};
  if (envelope.ifNoneMatch !== undefined) pre.ifNoneMatch = envelope.ifNoneMatch;
  if (envelope.ifMatch !== undefined) pre.ifMatch = envelope.ifMatch;
  if (envelope.expectedGeneration !== undefined) pre.headerGeneration = envelope.expectedGeneration;
  const bodyGeneration = agree(request.expectedGeneration, request.generation, "expectedGeneration and metadata.generation");
  if (bodyGeneration !== undefined) pre.bodyGeneration = bodyGeneration;
  const expectedUid = agree(request.expectedUid, request.uid, "expectedUid and metadata.uid");
  if (expectedUid !== undefined) pre.expectedUid = expectedUid;
  if (request.revision !== undefined) {
    const revisionTag = `"${request.revision}"`;
    if (pre.ifMatch !== undefined && pre.ifMatch !== revisionTag) {
      throw refuse.invalid_argument("If-Match and metadata.revision are given twice and differ");
    }
    pre.ifMatch = revisionTag;
  }
  return pre;
}
