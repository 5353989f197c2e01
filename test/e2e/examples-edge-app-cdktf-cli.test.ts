// examples/edge-app also synthesizes and deploys with CDKTF's CLI (examples-edge-app.test.ts runs
// the default, CDK Terrain's): every resource of the aggregate Ready on the host, then destroyed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allArtifacts } from "../../examples/edge-app/artifacts.js";
import { uploadAll } from "../../examples/edge-app/lib/upload.js";
import { APPLY_FLAGS, runCdktf, type CdktfTarget } from "../../scripts/demo/cdktf.js";
import { ensureHost, stopHost, type RunningHost } from "../../scripts/demo/host.js";
import { demoPaths, repoRoot } from "../../scripts/demo/paths.js";
import { readFromHost, resourcesInState } from "../../scripts/demo/resources.js";

const STEP = 420_000;
const paths = demoPaths(mkdtempSync(path.join(tmpdir(), "takoform-edge-app-cdktf-")));
let host: RunningHost;
let target: CdktfTarget;

beforeAll(async () => {
  host = await ensureHost(paths, { gatewayPort: 0 });
  const out = execFileSync(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), "provider", "install", "--dir", paths.terraform], { encoding: "utf8" });
  const cliConfigFile = /^export TF_CLI_CONFIG_FILE=(.+)$/m
    .exec(out)![1]!
    .trim()
    .replace(/^'(.*)'$/, "$1");
  target = { endpoint: host.url, token: host.token, cliConfigFile, synthOut: paths.synthOut, statePath: paths.tfState, cli: "cdktf" };
  await uploadAll(allArtifacts, { endpoint: host.url, token: host.token });
});

afterAll(async () => {
  await stopHost(paths);
  rmSync(paths.root, { recursive: true, force: true });
});

describe("examples/edge-app with the cdktf CLI", () => {
  it(
    "deploys every resource Ready and destroys them",
    async () => {
      const deploy = await runCdktf(["deploy", ...APPLY_FLAGS], target, { log: paths.cdktfLog });
      expect(deploy.code, deploy.output.slice(-3000)).toBe(0);
      const deployed = resourcesInState(paths.tfState);
      expect(deployed.length).toBeGreaterThan(15);
      const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
      expect(views.filter((v) => !v.found || v.ready !== "True").map((v) => `${v.kind}/${v.name}: ${v.reason}`)).toEqual([]);
      const destroy = await runCdktf(["destroy", "--skip-synth", ...APPLY_FLAGS], target, { log: paths.cdktfLog });
      expect(destroy.code, destroy.output.slice(-3000)).toBe(0);
      const after = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
      expect(after.filter((v) => v.found)).toEqual([]);
    },
    STEP,
  );
});
