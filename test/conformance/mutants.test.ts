// The runner has teeth: an HTTP proxy in front of a real host breaks exactly one rule, and the
// check named for that rule must fail against it. A transparent proxy first proves that every
// catching check passes through the proxy itself, so each failure is the mutant's doing.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusRoot, loadCatalog } from "../../corpus/lib/index.js";
import { startProxy } from "./mutant-proxy.js";
import { MUTANTS, type MutantEnv } from "./mutants.js";
import { expectCatchingChecksPassThroughProxy, runRunner, startHost, type RunningHost } from "./support.js";

describe("mutants: each broken rule is caught by its named check", () => {
  let host: RunningHost;
  let env: MutantEnv;
  beforeAll(async () => {
    host = await startHost();
    env = { tokens: host.credentials.tokens, catalog: loadCatalog([corpusRoot()]) };
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("has at least ten mutants, each naming a catching check", () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(MUTANTS.map((m) => m.name)).size).toBe(MUTANTS.length);
    for (const m of MUTANTS) expect(m.caughtBy.length).toBeGreaterThan(0);
  });

  it("the catching checks pass through a transparent proxy", async () => {
    await expectCatchingChecksPassThroughProxy(host, MUTANTS);
  });

  for (const mutant of MUTANTS) {
    it(`${mutant.name}: ${mutant.breaks} -> caught by ${mutant.caughtBy.join(", ")}`, async () => {
      const proxy = await startProxy(host.url, mutant.make(env));
      try {
        const run = await runRunner(proxy.url, host.credentials.file, ["--only", ...mutant.caughtBy]);
        for (const name of mutant.caughtBy) {
          const result = run.checks.find((c) => c.name === name);
          expect(result, `${name} did not report; runner stderr: ${run.stderr}`).toBeDefined();
          expect(result!.status, `${name} passed against mutant ${mutant.name}: ${result!.message}`).toBe("failed");
          expect(result!.message).not.toMatch(/^not implemented/);
        }
        expect(run.exitCode).toBe(1);
      } finally {
        await proxy.close();
      }
    });
  }
});
