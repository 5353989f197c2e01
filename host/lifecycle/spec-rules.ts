// The host's spec-only rules: decidable from the materialized spec alone, so they answer on
// validate (as diagnostics) and refuse prepare, apply and import (invalid_argument) alike.
//
// - canonicalization of a WorkerCustomDomain hostname, applied at the defaults entry point before
//   validation and digesting (decision 0026); a U-label is a diagnostic, never mapped;
// - the parsed cron grammar of a WorkerCronTrigger (decision 0020, cron-grammar-enforced);
// - the single environment namespace of a Worker Version's vars and bindings;
// - the runtime handler vocabulary (undeclared-runtime-handler-rejected).

import type { JsonObject } from "../../corpus/lib/index.js";
import type { Diagnostic, HostForm } from "../catalog/host-form.js";
import { canonicalizeCustomDomainSpec } from "../rules/attachments/custom-domain-hostname.js";
import { parseCron } from "../rules/attachments/cron-schedule.js";
import { bindingLists } from "../rules/environment/binding-lists.js";
import { environmentNamespace } from "../rules/environment/environment-namespace.js";
import type { Refusal } from "../rules/relations/outcome.js";
import type { RuntimeContract } from "../rules/support-profiles/runtime-contract.js";
import { undeclaredRuntimeHandler } from "../rules/support-profiles/undeclared-runtime-handler-rejected.js";

const EDGE = "edge.forms.takoform.com/v1beta1";

function isKind(form: HostForm, kind: string): boolean {
  return form.ref.apiVersion === EDGE && form.ref.kind === kind;
}

function diagnosticOf(refusal: Refusal): Diagnostic {
  const diagnostic: Diagnostic = { severity: "error", message: refusal.message };
  if (refusal.pointer !== undefined) diagnostic.field = refusal.pointer;
  return diagnostic;
}

/** Canonicalization that belongs to the materialization entry point; returns the spec to use. */
export function canonicalizeSpec(form: HostForm, spec: JsonObject): { spec: JsonObject; diagnostics: Diagnostic[] } {
  if (!isKind(form, "WorkerCustomDomain")) return { spec, diagnostics: [] };
  const canonical = canonicalizeCustomDomainSpec(spec);
  if (!canonical.ok) return { spec, diagnostics: [diagnosticOf(canonical)] };
  return { spec: canonical.spec as JsonObject, diagnostics: [] };
}

const listsCache = new WeakMap<HostForm, ReturnType<typeof bindingLists>>();

/** Diagnostics of the host's spec-only rules over a schema-valid materialized spec. */
export function specRuleDiagnostics(form: HostForm, spec: JsonObject, runtime: RuntimeContract | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const handler = undeclaredRuntimeHandler(form.ref, spec, runtime);
  if (handler !== undefined) out.push(handler);
  if (isKind(form, "WorkerCronTrigger") && typeof spec.cron === "string") {
    const cron = parseCron(spec.cron);
    if (!cron.ok) out.push(diagnosticOf(cron));
  }
  let lists = listsCache.get(form);
  if (lists === undefined) {
    lists = bindingLists(form.installed.definition.desiredSchema);
    listsCache.set(form, lists);
  }
  if (lists.length > 0) {
    const namespace = environmentNamespace(spec, lists);
    if (!namespace.ok) out.push(diagnosticOf(namespace));
  }
  return out;
}
