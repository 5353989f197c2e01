// verifyTree: verifies everything digest-bound below a directory.
//   1. every Form Package (a directory holding package-index.json), see package.ts;
//   2. every Interface and Binding Definition (their schemaDigest is recomputed);
//   3. every digest any JSON document in the tree declares about something the tree holds:
//      exact FormRefs (and package digests beside them), InterfaceRefs, BindingRefs, raw-file pins;
//   4. the corpus index (index.json at the root of the tree), entry by entry;
//   5. that no two definitions name one version with different bytes.
// Declarations about things the tree does not hold are counted as unresolved, not as problems.

import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { contractDocumentType, readContractDefinition, type ContractDefinition } from "./contract-definition.js";
import { CORPUS_INDEX_FILE, findIndexEntries, verifyIndexEntry } from "./corpus-index.js";
import { findDeclaredDigests, type DeclaredDigest } from "./declared-refs.js";
import { fileDigest } from "./digest.js";
import { formatContractRef, formatFormRef, formVersionKey } from "./form-ref.js";
import { readJsonFile } from "./json-file.js";
import { PACKAGE_INDEX_FILE } from "./package-index.js";
import { verifyFormPackage } from "./package.js";
import type { ExactFormRef } from "./types.js";
import { walkTree } from "./walk.js";

export interface TreeVerification {
  root: string;
  /** Number of digests recomputed and compared with a declaration. */
  checked: number;
  packages: number;
  interfaces: number;
  bindings: number;
  indexEntries: number;
  /** Declared refs naming a definition the tree does not hold. */
  unresolved: number;
  problems: string[];
}

interface KnownForm {
  ref: ExactFormRef;
  packageDigest: string;
  label: string;
}

interface KnownContract {
  contract: ContractDefinition;
  label: string;
}

export function verifyTree(dir: string): TreeVerification {
  const root = path.resolve(dir);
  const result: TreeVerification = { root, checked: 0, packages: 0, interfaces: 0, bindings: 0, indexEntries: 0, unresolved: 0, problems: [] };
  const problems = result.problems;
  const entries = walkTree(root);

  // 1. Form Packages.
  const packageDirs = entries.filter((e) => e.type === "file" && path.posix.basename(e.rel) === PACKAGE_INDEX_FILE).map((e) => path.posix.dirname(e.rel));
  if (existsSync(path.join(root, PACKAGE_INDEX_FILE))) packageDirs.unshift(".");
  const forms = new Map<string, KnownForm[]>();
  const documents: { label: string; value: unknown; dir: string }[] = [];
  for (const rel of packageDirs) {
    const label = rel === "." ? path.basename(root) : rel;
    const verified = verifyFormPackage(path.join(root, rel), label);
    result.packages++;
    result.checked += verified.digestsChecked;
    problems.push(...verified.problems);
    if (verified.ref && verified.packageDigest) {
      const key = formVersionKey(verified.ref);
      const known = forms.get(key) ?? [];
      for (const other of known) {
        if (other.ref.schemaDigest !== verified.ref.schemaDigest) {
          problems.push(`${label}: ${formatFormRef(verified.ref)} and ${other.label} name one definition version with different schemaDigests`);
        }
      }
      known.push({ ref: verified.ref, packageDigest: verified.packageDigest, label });
      forms.set(key, known);
    }
    if (verified.definition) documents.push({ label: `${label}/${verified.index?.definitionPath}`, value: verified.definition, dir: path.join(root, rel) });
  }
  const inPackage = (rel: string) => packageDirs.some((p) => p === "." || rel.startsWith(p + "/"));

  // 2. Other JSON documents, among them Interface and Binding Definitions.
  const contracts = new Map<string, KnownContract[]>();
  let corpusIndex: unknown;
  for (const entry of entries) {
    if (entry.type !== "file" || !entry.rel.endsWith(".json") || inPackage(entry.rel)) continue;
    const read = readJsonFile(entry.abs, entry.rel);
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    if (entry.rel === CORPUS_INDEX_FILE) corpusIndex = read.value;
    const type = contractDocumentType(read.value);
    if (type !== undefined) {
      const contract = readContractDefinition(read.value, entry.rel);
      if (!contract.ok) {
        problems.push(...contract.problems);
      } else {
        if (type === "interface") result.interfaces++;
        else result.bindings++;
        const key = `${type}\u0000${contract.contract.ref.name}\u0000${contract.contract.ref.version}`;
        const known = contracts.get(key) ?? [];
        for (const other of known) {
          if (other.contract.ref.schemaDigest !== contract.contract.ref.schemaDigest) {
            problems.push(`${entry.rel}: ${formatContractRef(contract.contract.ref)} and ${other.label} name one ${type} version with different schemaDigests`);
          }
        }
        known.push({ contract: contract.contract, label: entry.rel });
        contracts.set(key, known);
      }
    }
    documents.push({ label: entry.rel, value: read.value, dir: path.dirname(entry.abs) });
  }

  // 3. Declared digests.
  for (const document of documents) {
    for (const declared of findDeclaredDigests(document.value)) {
      const outcome = checkDeclared(declared, document.dir, forms, contracts);
      if (outcome === "unresolved") result.unresolved++;
      else {
        result.checked++;
        if (outcome !== "ok") problems.push(`${document.label}: ${declared.pointer}: ${outcome}`);
      }
    }
  }

  // 4. The corpus index.
  if (corpusIndex !== undefined) {
    for (const indexEntry of findIndexEntries(corpusIndex)) {
      result.indexEntries++;
      result.checked++;
      problems.push(...verifyIndexEntry(root, indexEntry, CORPUS_INDEX_FILE));
    }
  }
  return result;
}

