// examples/hcl with plain terraform: push.ts uploads the bundle, apply creates the aggregate
// (every resource Ready on the host), a binding added to the WorkerVersion applies (its content
// name changes, ADR 0161), destroy removes it.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHost, stopHost, type RunningHost } from "../../scripts/demo/host.js";
import { demoPaths, repoRoot } from "../../scripts/demo/paths.js";
import { readFromHost, resourcesInState, type DeployedResource } from "../../scripts/demo/resources.js";

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
  host = await ensureHost(paths);
  cpSync(path.join(repoRoot, "examples/hcl"), work, { recursive: true, filter: (src) => !/\.terraform|tfstate|tfvars\.json$/.test(src) });
  const install = await run(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), "provider", "install", "--dir", paths.terraform]);
  const cliConfig = /^export TF_CLI_CONFIG_FILE=(.+)$/m.exec(install.stdout)![1]!.trim().replace(/^'(.*)'$/, "$1");
  env = { ...process.env, TF_CLI_CONFIG_FILE: cliConfig, TAKOFORM_ENDPOINT: host.url, TAKOFORM_TOKEN: host.token, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  // push.ts from the repository, writing its tfvars into the copy (its working directory).
  await run(path.join(repoRoot, "node_modules/.bin/tsx"), [path.join(repoRoot, "examples/hcl/push.ts")], { cwd: work, env });
  await terraform("init");
});

afterAll(async () => {
  await stopHost(paths);
  rmSync(paths.root, { recursive: true, force: true });
});

describe("examples/hcl with terraform", () => {
  let deployed: DeployedResource[] = [];

  it("applies: every resource is Ready on the host and the endpoint URL is an output", async () => {
    await terraform("apply", "-auto-approve");
    deployed = resourcesInState(path.join(work, "terraform.tfstate"));
    expect(deployed.map((r) => r.kind).sort()).toEqual([
      "AtLeastOnceQueue", "AtLeastOnceQueue", "EdgeKVNamespace", "ModuleWorker", "QueueConsumer",
      "WorkerBundle", "WorkerCronTrigger", "WorkerDeployment", "WorkerEndpoint", "WorkerVersion",
    ]);
    const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
    expect(views.filter((v) => !v.found || v.ready !== "True" || v.reason !== "Available")).toEqual([]);
    const url = (JSON.parse(await terraform("output", "-json")) as { endpoint_url: { value: string } }).endpoint_url.value;
    expect(url).toBe(views.find((v) => v.kind === "WorkerEndpoint")!.outputs["url"]);
    expect(readFileSync(path.join(work, "artifacts.auto.tfvars.json"), "utf8")).toContain("sha256:");
  }, STEP);

  it("applies a change of the WorkerVersion's bindings: a new content-named version replaces the old one", async () => {
    const file = path.join(work, "main.tf");
    const before = readFileSync(file, "utf8");
    const events = `{ name = "EVENTS", resource = takoform_at_least_once_queue.events.name },`;
    expect(before).toContain(events);
    writeFileSync(file, before.replace(events, `${events}\n      { name = "DEAD_LETTERS", resource = takoform_at_least_once_queue.events_dead.name },`));
    const oldVersion = deployed.find((r) => r.kind === "WorkerVersion")!;
    const out = await terraform("apply", "-auto-approve");
    expect(out).toMatch(/Apply complete! Resources: 1 added, \d+ changed, 1 destroyed\./);
    deployed = resourcesInState(path.join(work, "terraform.tfstate"));
    const newVersion = deployed.find((r) => r.kind === "WorkerVersion")!;
    expect(newVersion.name).not.toBe(oldVersion.name);
    const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
    expect(views.filter((v) => !v.found || v.ready !== "True")).toEqual([]);
    expect((await readFromHost(host.url, host.token, oldVersion)).found).toBe(false);
  }, STEP);

  it("destroys: none of the resources remains on the host", async () => {
    await terraform("destroy", "-auto-approve");
    const views = await Promise.all(deployed.map((r) => readFromHost(host.url, host.token, r)));
    expect(views.filter((v) => v.found)).toEqual([]);
  }, STEP);
});
