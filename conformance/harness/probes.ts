// Probe specs: the desired state a check writes, materialized from the PINNED Form Package
// (its canonical fixture, then the check's overrides). Never from anything the host served.

import type { InstalledForm, JsonSchema } from "../../corpus/lib/index.js";
import type { CheckContext } from "./context.js";
import { CorpusGap } from "./corpus.js";

/** The canonical fixture of `form` with `overrides` merged over its top-level members. */
export function probeSpec(ctx: CheckContext, form: InstalledForm, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...structuredClone(ctx.corpus.canonical(form)), ...overrides };
}

/** The spec a host must store and echo for `spec`: the pinned defaults materialized into it. */
export function expectedSpec(ctx: CheckContext, form: InstalledForm, spec: Record<string, unknown>): Record<string, unknown> {
  return ctx.corpus.materialize(form, structuredClone(spec));
}

/**
 * A Form a check can update in place: it declares update, references nothing, and has a
 * mutable integer field with room for a few distinct values. variant(i) is a valid spec whose
 * field differs for each i (0 is the canonical fixture's value).
 */
export interface MutableProbe {
  form: InstalledForm;
  field: string;
  variant(i: number): Record<string, unknown>;
}

export function mutableProbe(ctx: CheckContext): MutableProbe {
  for (const form of ctx.corpus.forms()) {
    if (!form.capabilities.includes("update") || form.relations.length > 0) continue;
    const props = (form.definition.desiredSchema["properties"] ?? {}) as Record<string, JsonSchema>;
    const immutable = new Set((form.definition.immutableFields ?? []).map((p) => p.replace(/^\//, "")));
    const canonical = ctx.corpus.canonical(form);
    // Prefer a field without a declared default, so probe specs leave the defaults to materialize.
    const fields = Object.entries(props).sort(([a, x], [b, y]) => Number("default" in x) - Number("default" in y) || (a < b ? -1 : 1));
    for (const [field, schema] of fields) {
      if (schema["type"] !== "integer" || immutable.has(field)) continue;
      const min = typeof schema["minimum"] === "number" ? schema["minimum"] : 0;
      const max = typeof schema["maximum"] === "number" ? schema["maximum"] : min + 1000;
      const base = typeof canonical[field] === "number" ? (canonical[field] as number) : min;
      if (max - min < 8) continue;
      return {
        form,
        field,
        variant(i: number) {
          const value = i === 0 ? base : base + i <= max ? base + i : base - i;
          return probeSpec(ctx, form, { [field]: value });
        },
      };
    }
  }
  throw new CorpusGap("no pinned Form declares update with a mutable integer field and no relations");
}

/** A Form with no relations, no artifact, and an empty canonical spec's worth of requirements: the simplest thing to create. */
export function plainProbe(ctx: CheckContext): { form: InstalledForm; spec: () => Record<string, unknown> } {
  const candidates = ctx.corpus
    .forms()
    .filter((f) => f.relations.length === 0 && f.definition.role === "identity" && !f.capabilities.includes("update"))
    .sort((a, b) => (a.ref.kind < b.ref.kind ? -1 : a.ref.kind > b.ref.kind ? 1 : 0));
  const form = candidates[0];
  if (!form) throw new CorpusGap("no pinned identity Form without relations");
  return { form, spec: () => probeSpec(ctx, form) };
}

/** Two pinned definition versions of one group and kind (lowest first), or a CorpusGap. */
export function twoVersions(ctx: CheckContext): [InstalledForm, InstalledForm] {
  const seen = new Set<string>();
  for (const f of ctx.corpus.forms()) {
    const key = `${f.ref.apiVersion} ${f.ref.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const versions = ctx.corpus.versions(f.ref.kind, f.ref.apiVersion);
    if (versions.length >= 2) return [versions[0]!, versions[1]!];
  }
  throw new CorpusGap("the pinned corpus holds no Form line with two definition versions");
}
