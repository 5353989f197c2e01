// Runs selected checks of the registry against one host and collects one result per check.
// Checks are independent (each allocates its own names), so they run with bounded concurrency;
// a check that throws anything other than a CheckFailure is still reported under its own name.

import { existsSync } from "node:fs";
import path from "node:path";
import { corpusRoot, repoRoot } from "../corpus/lib/index.js";
import type { Check, CheckResult } from "./check.js";
import { CheckFailure } from "./harness/assert.js";
import { CheckContext, type RunEnvironment } from "./harness/context.js";
import { CorpusGap, PinnedCorpus } from "./harness/corpus.js";
import { probeCorpusDir } from "./harness/probe-corpus.js";
import { readCredentials } from "./harness/credentials.js";
import { HttpTransport } from "./harness/http.js";
import { newRunId } from "./harness/names.js";
import { WireValidator } from "./harness/wire-schemas.js";
import { REGISTRY, type CheckName } from "./registry.js";

export interface RunOptions {
  host: string;
  credentialsFile: string;
  only?: string[];
  corpusDirs?: string[];
  /** The probe corpus (default: the shipped conformance/probe-corpus, written from corpus/). */
  probeCorpusDir?: string;
  schemaDirs?: { label: string; dir: string }[];
  concurrency?: number;
  checkTimeoutMs?: number;
  onResult?: (r: CheckResult) => void;
}

export class SetupError extends Error {
  override readonly name = "SetupError";
}

/** The schema sets validated by default: this project's, and the reference copies when present. */
export function defaultSchemaDirs(): { label: string; dir: string }[] {
  const out: { label: string; dir: string }[] = [];
  const ours = path.join(corpusRoot(), "schemas");
  if (existsSync(ours)) out.push({ label: "corpus", dir: ours });
  const reference = path.resolve(repoRoot(), "../shared/reference/takoform/spec/schemas");
  if (existsSync(reference)) out.push({ label: "reference", dir: reference });
  return out;
}

export function selectChecks(only: string[] | undefined): CheckName[] {
  const all = Object.keys(REGISTRY) as CheckName[];
  if (!only || only.length === 0) return all;
  const unknown = only.filter((n) => !(n in REGISTRY));
  if (unknown.length) throw new SetupError(`unknown check name(s): ${unknown.join(", ")}`);
  return all.filter((n) => only.includes(n));
}

export async function runConformance(opts: RunOptions): Promise<CheckResult[]> {
  const names = selectChecks(opts.only);
  let origin: string;
  try {
    origin = new URL(opts.host).origin;
  } catch {
    throw new SetupError(`--host ${opts.host} is not a URL`);
  }
  const schemaDirs = opts.schemaDirs ?? defaultSchemaDirs();
  if (schemaDirs.length === 0) throw new SetupError("no wire schema set found (corpus/schemas or --schemas DIR)");
  let env: RunEnvironment;
  try {
    env = {
      origin,
      transport: new HttpTransport(origin),
      wire: new WireValidator(schemaDirs),
      corpus: PinnedCorpus.load(opts.corpusDirs ?? [corpusRoot()], opts.probeCorpusDir ?? probeCorpusDir()),
      credentials: readCredentials(opts.credentialsFile),
      runId: newRunId(),
    };
  } catch (e) {
    throw new SetupError((e as Error).message);
  }
  const results: CheckResult[] = new Array(names.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < names.length) {
      const i = next++;
      const name = names[i]!;
      results[i] = await runOne(env, name, opts.checkTimeoutMs ?? 120_000);
      opts.onResult?.(results[i]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  } finally {
    await env.transport.close();
  }
  return results;
}

async function runOne(env: RunEnvironment, name: CheckName, timeoutMs: number): Promise<CheckResult> {
  const check: Check = REGISTRY[name];
  if (check.kind === "pending") return { name, status: "failed", message: `not implemented: ${check.reason}` };
  const ctx = new CheckContext(env, name);
  let timer: NodeJS.Timeout | undefined;
  try {
    const message = await Promise.race([
      check.run(ctx),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckFailure(`did not finish within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { name, status: "passed", message };
  } catch (e) {
    if (e instanceof CheckFailure) return { name, status: "failed", message: e.message };
    if (e instanceof CorpusGap) return { name, status: "failed", message: `pinned corpus: ${e.message}` };
    const err = e as Error;
    return { name, status: "failed", message: `runner error: ${err?.message ?? String(e)}` };
  } finally {
    clearTimeout(timer);
  }
}
