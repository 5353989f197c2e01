// Decoding of the request documents of validate, prepare, apply and import (resourceRequest,
// applyRequest, importRequest of the wire schema) from an already I-JSON-decoded value.
// Every refusal is invalid_argument and names the member it is about.

import { isDigest, type ExactFormRef, type JsonObject } from "../../corpus/lib/index.js";
import { refuse, type HostError } from "../errors.js";
import { closedEnvelope } from "../rules/shared-wire-rules/closed-request-envelope.js";
import { spaceIdGrammar } from "../rules/shared-wire-rules/space-id-grammar.js";
import { resourceNameGrammar } from "../rules/resource-identity/resource-name-grammar.js";
import { isCanonicalDecimal } from "./decimal.js";
import { formRefProblem, isApiVersion, isKind, toFormRef } from "./form-ref.js";
import { check } from "../rules/outcome.js";

const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export type RequestShape = "resource" | "apply" | "import";

export interface ResourceRequest {
  apiVersion: string;
  kind: string;
  ref: ExactFormRef;
  /** form.packageDigest as sent (audit evidence only). */
  packageDigest?: string;
  name: string;
  space: string;
  /** metadata.uid / generation / revision as sent. */
  uid?: string;
  generation?: string;
  revision?: string;
  /** The spec exactly as sent (before defaults are materialized). */
  spec: JsonObject;
  /** apply only */
  prepareDigest?: string;
  expectedUid?: string;
  expectedGeneration?: string;
  /** import only */
  nativeId?: string;
}

const CORE_MEMBERS = ["apiVersion", "kind", "form", "metadata", "spec"] as const;
const SHAPE_MEMBERS: Record<RequestShape, readonly string[]> = {
  resource: CORE_MEMBERS,
  apply: [...CORE_MEMBERS, "review", "expectedUid", "expectedGeneration"],
  import: [...CORE_MEMBERS, "nativeId"],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw refuse.invalid_argument(message);
}

/** Decodes one request document or throws an invalid_argument HostError. */
export function decodeResourceRequest(document: unknown, shape: RequestShape): ResourceRequest {
  if (!isObject(document)) fail("the request body must be a JSON object");
  check(closedEnvelope(document, SHAPE_MEMBERS[shape], ""));
  for (const member of CORE_MEMBERS) {
    if (!(member in document)) fail(`/${member}: required member is missing`);
  }
  if (!isApiVersion(document.apiVersion)) fail("/apiVersion: not a namespaced Form group/version");
  if (!isKind(document.kind)) fail("/kind: not a Form kind");

  const form = document.form;
  if (!isObject(form)) fail("/form: must be an object");
  check(closedEnvelope(form, ["formRef", "packageDigest"], "/form"));
  if (!isObject(form.formRef)) fail("/form/formRef: an exact FormRef is required");
  check(closedEnvelope(form.formRef, ["apiVersion", "kind", "definitionVersion", "schemaDigest"], "/form/formRef"));
  const refProblem = formRefProblem(form.formRef);
  if (refProblem !== undefined) fail(`/form/formRef: ${refProblem}`);
  if (form.packageDigest !== undefined && !isDigest(form.packageDigest)) {
    fail("/form/packageDigest: must be a sha256:<64 lowercase hex> digest");
  }

  const metadata = document.metadata;
  if (!isObject(metadata)) fail("/metadata: must be an object");
  check(closedEnvelope(metadata, ["name", "space", "uid", "generation", "revision"], "/metadata"));
  check(resourceNameGrammar(metadata.name, "/metadata/name"));
  check(spaceIdGrammar(metadata.space, "/metadata/space"));
  if (metadata.uid !== undefined && !(typeof metadata.uid === "string" && UID.test(metadata.uid))) {
    fail("/metadata/uid: not a host-issued uid");
  }
  if (metadata.generation !== undefined && !isCanonicalDecimal(metadata.generation)) {
    fail("/metadata/generation: must be a canonical decimal string in 1..9223372036854775807");
  }
  if (metadata.revision !== undefined && !isCanonicalDecimal(metadata.revision)) {
    fail("/metadata/revision: must be a canonical decimal string in 1..9223372036854775807");
  }
  if (!isObject(document.spec)) fail("/spec: must be a JSON object");

  const request: ResourceRequest = {
    apiVersion: document.apiVersion,
    kind: document.kind,
    ref: toFormRef(form.formRef),
    name: metadata.name as string,
    space: metadata.space as string,
    spec: document.spec as JsonObject,
  };
  if (form.packageDigest !== undefined) request.packageDigest = form.packageDigest as string;
  if (metadata.uid !== undefined) request.uid = metadata.uid as string;
  if (metadata.generation !== undefined) request.generation = metadata.generation as string;
  if (metadata.revision !== undefined) request.revision = metadata.revision as string;

  if (shape === "apply") {
    const review = document.review;
    if (!isObject(review)) fail("/review: apply requires review.prepareDigest from prepare");
    check(closedEnvelope(review, ["prepareDigest"], "/review"));
    if (!isDigest(review.prepareDigest)) fail("/review/prepareDigest: must be a sha256 digest returned by prepare");
    request.prepareDigest = review.prepareDigest;
    if (document.expectedUid !== undefined) {
      if (!(typeof document.expectedUid === "string" && UID.test(document.expectedUid))) fail("/expectedUid: not a uid");
      request.expectedUid = document.expectedUid;
    }
    if (document.expectedGeneration !== undefined) {
      if (!isCanonicalDecimal(document.expectedGeneration)) {
        fail("/expectedGeneration: must be a canonical decimal string in 1..9223372036854775807");
      }
      request.expectedGeneration = document.expectedGeneration;
    }
  }
  if (shape === "import") {
    const nativeId = document.nativeId;
    if (typeof nativeId !== "string") fail("/nativeId: import requires the nativeId it adopts");
    const length = [...nativeId].length;
    if (length < 1 || length > 4096) fail("/nativeId: must hold 1 to 4096 characters");
    request.nativeId = nativeId;
  }
  return request;
}
