// takoform runtime-conformance against the bundled host with its runtime (workerd via Miniflare)
// and --conformance-probes: the reference probe bundles are deployed through the Host API and the
// 18 required checks measured (ADR 0201). Then one mutant per check: a runtime, transport or
// loader that drops one behaviour, and the named check must fail. Reads the reference corpus from
// ../shared at run time (nothing of it is committed).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBundlesDir, RUNTIME_ABI_CHECKS } from "../../conformance/runtime-abi/contract.js";
import { runRuntimeConformance, type RuntimeReport } from "../../conformance/runtime-abi/run.js";
import { REFERENCE_SHOWN, referenceRequired } from "../support/reference.js";
import { call } from "../unit/host/harness.js";
import { CAUGHT_BY, startMutantHarness, type MutantHarness, type Mutant } from "./mutants.js";

const bundlesDir = defaultBundlesDir();
// Absent reference: one skip line (a user's clone); under TAKOFORM_REQUIRE_REFERENCE=1 (CI), an error.
if (bundlesDir === undefined) {
  if (referenceRequired())
    throw new Error(`${REFERENCE_SHOWN}/conformance/runtime-abi-v1 is missing, and TAKOFORM_REQUIRE_REFERENCE=1 requires the runtime ABI run`);
  console.warn(`runtime-conformance: skipped, ${REFERENCE_SHOWN}/conformance/runtime-abi-v1 is absent`);
}
let harness: MutantHarness;

beforeAll(async () => {
  harness = await startMutantHarness();
}, 60_000);
afterAll(async () => harness?.close());

function run(only: string[] = [], deadlineScale = 1): Promise<RuntimeReport> {
  return runRuntimeConformance({
    host: harness.hostUrl,
    credentialsFile: harness.credentialsFile,
    gateway: harness.gatewayUrl,
    bundlesDir: bundlesDir!,
    only,
    deadlineScale,
  });
}

describe.skipIf(bundlesDir === undefined)("runtime-conformance", () => {
  it.skipIf(process.env.MUTANTS !== undefined)(
    "measures the 18 required checks against the bundled host: 18/18 pass",
    async () => {
      harness.use(undefined);
      const report = await run();
      const status = Object.fromEntries(report.checks.map((c) => [c.name, `${c.status}: ${c.message}`]));
      expect(report.checks.map((c) => c.name)).toEqual([...RUNTIME_ABI_CHECKS]);
      expect(report).toMatchObject({ classification: "deployed-runtime-conformance-run", completeness: "complete", publicationReady: false });
      expect(report.runToken).toMatch(/^[0-9a-f]{32}$/);
      for (const name of RUNTIME_ABI_CHECKS) expect(status[name], name).toMatch(/^passed: /);
      // The run removed what it created: its space holds nothing, the sensitive value is gone.
      expect(report.leftBehind).toEqual([]);
      const left = await call(harness.hostUrl, "GET", `/x-takoform/v1/resources?space=${report.space}`);
      expect(left.status, left.text).toBe(200);
      expect(left.json.resources).toEqual([]);
      const secrets = await call(harness.hostUrl, "GET", `/x-takoform/v1/spaces/${report.space}/workers/conformance-probe/secrets`);
      expect(secrets.status, secrets.text).toBe(200);
      expect(secrets.json).toEqual({ secrets: [] });
    },
    240_000,
  );

  const mutants = Object.keys(CAUGHT_BY) as Mutant[];
  it.each(mutants.filter((m) => process.env.MUTANTS === undefined || process.env.MUTANTS.split(",").includes(m)))(
    "mutant %s fails the checks that name its behaviour",
    async (mutant) => {
      harness.use(mutant);
      try {
        const report = await run(CAUGHT_BY[mutant], 0.1);
        for (const check of report.checks) expect(`${check.name}: ${check.status}`, check.message).toBe(`${check.name}: failed`);
      } finally {
        harness.use(undefined);
      }
    },
    120_000,
  );
});
