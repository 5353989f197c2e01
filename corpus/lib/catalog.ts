// loadCatalog: installs every Form Package, Interface Definition and Binding Definition found below
// the given directories. Forms are keyed by the WHOLE exact FormRef (decision 0022 rule 1): two
// definition versions of one kind coexist; two definitions agreeing on group, kind and
// definitionVersion but differing in schemaDigest are refused. Interfaces are keyed by their exact
// InterfaceRef, Bindings by name and version.

import path from "node:path";
import { defaultCatalogCache, directoryKey, readCachedDirectory, writeCachedDirectory, type CatalogCache, type DirectoryLoad, type InstalledContract } from "./catalog-cache.js";
import { contractDocumentType, readContractDefinition } from "./contract-definition.js";
import { formatFormRef, formRefKey, formVersionKey, groupKindKey } from "./form-ref.js";
import { readJsonFile } from "./json-file.js";
import { loadFormPackage } from "./load-package.js";
import { PACKAGE_INDEX_FILE } from "./package-index.js";
import type { BindingDefinition, ExactFormRef, InstalledBinding, InstalledForm, InstalledInterface, InterfaceDefinition, InterfaceRef } from "./types.js";
import { walkTree, type TreeEntry } from "./walk.js";

export interface Catalog {
  forms(): InstalledForm[];
  form(ref: ExactFormRef): InstalledForm | undefined;
  formsOf(apiVersion: string, kind: string): InstalledForm[];
  interface(ref: InterfaceRef): InterfaceDefinition | undefined;
  binding(name: string, version: string): BindingDefinition | undefined;
  interfaces(): InstalledInterface[];
  bindings(): InstalledBinding[];
}

export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`cannot load the catalog:\n  ${problems.join("\n  ")}`);
    this.name = "CatalogError";
  }
}

/** Verifies and installs everything below one directory, in discovery order (no cross-directory checks). */
function loadDirectory(dir: string, root: string, entries: readonly TreeEntry[], problems: string[]): DirectoryLoad {
  const load: DirectoryLoad = { forms: [], contracts: [] };
  const packageDirs = entries.filter((e) => e.type === "file" && path.posix.basename(e.rel) === PACKAGE_INDEX_FILE).map((e) => path.posix.dirname(e.rel));
  const inPackage = (rel: string) => packageDirs.some((p) => rel.startsWith(p + "/"));
  for (const rel of packageDirs) {
    const loaded = loadFormPackage(path.join(root, rel), path.join(dir, rel));
    if (loaded.ok) load.forms.push(loaded.form);
    else problems.push(...loaded.problems);
  }
  for (const entry of entries) {
    if (entry.type !== "file" || !entry.rel.endsWith(".json") || inPackage(entry.rel)) continue;
    // Only files that can be contract documents are decoded in full.
    if (path.posix.basename(entry.rel) !== "definition.json") continue;
    const read = readJsonFile(entry.abs, path.join(dir, entry.rel));
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    if (contractDocumentType(read.value) === undefined) continue;
    const contract = readContractDefinition(read.value, path.join(dir, entry.rel));
    if (!contract.ok) {
      problems.push(...contract.problems);
      continue;
    }
    const c = contract.contract;
    load.contracts.push({ type: c.type, ref: c.ref, definition: c.definition, path: entry.abs } as InstalledContract);
  }
  return load;
}

export interface LoadCatalogOptions {
  /**
   * Where directories that verified are remembered (catalog-cache.ts). Default: the built-in corpus
   * in dist/.catalog-cache; null: verify everything every time.
   */
  cache?: CatalogCache | null;
}

/** Loads and verifies everything below `dirs`; throws CatalogError listing every problem. */
export function loadCatalog(dirs: readonly string[], options: LoadCatalogOptions = {}): Catalog {
  const cache = options.cache === null ? undefined : (options.cache ?? defaultCatalogCache());
  const problems: string[] = [];
  const forms = new Map<string, InstalledForm>();
  const versions = new Map<string, InstalledForm>();
  const byGroupKind = new Map<string, InstalledForm[]>();
  const interfaces = new Map<string, InstalledInterface>();
  const bindings = new Map<string, InstalledBinding>();

  for (const dir of dirs) {
    const root = path.resolve(dir);
    const entries = walkTree(root);
    const key = cache === undefined ? undefined : directoryKey(entries);
    let load = key === undefined ? undefined : readCachedDirectory(cache, root, key);
    if (load === undefined) {
      const found: string[] = [];
      load = loadDirectory(dir, root, entries, found);
      if (found.length === 0 && key !== undefined) writeCachedDirectory(cache, root, key, load);
      problems.push(...found);
    }
    for (const form of load.forms) {
      const key = formRefKey(form.ref);
      if (forms.has(key)) continue; // the same exact identity twice is one Form
      const other = versions.get(formVersionKey(form.ref));
      if (other) {
        problems.push(`${form.dir} and ${other.dir}: two definitions of ${form.ref.apiVersion} ${form.ref.kind}@${form.ref.definitionVersion} differ in schemaDigest (${other.ref.schemaDigest} and ${form.ref.schemaDigest}); a definition version names one set of bytes`);
        continue;
      }
      forms.set(key, form);
      versions.set(formVersionKey(form.ref), form);
      const line = groupKindKey(form.ref.apiVersion, form.ref.kind);
      byGroupKind.set(line, [...(byGroupKind.get(line) ?? []), form]);
    }
    for (const { type, ...c } of load.contracts) {
      const key = `${c.ref.apiVersion}\u0000${c.ref.name}\u0000${c.ref.version}`;
      const map = (type === "interface" ? interfaces : bindings) as Map<string, InstalledInterface | InstalledBinding>;
      const existing = map.get(key);
      if (existing && existing.ref.schemaDigest !== c.ref.schemaDigest) {
        problems.push(`${c.path} and ${existing.path}: two ${type} definitions of ${c.ref.name}@${c.ref.version} differ in schemaDigest`);
        continue;
      }
      if (!existing) map.set(key, c as InstalledInterface | InstalledBinding);
    }
  }
  if (problems.length > 0) throw new CatalogError(problems);

  const sortedForms = [...forms.values()].sort((a, b) => (formatFormRef(a.ref) < formatFormRef(b.ref) ? -1 : 1));
  return {
    forms: () => [...sortedForms],
    form: (ref) => forms.get(formRefKey(ref)),
    formsOf: (apiVersion, kind) => [...(byGroupKind.get(groupKindKey(apiVersion, kind)) ?? [])],
    interface: (ref) => {
      const found = interfaces.get(`${ref.apiVersion}\u0000${ref.name}\u0000${ref.version}`);
      return found && found.ref.schemaDigest === ref.schemaDigest ? found.definition : undefined;
    },
    binding: (name, version) => {
      for (const b of bindings.values()) if (b.ref.name === name && b.ref.version === version) return b.definition;
      return undefined;
    },
    interfaces: () => [...interfaces.values()],
    bindings: () => [...bindings.values()],
  };
}
