// Form Packages -> the forms codegen reads. Every definition.json below the corpus root is one
// Form definition; its exact ref is computed, never trusted from a sibling file.
//
// INTERIM: corpus/lib's loadCatalog (corpus/lib/api.md) replaces the directory walk below once it
// lands; the rest of codegen reads only the LoadedForm shape.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { canonicalDigest } from "../../corpus/lib/index.js";
import type { ExactFormRef } from "../model/types.js";

/** The parsed definition.json members codegen reads. */
export interface FormDefinitionDoc {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  title: string;
  description?: string;
  role: "identity" | "revision" | "deployment" | "attachment" | "policy";
  desiredSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  lifecycleCapabilities: string[];
  immutableFields?: string[];
  providedInterfaces?: { apiVersion: string; name: string; version: string; schemaDigest: string }[];
  acceptedBindings?: { apiVersion: string; name: string; version: string; schemaDigest: string }[];
}

export interface LoadedForm {
  ref: ExactFormRef;
  definition: FormDefinitionDoc;
  /** Lifecycle capabilities the definition declares. */
  capabilities: string[];
  /** Package directory, relative to the corpus root (for messages only). */
  dir: string;
}

function findDefinitions(root: string, dir: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === "fixtures" || e.name === "node_modules") continue;
      findDefinitions(root, full, out);
    } else if (e.name === "definition.json") {
      out.push(full);
    }
  }
}

/** Loads every Form definition below `root`, sorted by kind then definitionVersion text. */
export function loadForms(root: string): LoadedForm[] {
  const files: string[] = [];
  findDefinitions(root, root, files);
  const forms: LoadedForm[] = [];
  for (const file of files) {
    const definition = JSON.parse(readFileSync(file, "utf8")) as FormDefinitionDoc;
    if (typeof definition.kind !== "string" || typeof definition.desiredSchema !== "object") continue;
    forms.push({
      ref: {
        apiVersion: definition.apiVersion,
        kind: definition.kind,
        definitionVersion: definition.definitionVersion,
        schemaDigest: canonicalDigest(definition),
      },
      definition,
      capabilities: [...definition.lifecycleCapabilities],
      dir: path.relative(root, path.dirname(file)) || ".",
    });
  }
  if (forms.length === 0) throw new Error(`no Form definitions found below ${root}`);
  return forms;
}
