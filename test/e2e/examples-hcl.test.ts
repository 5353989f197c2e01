// examples/hcl with plain terraform against a host running its runtime: apply uploads the bundle
// and migrations (source_dir), creates the aggregate (every resource Ready on the host) and the
// endpoint answers from the deployed code through the gateway; a binding added to the WorkerVersion
// applies (its content name changes, ADR 0161); a canary splits traffic between two versions, a
// deployment change rolls it back, and destroy leaves the gateway answering 404.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHost, stopHost, type RunningHost } from "../../scripts/demo/host.js";
import { demoPaths, repoRoot } from "../../scripts/demo/paths.js";
import { readFromHost, resourcesInState, type DeployedResource } from "../../scripts/demo/resources.js";
import { viaGateway } from "../runtime/support.js";

const run = promisify(execFile);
const STEP = 300_000;
const paths = demoPaths(mkdtempSync(path.join(tmpdir(), "takoform-hcl-")));
// A copy of the example keeps its .terraform, state and tfvars out of the repository.
const work = path.join(paths.root, "hcl");
let host: RunningHost;
let env: NodeJS.ProcessEnv;

async function terraform(...args: string[]): Promise<string> {
  const flags = args[0] === "output" ? ["-no-color"] : ["-no-color", "-input=false"];
  const { stdout } = await run("terraform", [...args, ...flags], { cwd: work, env, maxBuffer: 16 << 20 });
  return stdout;
}

beforeAll(async () => {
  host = await ensureHost(paths, { gatewayPort: 0 });
  cpSync(path.join(repoRoot, "examples/hcl"), work, { recursive: true, filter: (src) => !/\.terraform|tfstate|tfvars\.json$/.test(src) });
  const install = await run(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), "provider", "install", "--dir", paths.terraform]);
  const cliConfig = /^export TF_CLI_CONFIG_FILE=(.+)$/m
    .exec(install.stdout)![1]!
    .trim()
    .replace(/^'(.*)'$/, "$1");
  env = {
    ...process.env,
    TF_CLI_CONFIG_FILE: cliConfig,
    TAKOFORM_ENDPOINT: host.url,
    TAKOFORM_TOKEN: host.token,
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
  };
  await terraform("init");
});

afterAll(async () => {
  await stopHost(paths);
  rmSync(paths.root, { recursive: true, force: true });
});

let hostname = "";

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    if (await check()) return;
  }
  throw new Error(`${what}: not within 30 s`);
}

/** n answers of the endpoint through the gateway, once the runtime has caught up with the apply. */
async function answers(n: number): Promise<string[]> {
  // The runtime reconciles after each commit; wait until the gateway answers 200, then sample.
  await waitFor(async () => (await viaGateway(host.gatewayPort!, hostname)).status === 200, "the endpoint serves");
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const reply = await viaGateway(host.gatewayPort!, hostname);
    expect(reply.status).toBe(200);
    lines.push(reply.body.trim());
  }
  return lines;
}

