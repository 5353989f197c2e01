// The installed set, keyed by the WHOLE exact identity (decision 0022 rules 1 and 2).
//
// Two definition versions of one group and kind are two entries and answer independently; two
// definitions agreeing on group, kind and definitionVersion but not on schemaDigest are refused
// at installation, because a definition version names one set of bytes and the support path
// resolves an exact identity from the version alone.

import { formRefKey, formVersionKey, type ExactFormRef, type InstalledBinding, type InstalledInterface } from "../../corpus/lib/index.js";
import type { HostForm } from "./host-form.js";

export interface CatalogContents {
  forms: HostForm[];
  interfaces: InstalledInterface[];
  bindings: InstalledBinding[];
}

export class CatalogConflictError extends Error {}

export class HostCatalog {
  readonly #byRef = new Map<string, HostForm>();
  readonly #byLine = new Map<string, HostForm>();
  readonly #interfaces = new Map<string, InstalledInterface>();
  readonly #bindings = new Map<string, InstalledBinding>();

  constructor(contents: CatalogContents) {
    for (const form of contents.forms) {
      const key = formRefKey(form.ref);
      if (this.#byRef.has(key)) continue; // the same exact identity from another package: one Form
      const line = formVersionKey(form.ref);
      const other = this.#byLine.get(line);
      if (other !== undefined) {
        throw new CatalogConflictError(
          `two definitions of ${form.ref.apiVersion} ${form.ref.kind}@${form.ref.definitionVersion} differ in schemaDigest ` +
            `(${other.ref.schemaDigest} and ${form.ref.schemaDigest}); a definition version names one set of bytes`,
        );
      }
      this.#byRef.set(key, form);
      this.#byLine.set(line, form);
    }
    for (const contract of contents.interfaces) {
      this.#interfaces.set(`${contract.ref.name}@${contract.ref.version}`, contract);
    }
    for (const contract of contents.bindings) {
      this.#bindings.set(`${contract.ref.name}@${contract.ref.version}`, contract);
    }
  }

  #sorted: HostForm[] | undefined;

  /**
   * Every installed Form, in a stable order: by exact identity, in code-unit order (not
   * localeCompare: the first call of that builds ICU's collator, 15 ms of a host start, and its
   * order may follow the locale). The catalog never changes after construction: sorted once.
   */
  forms(): HostForm[] {
    this.#sorted ??= [...this.#byRef.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, form]) => form);
    return this.#sorted.slice();
  }

  /** The Form installed under exactly this identity, or undefined. Never matches by group and kind. */
  exact(ref: ExactFormRef): HostForm | undefined {
    return this.#byRef.get(formRefKey(ref));
  }

  /** The one Form installed for group, kind and definitionVersion (the support path's address). */
  line(apiVersion: string, kind: string, definitionVersion: string): HostForm | undefined {
    return this.#byLine.get(formVersionKey({ apiVersion, kind, definitionVersion }));
  }

  interface(name: string, version: string): InstalledInterface | undefined {
    return this.#interfaces.get(`${name}@${version}`);
  }

  binding(name: string, version: string): InstalledBinding | undefined {
    return this.#bindings.get(`${name}@${version}`);
  }

  interfaces(): InstalledInterface[] {
    return [...this.#interfaces.values()];
  }

  bindings(): InstalledBinding[] {
    return [...this.#bindings.values()];
  }
}
