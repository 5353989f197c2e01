// The environment namespace is single (Host API v1beta1): within one WorkerVersion, every vars
// key, every requiredSensitiveVars entry and every binding name across every binding list is one
// property of the runtime env object, so their union must be unique. A collision fails
// invalid_argument before any mutation, naming both pointers.

import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { escapeToken, matchPattern } from "../relations/pointer.js";
import type { BindingList } from "./binding-lists.js";

export interface EnvironmentEntry {
  name: string;
  pointer: string;
}

/** Every name the version projects into env, with the pointer that declares it, in spec order. */
export function environmentEntries(spec: Record<string, unknown>, lists: readonly BindingList[]): EnvironmentEntry[] {
  const entries: EnvironmentEntry[] = [];
  const vars = spec["vars"];
  if (vars !== null && typeof vars === "object" && !Array.isArray(vars)) {
    for (const key of Object.keys(vars)) entries.push({ name: key, pointer: `/vars/${escapeToken(key)}` });
  }
  const sensitive = spec["requiredSensitiveVars"];
  if (Array.isArray(sensitive)) {
    sensitive.forEach((name, i) => {
      if (typeof name === "string") entries.push({ name, pointer: `/requiredSensitiveVars/${i}` });
    });
  }
  for (const list of lists) {
    for (const match of matchPattern(spec, `${list.pointer}/*/name`)) {
      if (typeof match.value === "string") entries.push({ name: match.value, pointer: match.pointer });
    }
  }
  return entries;
}

export function environmentNamespace(spec: Record<string, unknown>, lists: readonly BindingList[]): RuleOutcome {
  const first = new Map<string, string>();
  for (const entry of environmentEntries(spec, lists)) {
    const earlier = first.get(entry.name);
    if (earlier !== undefined) {
      return refuse(
        "invalid_argument",
        `${entry.pointer}: the environment name "${entry.name}" is already declared at ${earlier}; vars, requiredSensitiveVars and binding names share one env object`,
        entry.pointer,
      );
    }
    first.set(entry.name, entry.pointer);
  }
  return accept();
}