/** "ok", "unresolved", or the problem text. */
function checkDeclared(
  declared: DeclaredDigest,
  dir: string,
  forms: Map<string, KnownForm[]>,
  contracts: Map<string, KnownContract[]>,
): string {
  switch (declared.type) {
    case "form": {
      const known = forms.get(formVersionKey(declared.ref));
      if (!known) return "unresolved";
      const same = known.find((k) => k.ref.schemaDigest === declared.ref.schemaDigest);
      if (!same) {
        return `schemaDigest mismatch for ${declared.ref.kind}@${declared.ref.definitionVersion}: expected ${declared.ref.schemaDigest}, actual ${known[0]?.ref.schemaDigest} (${known[0]?.label})`;
      }
      if (declared.packageDigest !== undefined && declared.packageDigest !== same.packageDigest) {
        return `packageDigest mismatch for ${declared.ref.kind}@${declared.ref.definitionVersion}: expected ${declared.packageDigest}, actual ${same.packageDigest} (${same.label})`;
      }
      return "ok";
    }
    case "interface":
    case "binding":
    case "contract": {
      const types = declared.type === "contract" ? ["interface", "binding"] : [declared.type];
      const known = types.flatMap((type) => contracts.get(`${type}\u0000${declared.ref.name}\u0000${declared.ref.version}`) ?? []);
      if (known.length === 0) return "unresolved";
      const apiVersion = "apiVersion" in declared.ref ? declared.ref.apiVersion : undefined;
      if (known.some((k) => k.contract.ref.schemaDigest === declared.ref.schemaDigest && (apiVersion === undefined || k.contract.ref.apiVersion === apiVersion))) return "ok";
      return `schemaDigest mismatch for ${known[0]?.contract.type} ${declared.ref.name}@${declared.ref.version}: expected ${declared.ref.schemaDigest}, actual ${known[0]?.contract.ref.schemaDigest} (${known[0]?.label})`;
    }
    case "file": {
      const target = path.resolve(dir, declared.path);
      if (!existsSync(target) || !statSync(target).isFile()) return `pinned file ${declared.path} does not exist`;
      const actual = fileDigest(readFileSync(target));
      return actual === declared.digest ? "ok" : `digest mismatch for ${declared.path}: expected ${declared.digest}, actual ${actual}`;
    }
  }
}
