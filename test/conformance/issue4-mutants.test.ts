// The issue-4 checks have teeth: an HTTP proxy in front of a real host breaks exactly one rule of
// relations, binding verification or the Worker aggregate, and the check named for that rule must
// fail against it. A transparent proxy first proves that every catching check passes through the
// proxy itself, so each failure is the mutant's doing.
//
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusRoot, loadCatalog } from "../../corpus/lib/index.js";
import { ISSUE4_CHECKS, issue4Setup, type Issue4Setup } from "./issue4-support.js";
import { ISSUE4_MUTANTS } from "./issue4-mutants.js";
import { startProxy } from "./mutant-proxy.js";
import type { MutantEnv } from "./mutants.js";
import { expectCatchingChecksPassThroughProxy, runRunner, startHost, type RunningHost } from "./support.js";

describe("issue-4 mutants: each broken rule is caught by its named check", () => {
  let host: RunningHost;
  let env: MutantEnv;
  let setup: Issue4Setup;
  beforeAll(async () => {
    setup = issue4Setup();
    host = await startHost(setup.hostArgs);
    env = { tokens: host.credentials.tokens, catalog: loadCatalog([corpusRoot()]) };
  });
  afterAll(async () => {
    await host?.stop();
    setup?.cleanup();
  });

  it("has at least four mutants, each naming issue-4 checks that catch it", () => {
    expect(ISSUE4_MUTANTS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ISSUE4_MUTANTS.map((m) => m.name)).size).toBe(ISSUE4_MUTANTS.length);
    for (const m of ISSUE4_MUTANTS) {
      expect(m.caughtBy.length).toBeGreaterThan(0);
      for (const name of m.caughtBy) expect(ISSUE4_CHECKS).toContain(name);
    }
  });

  it("the catching checks pass through a transparent proxy", async () => {
    await expectCatchingChecksPassThroughProxy(host, ISSUE4_MUTANTS, setup.runnerArgs);
  }, 600_000);

  for (const mutant of ISSUE4_MUTANTS) {
    it(`${mutant.name}: ${mutant.breaks} -> caught by ${mutant.caughtBy.join(", ")}`, async () => {
      const proxy = await startProxy(host.url, mutant.make(env));
      try {
        const run = await runRunner(proxy.url, host.credentials.file, [...setup.runnerArgs, "--only", ...mutant.caughtBy]);
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
    }, 600_000);
  }
});
