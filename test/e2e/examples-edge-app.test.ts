// examples/edge-app end to end: synth and deploy with the default CDK CLI (cdktn) against a fresh host through the real
// terraform binary and the provider mirror, every resource Ready/Available on the host, a
// second deploy that changes nothing, a weight shift that keeps the endpoint address, and a
// destroy that leaves none of the resources on the host.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allArtifacts } from "../../examples/edge-app/artifacts.js";
import { uploadAll } from "../../examples/edge-app/lib/upload.js";
import { APPLY_FLAGS, node22, runCdktf, type CdktfTarget } from "../../scripts/demo/cdktf.js";
import { ensureHost, stopHost, type RunningHost } from "../../scripts/demo/host.js";
import { demoPaths, repoRoot, type DemoPaths } from "../../scripts/demo/paths.js";
import { readFromHost, resourcesInState, type DeployedResource, type HostView } from "../../scripts/demo/resources.js";

const STEP = 420_000;
// Made in beforeAll: a file whose tests are all skipped (no Node 22) runs no hook, so a directory
// made here would never be removed.
let paths: DemoPaths;
let host: RunningHost;
let target: CdktfTarget;

function installMirror(dir: string): string {
  const out = execFileSync(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), "provider", "install", "--dir", dir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return /^export TF_CLI_CONFIG_FILE=(.+)$/m
    .exec(out)![1]!
    .trim()
    .replace(/^'(.*)'$/, "$1");
}

async function deploy(extra: string[] = [], appEnv?: Record<string, string>): Promise<string> {
  const run = await runCdktf(["deploy", ...APPLY_FLAGS, "--outputs-file", paths.outputs, ...extra], appEnv === undefined ? target : { ...target, appEnv }, {
    log: paths.cdktfLog,
  });
  expect(run.code, run.output.slice(-3000)).toBe(0);
  return run.output;
}

const view = (resources: DeployedResource[]): Promise<HostView[]> => Promise.all(resources.map((r) => readFromHost(host.url, host.token, r)));
const endpointUrl = (): string => (JSON.parse(readFileSync(paths.outputs, "utf8")) as Record<string, Record<string, string>>)["edge-app"]!["endpoint_url"]!;

// cdktn-cli needs Node 22 (scripts/demo/cdktf.ts); .ci/run provides one and sets TAKOFORM_REQUIRE_NODE22.
const haveNode22 = node22() !== undefined;
if (!haveNode22) {
  if (process.env["TAKOFORM_REQUIRE_NODE22"] === "1") throw new Error("TAKOFORM_REQUIRE_NODE22=1 but no Node 22: set TAKOFORM_NODE22 to a Node 22 binary");
  console.warn("examples-edge-app: skipped, cdktn-cli needs Node 22: set TAKOFORM_NODE22 to a Node 22 binary (npm install --prefix DIR node@22)");
}

beforeAll(async () => {
  if (!haveNode22) return;
  paths = demoPaths(mkdtempSync(path.join(tmpdir(), "takoform-edge-app-")));
  host = await ensureHost(paths, { gatewayPort: 0 });
  target = {
    endpoint: host.url,
    token: host.token,
    cliConfigFile: installMirror(paths.terraform),
    synthOut: paths.synthOut,
    statePath: paths.tfState,
    cli: "cdktn",
  };
  await uploadAll(allArtifacts, { endpoint: host.url, token: host.token });
});

afterAll(async () => {
  if (paths === undefined) return;
  await stopHost(paths);
  rmSync(paths.root, { recursive: true, force: true });
});