describe("examples/hcl with terraform", () => {
  let deployed: DeployedResource[] = [];

  it(
    "applies: every resource is Ready on the host and the endpoint URL is an output",
    async () => {
      await terraform("apply", "-auto-approve");
      deployed = resourcesInState(path.join(work, "terraform.tfstate"));
      expect(deployed.map((r) => r.kind).sort()).toEqual([
        "AtLeastOnceQueue",
        "AtLeastOnceQueue",
        "EdgeKVNamespace",
        "ModuleWorker",
        "QueueConsumer",
        "SQLiteDatabase",
        "SQLiteMigrationApplication",
        "SQLiteMigrationSet",
        "WorkerBundle",
        "WorkerCronTrigger",
        "WorkerDeployment",
        "WorkerEndpoint",
        "WorkerVersion",
      ]);
      const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
      expect(views.filter((v) => !v.found || v.ready !== "True" || v.reason !== "Available")).toEqual([]);
      const url = (JSON.parse(await terraform("output", "-json")) as { endpoint_url: { value: string } }).endpoint_url.value;
      expect(url).toBe(views.find((v) => v.kind === "WorkerEndpoint")!.outputs["url"]);
      expect(readFileSync(path.join(work, "terraform.tfstate"), "utf8")).toContain("sha256:");
      hostname = new URL(url).hostname;
      const first = await answers(1);
      expect(first[0]).toMatch(/^hello from takoform, visit \d+$/);
      // The README's curl commands, as written there: *.localhost resolves without DNS; TLS on the same port.
      const curl = async (...args: string[]) => (await run("curl", ["-s", "--max-time", "10", ...args])).stdout;
      expect(await curl("-k", `https://${hostname}:${host.gatewayPort}/`)).toMatch(/^hello from takoform, visit \d+\n$/);
      await waitFor(
        async () => JSON.parse(await curl(`http://${hostname}:${host.gatewayPort}/stats`)).eventsProcessed >= 2,
        "the queue consumer processed the visits' events",
      );
    },
    STEP,
  );

  it(
    "a canary splits traffic between two versions; a deployment change rolls it back",
    async () => {
      await terraform("apply", "-auto-approve", "-var", "canary_greeting=canary", "-var", "canary_weight=5000");
      // The runtime switches after the apply's last commit: wait until the canary answers at all.
      await waitFor(async () => (await answers(1))[0]!.startsWith("hello from canary,"), "the canary answers");
      const split = await answers(40);
      const canary = split.filter((line) => line.startsWith("hello from canary,")).length;
      expect(canary + split.filter((line) => line.startsWith("hello from takoform,")).length).toBe(40);
      expect(Math.abs(canary - 20)).toBeLessThanOrEqual(4); // 5000 basis points, within 10% of 40
      await terraform("apply", "-auto-approve", "-var", "canary_greeting=canary", "-var", "canary_weight=0");
      // Rolled back once ten answers in a row come from the stable version; then every answer must.
      await waitFor(async () => (await answers(10)).every((line) => line.startsWith("hello from takoform,")), "the rollback serves");
      const rolledBack = await answers(20);
      expect(rolledBack.filter((line) => !line.startsWith("hello from takoform,"))).toEqual([]);
    },
    STEP,
  );

  it(
    "applies a change of the WorkerVersion's bindings: a new content-named version replaces the old one",
    async () => {
      const file = path.join(work, "main.tf");
      const before = readFileSync(file, "utf8");
      const events = `{ name = "EVENTS", resource = takoform_at_least_once_queue.events.name },`;
      expect(before).toContain(events);
      writeFileSync(file, before.replace(events, `${events}\n      { name = "DEAD_LETTERS", resource = takoform_at_least_once_queue.events_dead.name },`));
      const oldVersion = deployed.find((r) => r.kind === "WorkerVersion")!;
      const out = await terraform("apply", "-auto-approve");
      // 1 destroyed, or 2 when the canary of the test before goes too (no canary_greeting now).
      expect(out).toMatch(/Apply complete! Resources: 1 added, \d+ changed, [12] destroyed\./);
      deployed = resourcesInState(path.join(work, "terraform.tfstate"));
      const newVersion = deployed.find((r) => r.kind === "WorkerVersion")!;
      expect(newVersion.name).not.toBe(oldVersion.name);
      const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
      expect(views.filter((v) => !v.found || v.ready !== "True")).toEqual([]);
      expect((await readFromHost(host.url, host.token, oldVersion)).found).toBe(false);
    },
    STEP,
  );

  it(
    "destroys: none of the resources remains on the host",
    async () => {
      await terraform("destroy", "-auto-approve");
      const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
      expect(views.filter((v) => v.found)).toEqual([]);
      await waitFor(async () => (await viaGateway(host.gatewayPort!, hostname)).status === 404, "the gateway stops serving the endpoint");
      expect((await viaGateway(host.gatewayPort!, hostname)).status).toBe(404);
    },
    STEP,
  );
});
