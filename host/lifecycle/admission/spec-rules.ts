// The host's spec-only rules: decidable from the materialized spec alone, so they answer on
// validate (as diagnostics) and refuse prepare, apply and import (invalid_argument) alike.
//
// - the canonicalization a kind applies at the defaults entry point, before validation and
//   digesting (its KindBehaviour.canonicalize; decision 0026);
// - the spec rules a kind adds (KindBehaviour.specRules, e.g. a parsed grammar; decision 0020);
// - the single environment namespace of every Form whose schema declares binding lists;
// - the runtime handler vocabulary (undeclared-runtime-handler-rejected).

import type { JsonObject } from "../../../corpus/lib/index.js";
import type { Diagnostic, HostForm } from "../../catalog/host-form.js";
import type { KindBehaviour } from "../../kinds/behaviour.js";
import { bindingLists } from "../../rules/environment/binding-lists.js";
import { environmentNamespace } from "../../rules/environment/environment-namespace.js";
import { diagnosticOf } from "../../rules/outcome.js";
import type { RuntimeContract } from "../../rules/support-profiles/runtime-contract.js";
import { undeclaredRuntimeHandler } from "../../rules/support-profiles/undeclared-runtime-handler-rejected.js";

/** Canonicalization that belongs to the materialization entry point; returns the spec to use. */
export function canonicalizeSpec(kind: KindBehaviour | undefined, spec: JsonObject): { spec: JsonObject; diagnostics: Diagnostic[] } {
  return kind?.canonicalize === undefined ? { spec, diagnostics: [] } : kind.canonicalize(spec);
}

const listsCache = new WeakMap<HostForm, ReturnType<typeof bindingLists>>();

/** Diagnostics of the host's spec-only rules over a schema-valid materialized spec. */
export function specRuleDiagnostics(form: HostForm, kind: KindBehaviour | undefined, spec: JsonObject, runtime: RuntimeContract | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const handler = undeclaredRuntimeHandler(form.ref, spec, runtime);
  if (handler !== undefined) out.push(handler);
  if (kind?.specRules !== undefined) out.push(...kind.specRules(spec));
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
