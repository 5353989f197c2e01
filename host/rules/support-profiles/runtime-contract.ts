// Support profiles: "A host that supports the Edge Platform Family's ModuleWorker MUST advertise
// the ES Module Worker runtime ABI contract worker.runtime@1.0.0 at the exact schemaDigest that
// Form's providedInterfaces names, and MUST advertise the WorkerVersion handlers enum as exactly
// the handler vocabulary that contract defines."
//
// The runtime ABI this host implements is the one contract every installed Form providing
// worker.runtime agrees on, installed at exactly the digest they name (decision 0022,
// consequences). None, or two different ones, means the host cannot say which ABI it
// implements, and the answer is "none" rather than a guess.

import type { InstalledInterface, InterfaceRef } from "../../../corpus/lib/index.js";
import type { HostCatalog } from "../../catalog/host-catalog.js";

export const RUNTIME_INTERFACE_NAME = "worker.runtime";

export interface RuntimeContract {
  ref: InterfaceRef;
  /** The closed handler vocabulary the contract defines (loadModule's declaredHandlers enum). */
  handlers: string[];
}

export function resolveRuntimeContract(catalog: HostCatalog): RuntimeContract | undefined {
  let resolved: InstalledInterface | undefined;
  for (const form of catalog.forms()) {
    for (const provided of form.installed.definition.providedInterfaces ?? []) {
      if (provided.name !== RUNTIME_INTERFACE_NAME) continue;
      const installed = catalog.interface(provided.name, provided.version);
      if (installed === undefined || installed.ref.schemaDigest !== provided.schemaDigest) return undefined;
      if (resolved !== undefined && resolved.ref.schemaDigest !== installed.ref.schemaDigest) return undefined;
      resolved = installed;
    }
  }
  if (resolved === undefined) return undefined;
  return { ref: resolved.ref, handlers: runtimeHandlerVocabulary(resolved.definition) };
}

/** The handler names the runtime contract defines: the enum of loadModule's declaredHandlers. */
export function runtimeHandlerVocabulary(definition: { operations?: unknown }): string[] {
  const operations = Array.isArray(definition.operations) ? definition.operations : [];
  for (const operation of operations) {
    if (typeof operation !== "object" || operation === null) continue;
    const op = operation as Record<string, unknown>;
    if (op.name !== "loadModule") continue;
    const enumValues = dig(op, ["inputSchema", "properties", "declaredHandlers", "items", "enum"]);
    if (Array.isArray(enumValues)) return enumValues.filter((value): value is string => typeof value === "string");
  }
  return [];
}

function dig(value: unknown, path: string[]): unknown {
  let current = value;
  for (const member of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[member];
  }
  return current;
}
