// The PINNED corpus the runner measures a host against. Probe specs, expected defaults, negative
// fixtures, declared output schemas and the exact FormRefs all come from Form Packages the
// runner loads and verifies itself (default: this project's corpus/), never from what the host
// under test serves: measuring a host against documents it supplied would measure nothing.

import { readFileSync } from "node:fs";
import path from "node:path";
import { compileSchema, loadCatalog, materializeDefaults, parseIJson, type Catalog, type InstalledForm, EDGE_GROUP } from "../../corpus/lib/index.js";

export const EDGE = EDGE_GROUP;

export interface NegativeFixture {
  name: string;
  expectedFailure: string;
  spec: unknown;
}

export class PinnedCorpus {
  #probes: PinnedCorpus | undefined;

  private constructor(
    readonly dirs: string[],
    readonly catalog: Catalog,
    readonly probeDir?: string,
  ) {}

  /** `probeDir`: the runner's probe corpus (harness/probe-corpus.ts), pinned beside `dirs` for the checks that need it. */
  static load(dirs: string[], probeDir?: string): PinnedCorpus {
    return new PinnedCorpus(dirs, loadCatalog(dirs), probeDir);
  }

  /**
   * The pinned corpus plus the runner's probe corpus: only the checks that drive probe Forms use
   * it, so every other check measures exactly the pinned Forms.
   */
  get probes(): PinnedCorpus {
    if (this.probeDir === undefined) throw new CorpusGap("the runner was given no probe corpus (conformance/probe-corpus)");
    this.#probes ??= PinnedCorpus.load([...this.dirs, this.probeDir]);
    return this.#probes;
  }

  forms(): InstalledForm[] {
    return this.catalog.forms();
  }

  /** Every installed definition of one group and kind, lowest definitionVersion first. */
  versions(kind: string, apiVersion = EDGE): InstalledForm[] {
    return [...this.catalog.formsOf(apiVersion, kind)].sort((a, b) => compareSemver(a.ref.definitionVersion, b.ref.definitionVersion));
  }

  /** The definition a probe of `kind` is created under: the lowest pinned definition version. */
  form(kind: string, apiVersion = EDGE): InstalledForm {
    const found = this.versions(kind, apiVersion)[0];
    if (!found) throw new CorpusGap(`the pinned corpus holds no ${apiVersion} ${kind}`);
    return found;
  }

  /** The Form Package's canonical desired fixture (the conformance fixture named "canonical", else the first). */
  canonical(form: InstalledForm): Record<string, unknown> {
    const fixtures = form.definition.conformanceFixtures ?? [];
    const fixture = fixtures.find((f) => f.name === "canonical") ?? fixtures[0];
    if (!fixture) return {};
    return readJson(path.join(form.dir, fixture.desiredPath)) as Record<string, unknown>;
  }

  /** The package's desired-stage negative fixtures, decoded. */
  negatives(form: InstalledForm): NegativeFixture[] {
    return (form.definition.negativeConformanceFixtures ?? [])
      .filter((f) => f.stage === "desired")
      .map((f) => ({ name: f.name, expectedFailure: f.expectedFailure, spec: readJson(path.join(form.dir, f.inputPath)) }));
  }

  /** The pinned desiredSchema's defaults applied to `spec`, exactly as a host must materialize them. */
  materialize(form: InstalledForm, spec: Record<string, unknown>): Record<string, unknown> {
    return materializeDefaults(form.definition.desiredSchema, spec) as Record<string, unknown>;
  }

  /** Problems of `spec` against the pinned desiredSchema (empty when valid). */
  specProblems(form: InstalledForm, spec: unknown): string[] {
    return validateWith(form.definition.desiredSchema, spec);
  }

  /** Problems of `outputs` against the pinned outputSchema (empty when valid). */
  outputProblems(form: InstalledForm, outputs: unknown): string[] {
    if (!form.definition.outputSchema) return ["the pinned Form declares no outputSchema"];
    return validateWith(form.definition.outputSchema, outputs);
  }
}

/** The pinned corpus lacks something a check needs; the check fails naming it. */
export class CorpusGap extends Error {
  override readonly name = "CorpusGap";
}

const compiled = new WeakMap<object, ReturnType<typeof compileSchema>>();

function validateWith(schema: object, value: unknown): string[] {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = compileSchema(schema);
    compiled.set(schema, fn);
  }
  if (fn(value)) return [];
  return (fn.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "invalid"}`);
}

function readJson(file: string): unknown {
  const decoded = parseIJson(readFileSync(file));
  if (!decoded.ok) throw new CorpusGap(`${file}: ${decoded.message}`);
  return decoded.value;
}

export function compareSemver(a: string, b: string): number {
  const pa = a.split(/[.+-]/).slice(0, 3).map(Number);
  const pb = b.split(/[.+-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
