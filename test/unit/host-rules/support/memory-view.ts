// A plain in-memory RelationView for the rule tests: a list of stored resources of one tenant,
// the installed Definitions, and the installed Binding contracts. It does what a host's store
// view does and nothing more; every rule decision stays in the code under test.
import type { BindingDefinition, BindingRef, ExactFormRef, FormDefinition } from "../../../../corpus/lib/index.js";
import type { Holder, RelationRecord, RelationView, StoredTarget } from "../../../../host/rules/relations/view.js";
import { refOf } from "./reference.js";

let counter = 0;
export function newUid(prefix = "uid"): string {
  counter += 1;
  return `${prefix}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export class MemoryView implements RelationView {
  readonly resources: StoredTarget[] = [];
  private readonly definitions: FormDefinition[] = [];
  private readonly bindings: { ref: BindingRef; definition: BindingDefinition }[] = [];

  install(...defs: FormDefinition[]): this {
    this.definitions.push(...defs);
    return this;
  }

  installBinding(contract: { ref: BindingRef; definition: BindingDefinition }): this {
    this.bindings.push(contract);
    return this;
  }

  add(def: FormDefinition, name: string, spec: Record<string, unknown> = {}, options: Partial<StoredTarget> = {}): StoredTarget {
    const stored: StoredTarget = {
      uid: newUid(def.kind.toLowerCase()),
      space: "default",
      name,
      formRef: refOf(def),
      spec,
      relations: [],
      status: { conditions: [{ type: "Ready", status: "True", reason: "Available" }] },
      ...options,
    };
    this.resources.push(stored);
    return stored;
  }

  remove(uid: string): void {
    const i = this.resources.findIndex((r) => r.uid === uid);
    if (i >= 0) this.resources.splice(i, 1);
  }

  resolve(space: string, apiVersion: string, kind: string, name: string): StoredTarget | undefined {
    return this.resources.find((r) => r.space === space && r.formRef.apiVersion === apiVersion && r.formRef.kind === kind && r.name === name);
  }

  byUid(uid: string): StoredTarget | undefined {
    return this.resources.find((r) => r.uid === uid);
  }

  definitionOf(ref: ExactFormRef): FormDefinition | undefined {
    return this.definitions.find((d) => {
      const r = refOf(d);
      return r.apiVersion === ref.apiVersion && r.kind === ref.kind && r.definitionVersion === ref.definitionVersion && r.schemaDigest === ref.schemaDigest;
    });
  }

  installedBinding(name: string, version: string): { ref: BindingRef; definition: BindingDefinition } | undefined {
    return this.bindings.find((b) => b.ref.name === name && b.ref.version === version);
  }

  holdersOf(uid: string): Holder[] {
    const out: Holder[] = [];
    for (const r of this.resources) {
      for (const record of r.relations) {
        if (record.targetUid === uid) out.push({ uid: r.uid, space: r.space, name: r.name, formRef: r.formRef, record });
      }
    }
    return out;
  }

  /** Stores records as the pins of a resource (what the host does after an accepted mutation). */
  pin(resource: StoredTarget, records: RelationRecord[]): void {
    resource.relations = records;
  }
}
