// The work every Host API v1beta1 host must do for a create (prepare, then PUT with
// If-None-Match: *), as the floor server does it: each step below is a MUST of the spec
// (../shared/spec/host-api-v1beta1.txt and the retained v1alpha2 rules it names), done the plain
// way, with nothing a host chooses beyond it (no uid index, no relation bookkeeping, no quota,
// no conditions). ADR 0250 lists each step against its rule.
//
//   decode     raw-first I-JSON decoding of the body (corpus/lib's parser: duplicate members,
//              lone surrogates and lossy numbers are refused, which JSON.parse lets through);
//   form       the exact FormRef resolved against the installed Forms (corpus/lib's Catalog);
//   admit      portable defaults materialized, then the spec validated against the Form's
//              desiredSchema (Ajv 2020, compiled once), at prepare;
//   digest     prepareDigest: an HMAC under a host secret over the RFC 8785 canonical text of
//              what prepare binds (tenant, space, FormRef, name, the create marker, the spec),
//              so a body whose members arrive in another order at PUT still matches;
//   replay     the Idempotency-Key's record looked up, the request fingerprinted by the host's
//              own rule (method, target, preconditions, body bytes), the record replayed when it
//              matches, refused when it does not;
//              and on success written in the same commit as the resource, with the answer.
//
// The floor server (server.ts) owns the HTTP, the name check and the group commit around these.

import { createHmac } from "node:crypto";
import {
  canonicalJson,
  compileSchema,
  isExactFormRef,
  isPlainObject,
  materializeDefaults,
  parseIJson,
  type Catalog,
  type InstalledForm,
} from "../../corpus/lib/index.js";
import { requestFingerprint } from "../../host/rules/shared-wire-rules/request-fingerprint.js";

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
  /** The replay fingerprint of a create (the host's rule, shared-wire-rules/request-fingerprint.ts). */
  fingerprint(request: { target: string; body: Buffer }): string;
}

export function refusal(value: unknown): value is Refusal {
  return isPlainObject(value) && typeof value.status === "number" && typeof value.code === "string";
}

export function createWork(catalog: Catalog, secret: Buffer): CreateWork {
  /** The installed Form of the document's exact FormRef and its materialized spec, or a Refusal. */
  const materialized = (document: CreateDocument): { form: InstalledForm; spec: Record<string, unknown> } | Refusal => {
    const form = catalog.form(document.form.formRef);
    if (form === undefined) return { status: 404, code: "form_not_found", message: "no installed Form has this exact FormRef" };
    return { form, spec: materializeDefaults(form.definition.desiredSchema, document.spec) };
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
      const found = materialized(document);
      if (refusal(found)) return found;
      // Compiled once per schema object (compile-schema.ts caches it), as the host's catalog does.
      const validate = compileSchema(found.form.definition.desiredSchema);
      if (!validate(found.spec)) {
        const error = validate.errors?.[0];
        return { status: 400, code: "invalid_argument", message: `/spec${error?.instancePath ?? ""}: ${error?.message ?? "does not match the desiredSchema"}` };
      }
      return found.spec;
    },
    materialize(document) {
      const found = materialized(document);
      return refusal(found) ? found : found.spec;
    },
    prepareDigest(tenant, document) {
      const bound = { tenant, space: document.metadata.space, formRef: document.form.formRef, name: document.metadata.name, create: true, spec: document.spec };
      return "hmac-sha256:" + createHmac("sha256", secret).update(canonicalJson(bound)).digest("base64url");
    },
    fingerprint({ target, body }) {
      return requestFingerprint({ method: "PUT", target, ifNoneMatch: "*", body });
    },
  };
}
