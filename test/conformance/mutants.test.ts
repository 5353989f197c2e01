// The runner has teeth: every required check catches at least one host mutant (the catalogue in
// mutant-catalogue.ts is exhaustive at compile time over the contract's names). An HTTP proxy in
// front of ONE real host breaks exactly one behaviour per mutant; the runner (in process, so one
// host and one vitest process serve every mutant) runs only the checks that must catch it, and
// each must fail. First, a transparent proxy proves every catalogued check passes through the
// proxy itself, so each failure is the mutant's doing.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusRoot, loadCatalog } from "../../corpus/lib/index.js";
import { runConformance } from "../../conformance/run.js";
import { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { ALL_MUTANTS, CATCHES, catchersByMutant } from "./mutant-catalogue.js";
import { startProxy } from "./mutant-proxy.js";
import type { MutantEnv } from "./mutants.js";
import { startHost, type RunningHost } from "./support.js";

/** Mutants run this many at a time (each has its own proxy; the host is shared). */
const PARALLEL = 3;

describe("mutants: every required check catches a host mutant", () => {
  let host: RunningHost;
  let env: MutantEnv;
  beforeAll(async () => {
    host = await startHost();
    env = { tokens: host.credentials.tokens, catalog: loadCatalog([corpusRoot()]) };
  });
  afterAll(async () => {
    await host?.stop();
  });

  const byMutant = catchersByMutant();

  it("names, for every required check, mutants that exist", () => {
    for (const check of REQUIRED_CHECKS) {
      expect(CATCHES[check].length, `${check} has no mutant`).toBeGreaterThan(0);
      for (const name of CATCHES[check]) expect(ALL_MUTANTS.has(name), `${check} names unknown mutant ${name}`).toBe(true);
    }
    for (const name of ALL_MUTANTS.keys()) expect(byMutant.has(name), `mutant ${name} is caught by nothing`).toBe(true);
  });

  it("every catalogued check passes through a transparent proxy", async () => {
    const proxy = await startProxy(host.url);
    try {
      const checks = [...new Set([...byMutant.values()].flat())];
      const results = await runConformance({ host: proxy.url, credentialsFile: host.credentials.file, only: checks, concurrency: 4 });
      const failed = results.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.message}`);
      expect(failed, "checks failing through the transparent proxy").toEqual([]);
      expect(results.map((r) => r.name).sort()).toEqual([...checks].sort());
    } finally {
      await proxy.close();
    }
  }, 900_000);

  it("every mutant is caught by each check that names it", async () => {
    const escaped: string[] = [];
    const queue = [...byMutant];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const [name, checks] = next;
        const proxy = await startProxy(host.url, ALL_MUTANTS.get(name)!.make(env));
        try {
          const results = await runConformance({ host: proxy.url, credentialsFile: host.credentials.file, only: checks, concurrency: 2 });
          for (const r of results)
            if (r.status === "passed") escaped.push(`${r.name} passed against mutant ${name} (${ALL_MUTANTS.get(name)!.breaks}): ${r.message}`);
        } finally {
          await proxy.close();
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(escaped, "checks that missed their mutant").toEqual([]);
  }, 1_500_000);
});
