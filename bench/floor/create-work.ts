// The work every Host API v1beta1 host must do for a create (prepare, then PUT with
// If-None-Match: *), as the floor server does it: each step below is a MUST of the spec
// (../shared/spec/host-api-v1beta1.txt and the retained v1alpha2 rules it names), done the plain
// way, with nothing a host chooses beyond it (no uid index, no relation bookkeeping, no quota,
// no conditions). ADR 0250 lists each step against its rule.
//
//   decode     raw-first I-JSON decoding of the body (corpus/lib's parser: duplicate members,
//              lone surrogates and lossy numbers are refused, which JSON.parse lets through);
//   form       the exact FormRef resolved against the installed Forms;
//   admit      portable defaults materialized, then the spec validated against the Form's
//              desiredSchema (Ajv 2020, compiled once), at prepare;
//   digest     prepareDigest: an HMAC under a host secret over the RFC 8785 canonical text of
//              what prepare binds (tenant, space, FormRef, name, the create marker, the spec),
//              so a body whose members arrive in another order at PUT still matches;
//   replay     the Idempotency-Key's record looked up, fingerprinted (method, target,
//              preconditions, body bytes), replayed when it matches, refused when it does not;
//              and on success written in the same commit as the resource, with the answer.
//
// The floor server (server.ts) owns the HTTP, the name check and the group commit around these.

import { createHash, createHmac } from "node:crypto";
import {
  canonicalJson,
  compileSchema,
  isExactFormRef,
  isPlainObject,
  materializeDefaults,
  parseIJson,
  type InstalledForm,
  type JsonSchema,
  type ValidateFunction,
} from "../../corpus/lib/index.js";

export interface CreateDocument {
  apiVersion: string;
  kind: string;
  form: { formRef: { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } };
  metadata: { name: string; space: string };
  spec: Record<string, unknown>;
  review?: { prepareDigest?: unknown };
}

/** A refusal: the HTTP status and the error code of the closed taxonomy. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

interface AdmittedForm {
  desiredSchema: JsonSchema;
  validate: ValidateFunction;
}

export interface CreateWork {
  /** Decodes and shape-checks a resource request body; a Refusal when it is not one. */
  decode(body: Buffer): CreateDocument | Refusal;
  /** Defaults, then the desiredSchema; returns the materialized spec or a Refusal. */
  admit(document: CreateDocument): Record<string, unknown> | Refusal;
  /**
   * Defaults only, at PUT: the digest binds the very spec prepare admitted, under a FormRef whose
   * schemaDigest pins the schema, so validating it again could not change the answer.
   */
  materialize(document: CreateDocument): Record<string, unknown> | Refusal;
  /** The prepareDigest of a create of `document` (its spec as given) for `tenant`. */
  prepareDigest(tenant: string, document: CreateDocument): string;
  /** The replay fingerprint of a request. */
  fingerprint(request: { method: string; target: string; ifNoneMatch: string; body: Buffer }): string;
}

export function refusal(value: unknown): value is Refusal {
  return isPlainObject(value) && typeof value.status === "number" && typeof value.code === "string";
}

export function createWork(forms: readonly InstalledForm[], secret: Buffer): CreateWork {
  const installed = new Map<string, AdmittedForm>();
  for (const form of forms) {
    const { apiVersion, kind, definitionVersion, schemaDigest } = form.ref;
    const desiredSchema = form.definition.desiredSchema;
    installed.set(`${apiVersion}\n${kind}\n${definitionVersion}\n${schemaDigest}`, { desiredSchema, validate: compileSchema(desiredSchema) });
  }
  const formOf = (document: CreateDocument): AdmittedForm | undefined => {
    const ref = document.form.formRef;
    return installed.get(`${ref.apiVersion}\n${ref.kind}\n${ref.definitionVersion}\n${ref.schemaDigest}`);
  };
  return {
    decode(body) {
      const decoded = parseIJson(body);
      if (!decoded.ok) return { status: 400, code: "invalid_argument", message: `${decoded.pointer || "/"}: ${decoded.message}` };
      const value = decoded.value;
      const shaped =
        isPlainObject(value) &&
        typeof value.apiVersion === "string" &&
        typeof value.kind === "string" &&
        isPlainObject(value.form) &&
        isExactFormRef(value.form.formRef) &&
        isPlainObject(value.metadata) &&
        typeof value.metadata.name === "string" &&
        typeof value.metadata.space === "string" &&
        isPlainObject(value.spec);
      if (!shaped)
        return {
          status: 400,
          code: "invalid_argument",
          message: "a resource request needs apiVersion, kind, form.formRef, metadata.name, metadata.space and spec",
        };
      return value as unknown as CreateDocument;
    },
    admit(document) {
      const form = formOf(document);
      if (form === undefined) return { status: 404, code: "form_not_found", message: "no installed Form has this exact FormRef" };
      const spec = materializeDefaults(form.desiredSchema, document.spec);
      if (!form.validate(spec)) {
        const error = form.validate.errors?.[0];
        return { status: 400, code: "invalid_argument", message: `/spec${error?.instancePath ?? ""}: ${error?.message ?? "does not match the desiredSchema"}` };
      }
      return spec;
    },
    materialize(document) {
      const form = formOf(document);
      if (form === undefined) return { status: 404, code: "form_not_found", message: "no installed Form has this exact FormRef" };
      return materializeDefaults(form.desiredSchema, document.spec);
    },
    prepareDigest(tenant, document) {
      const bound = { tenant, space: document.metadata.space, formRef: document.form.formRef, name: document.metadata.name, create: true, spec: document.spec };
      return "hmac-sha256:" + createHmac("sha256", secret).update(canonicalJson(bound)).digest("base64url");
    },
    fingerprint(request) {
      const hash = createHash("sha256");
      for (const part of [request.method, request.target, request.ifNoneMatch]) hash.update(`${Buffer.byteLength(part)}:${part}\n`);
      hash.update(request.body);
      return "sha256:" + hash.digest("hex");
    },
  };
}
