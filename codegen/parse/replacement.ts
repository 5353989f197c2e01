// Which desired pointers plan a replacement (Host API v1beta1, "Lifecycle capabilities";
// decision 0029): every field of a Form without update, every field of a revision-role Form, and
// every immutable field (immutableFields, or x-takoform-immutable on its own schema) with
// everything below it.

import type { LoadedForm } from "./load.js";

export interface ReplacementRule {
  replaceAt(pointer: string): boolean;
  /** Records a field whose own schema says x-takoform-immutable: true (corpus/lib, mutableFields). */
  addImmutable(pointer: string): void;
  /** Immutable pointers no attribute was found at; codegen refuses them. */
  unmatched(): string[];
}

export function replacementRule(form: LoadedForm): ReplacementRule {
  const everything = form.definition.role === "revision" || !form.capabilities.includes("update");
  const immutable = [...new Set(form.definition.immutableFields ?? [])];
  const matched = new Set<string>();
  return {
    replaceAt(pointer: string): boolean {
      let hit = false;
      for (const p of immutable) {
        if (pointer === p) matched.add(p);
        if (pointer === p || pointer.startsWith(p + "/")) hit = true;
      }
      return everything || hit;
    },
    addImmutable(pointer: string): void {
      if (!immutable.includes(pointer)) immutable.push(pointer);
      matched.add(pointer);
    },
    unmatched: () => immutable.filter((p) => !matched.has(p)).sort(),
  };
}
