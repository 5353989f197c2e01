// The desired-spec gauntlet shared by validate, prepare, apply and import, in the order the spec
// states it: the document's identity agrees with its path and its exact FormRef, the exact Form
// is installed, declared defaults are materialized and the kind's canonicalization applied at the entry point
// (Portable defaults; decision 0026), and the MATERIALIZED spec is validated against the installed
// desiredSchema and the host's own spec-only rules (spec-rules.ts). Nothing here reads the store.

import { specDigest, type JsonObject } from "../../../corpus/lib/index.js";
import type { Diagnostic, HostForm } from "../../catalog/host-form.js";
import { refuse, type HostError } from "../../errors.js";
import { formRefMatchesEnvelope } from "../../rules/exact-form/form-ref-matches-envelope.js";
import { resolveExactForm } from "../../rules/exact-form/resolve-exact-form.js";
import { bodyIdentityMatchesPath, type PathIdentity } from "../../rules/path-shape/body-identity-matches-path.js";
import type { ResourceRequest } from "../../wire/resource-request.js";
import type { HostContext } from "../context.js";
import { canonicalizeSpec, specRuleDiagnostics } from "./spec-rules.js";
import { check } from "../../rules/outcome.js";

export interface AdmittedSpec {
  form: HostForm;
  /** The materialized spec: what is digested, stored and echoed. */
  spec: JsonObject;
  specDigest: string;
  diagnostics: Diagnostic[];
}

const MAX_DIAGNOSTICS = 256;

export function admitSpec(ctx: HostContext, request: ResourceRequest, path?: PathIdentity): AdmittedSpec {
  if (path !== undefined) {
    check(bodyIdentityMatchesPath({ apiVersion: request.apiVersion, kind: request.kind, name: request.name }, path));
  }
  check(formRefMatchesEnvelope(request.apiVersion, request.kind, request.ref));
  const form = resolveExactForm(ctx.catalog, request.ref);
  if (form instanceof Error) throw form;
  const kind = ctx.kinds.of(form.ref);
  const canonical = canonicalizeSpec(kind, form.materialize(request.spec));
  const spec = canonical.spec;
  const schema = explainPatternFailures(form.validateDesired(spec), () => specRuleDiagnostics(form, kind, spec, ctx.runtime));
  const diagnostics = [...canonical.diagnostics, ...schema];
  // The host's own rules read fields the schema has already vouched for.
  if (diagnostics.length === 0) diagnostics.push(...specRuleDiagnostics(form, kind, spec, ctx.runtime));
  return { form, spec, specDigest: specDigest(spec), diagnostics: diagnostics.slice(0, MAX_DIAGNOSTICS) };
}

/**
 * A pattern failure says only "must match pattern <regex>" (the cron pattern is 300 characters).
 * When every schema problem is a pattern failure, the types hold, so the host's own rules can run:
 * a rule that explains the same field (cron: which field, what range) replaces the bare pattern.
 */
export function explainPatternFailures(schema: Diagnostic[], explain: () => Diagnostic[]): Diagnostic[] {
  if (schema.length === 0 || !schema.every((d) => d.message.includes("must match pattern"))) return schema;
  const rules = explain();
  return schema.map((d) => rules.find((r) => r.field !== undefined && r.field === d.field) ?? d);
}

/** For the binding surfaces: any diagnostic refuses the request, naming them all. */
export function requireValidSpec(admitted: AdmittedSpec): void {
  if (admitted.diagnostics.length === 0) return;
  const first = admitted.diagnostics[0]!;
  throw refuse.invalid_argument(`the desired spec violates the installed Form Definition: ${first.field ?? ""}${first.field ? ": " : ""}${first.message}`, {
    details: { diagnostics: admitted.diagnostics },
  });
}
