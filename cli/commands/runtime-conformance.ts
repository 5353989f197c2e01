// takoform runtime-conformance --host URL --credentials FILE [--gateway URL] [--bundles DIR]
//                              [--only NAME ...] [--json FILE]
//
// Deploys the runtime-abi-v1 probe bundles through the Host API and measures the 18 required
// runtime ABI checks (docs/decisions/0201-runtime-abi-runner.md). Exit 0 only when every selected
// check passed; 1 when any failed or was unmeasured; 2 on a usage or setup error. Everything the
// run created (its space) is removed at the end, whatever the outcome.

import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Subcommand } from "../main.js";

const USAGE =
  "usage: takoform runtime-conformance --host URL --credentials FILE [--gateway URL] [--bundles DIR]\n" +
  "                                    [--only NAME ...] [--json FILE]";

const command: Subcommand = {
  summary: "deploy the runtime ABI probe bundles and measure the 18 runtime ABI checks",
  async run(argv) {
    const a: { host?: string; credentials?: string; gateway?: string; bundles?: string; json?: string; only: string[] } = { only: [] };
    for (let i = 0; i < argv.length; i++) {
      const flag = argv[i]!;
      const value = () => argv[++i];
      if (flag === "--host") a.host = value();
      else if (flag === "--credentials") a.credentials = value();
      else if (flag === "--gateway") a.gateway = value();
      else if (flag === "--bundles") a.bundles = value();
      else if (flag === "--json") a.json = value();
      else if (flag === "--only") while (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) a.only.push(...argv[++i]!.split(",").filter(Boolean));
      else {
        if (flag !== "-h" && flag !== "--help") console.error(`takoform runtime-conformance: unknown argument ${flag}`);
        console.error(USAGE);
        return flag === "-h" || flag === "--help" ? 0 : 2;
      }
    }
    if (!a.host || !a.credentials) {
      console.error("takoform runtime-conformance: --host and --credentials are required");
      console.error(USAGE);
      return 2;
    }
    const { defaultBundlesDir, CorpusError } = await import("../../conformance/runtime-abi/contract.js");
    const { runRuntimeConformance, RuntimeSetupError } = await import("../../conformance/runtime-abi/run.js");
    const bundlesDir = a.bundles === undefined ? defaultBundlesDir() : path.resolve(a.bundles);
    if (bundlesDir === undefined) {
      console.error("takoform runtime-conformance: no runtime-abi-v1 corpus beside the repository; pass --bundles DIR");
      return 2;
    }
    try {
      const report = await runRuntimeConformance({
        host: a.host,
        credentialsFile: a.credentials,
        bundlesDir,
        ...(a.gateway ? { gateway: a.gateway } : {}),
        only: a.only,
        log: (line) => console.log(line),
        onResult: (r) => console.log(`${r.status === "passed" ? "PASS" : r.status === "failed" ? "FAIL" : "UNMEASURED"} ${r.name}: ${r.message}`),
      });
      if (a.json) writeFileSync(a.json, JSON.stringify(report, null, 2) + "\n");
      const count = (s: string) => report.checks.filter((r) => r.status === s).length;
      console.log(
        `${count("passed")} passed, ${count("failed")} failed, ${count("unmeasured")} unmeasured (${report.completeness}; run token ${report.runToken})`,
      );
      if (report.leftBehind.length === 0) console.log(`removed everything the run created (space ${report.space})`);
      else console.error(`takoform runtime-conformance: could not remove ${report.leftBehind.length} of what the run created: ${report.leftBehind.join("; ")}`);
      return report.checks.every((r) => r.status === "passed") ? 0 : 1;
    } catch (error) {
      if (error instanceof RuntimeSetupError || error instanceof CorpusError) {
        console.error(`takoform runtime-conformance: ${error.message}`);
        return 2;
      }
      console.error(`takoform runtime-conformance: setup failed: ${(error as Error).message}`);
      return 2;
    }
  },
};
export default command;
