// loadFormPackage: a verified Form Package turned into an InstalledForm (relations, defaults and
// lifecycle capabilities derived once, here; no schema is compiled at load time).

import path from "node:path";
import { declaredDefaults } from "./defaults.js";
import { deriveLifecycleCapabilities } from "./lifecycle.js";
import { verifyFormPackage } from "./package.js";
import { deriveRelations, RelationDerivationError } from "./relations.js";
import type { InstalledForm, RelationSpec } from "./types.js";

export type LoadedPackage = { ok: true; form: InstalledForm } | { ok: false; problems: string[] };

/** Verifies and installs the Form Package in `dir`; problems name files as `${label}/<path>`. */
export function loadFormPackage(dir: string, label: string = path.basename(dir)): LoadedPackage {
  const verified = verifyFormPackage(dir, label);
  if (verified.problems.length > 0) return { ok: false, problems: verified.problems };
  const { definition, ref, packageDigest, index } = verified;
  if (!definition || !ref || !packageDigest || !index) return { ok: false, problems: [`${label}: package did not verify`] };
  const where = `${label}/${index.definitionPath}`;
  let relations: RelationSpec[];
  try {
    relations = deriveRelations(definition.desiredSchema);
  } catch (error) {
    if (error instanceof RelationDerivationError) return { ok: false, problems: [`${where}: /desiredSchema${error.pointer === "" ? "" : " relation " + error.pointer}: ${error.message}`] };
    throw error;
  }
  const capabilities = deriveLifecycleCapabilities(definition);
  const declared = definition.lifecycleCapabilities;
  if (declared.length !== capabilities.length || !capabilities.every((c) => declared.includes(c))) {
    return {
      ok: false,
      problems: [`${where}: /lifecycleCapabilities: declares [${declared.join(", ")}] but its fields derive [${capabilities.join(", ")}]`],
    };
  }
  return {
    ok: true,
    form: {
      ref: { apiVersion: ref.apiVersion, kind: ref.kind, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest },
      definition,
      packageDigest,
      dir: path.resolve(dir),
      relations,
      defaults: declaredDefaults(definition.desiredSchema),
      capabilities,
    },
  };
}