describe.runIf(haveNode22)("examples/edge-app with CDK Terrain", () => {
  let deployed: DeployedResource[] = [];
  let first: HostView[] = [];

  it(
    "synthesizes one stack with every resource of the aggregate",
    async () => {
      const run = await runCdktf(["synth"], target, { log: paths.cdktfLog });
      expect(run.code, run.output).toBe(0);
      const synth = JSON.parse(readFileSync(path.join(paths.synthOut, "stacks/edge-app/cdk.tf.json"), "utf8")) as {
        resource: Record<string, Record<string, unknown>>;
      };
      const counts = Object.fromEntries(Object.entries(synth.resource).map(([t, byLabel]) => [t, Object.keys(byLabel).length]));
      expect(counts).toEqual({
        takoform_at_least_once_queue: 2,
        takoform_edge_kv_namespace: 1,
        takoform_module_worker: 2,
        takoform_queue_consumer: 1,
        takoform_sqlite_database: 1,
        takoform_sqlite_migration_application: 1,
        takoform_sqlite_migration_set: 1,
        takoform_static_asset_bundle: 1,
        takoform_worker_bundle: 2,
        takoform_worker_cron_trigger: 1,
        takoform_worker_custom_domain: 1,
        takoform_worker_deployment: 2,
        takoform_worker_endpoint: 1,
        takoform_worker_version: 3,
      });
    },
    STEP,
  );

  it(
    "deploys: every resource exists on the host, Ready=True with reason Available",
    async () => {
      await deploy(["--skip-synth"]);
      deployed = resourcesInState(paths.tfState);
      expect(deployed).toHaveLength(20);
      first = await view(deployed);
      expect(first.filter((r) => !r.found || r.ready !== "True" || r.reason !== "Available")).toEqual([]);
      const endpoint = first.find((r) => r.kind === "WorkerEndpoint")!;
      expect(endpointUrl()).toBe(endpoint.outputs["url"]);
      expect(endpointUrl()).toMatch(/^https:\/\/[a-z0-9.-]+\/$/);
    },
    STEP,
  );

  it(
    "a second deploy changes nothing",
    async () => {
      const output = await deploy(["--skip-synth"]);
      expect(output).toMatch(/No changes\./);
      const again = await view(deployed);
      expect(again.map((r) => [r.kind, r.name, r.uid, r.generation])).toEqual(first.map((r) => [r.kind, r.name, r.uid, r.generation]));
    },
    STEP,
  );

  it(
    "shifting the deployment weights updates the deployment in place; the endpoint address stays",
    async () => {
      const before = endpointUrl();
      await deploy([], { EDGE_APP_CANARY_WEIGHT: "5000" });
      const after = await view(resourcesInState(paths.tfState));
      const shop = after.find((r) => r.kind === "WorkerDeployment" && r.name === "shop")!;
      const shopBefore = first.find((r) => r.kind === "WorkerDeployment" && r.name === "shop")!;
      expect(shop.uid).toBe(shopBefore.uid);
      expect(BigInt(shop.generation)).toBe(BigInt(shopBefore.generation) + 1n);
      const state = JSON.parse(readFileSync(paths.tfState, "utf8")) as {
        resources: { type: string; name: string; instances: { attributes: { versions: { weight: number }[] } }[] }[];
      };
      const weights = state.resources
        .find((r) => r.type === "takoform_worker_deployment" && r.name === "shop-deployment")!
        .instances[0]!.attributes.versions.map((v) => v.weight);
      expect(weights).toEqual([5000, 5000]);
      expect(endpointUrl()).toBe(before);
      const endpoint = after.find((r) => r.kind === "WorkerEndpoint")!;
      expect(endpoint.uid).toBe(first.find((r) => r.kind === "WorkerEndpoint")!.uid);
      expect(after.filter((r) => r.ready !== "True")).toEqual([]);
    },
    STEP,
  );

  it(
    "destroys everything: none of the resources remains on the host",
    async () => {
      const run = await runCdktf(["destroy", "--skip-synth", ...APPLY_FLAGS], target, { log: paths.cdktfLog });
      expect(run.code, run.output.slice(-3000)).toBe(0);
      expect(resourcesInState(paths.tfState)).toEqual([]);
      const gone = await view(deployed);
      expect(gone.filter((r) => r.found)).toEqual([]);
    },
    STEP,
  );
});
