// Seeing what is deployed, on the demo's own deployment: `npm run demo` deploys examples/edge-app
// and prints the console address; `takoform resources` and `takoform resource` read the host's
// resource listing; the console page, driven in headless Chromium (Debian's /usr/bin/chromium
// through playwright-core; never a downloaded browser), draws the space as a graph with one node
// per resource, follows the store as it changes, shows a not-Ready node's reason, and a node's
// conditions and outputs on click.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { recordedHost, stopHost } from "../../scripts/demo/host.js";
import { demoPaths, repoRoot } from "../../scripts/demo/paths.js";
import { resourcesInState, type DeployedResource } from "../../scripts/demo/resources.js";
import { create, mustCreate } from "../reliability/support/aggregate.js";
import { chromiumMissing, launchConsoleBrowser, type ConsoleBrowser } from "./helpers/chromium.js";

const run = promisify(execFile);

const dir = mkdtempSync(path.join(tmpdir(), "takoform-console-"));
const paths = demoPaths(dir);
const STEP = 600_000;
let url = "";
let token = "";
let consoleUrl = "";
let deployed: DeployedResource[] = [];

const demo = (...args: string[]) =>
  run("npm", ["run", "--silent", "demo", "--", "--dir", dir, ...(args.includes("--destroy") ? [] : ["--gateway-port", "0"]), ...args], {
    cwd: repoRoot,
    env: { ...process.env, CI: "1" },
    maxBuffer: 16 << 20,
  });

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const environment = { ...process.env, TAKOFORM_ENDPOINT: url, TAKOFORM_TOKEN: token, ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), ...args], { env: environment, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  const { stdout } = await demo();
  consoleUrl = /^console: (http:\/\/127\.0\.0\.1:\d+\/console) /m.exec(stdout)?.[1] ?? "";
  url = recordedHost(paths)!.url;
  token = (JSON.parse(readFileSync(paths.credentials, "utf8")) as { credentials: { token: string }[] }).credentials[0]!.token;
  deployed = resourcesInState(paths.tfState);
}, STEP);

afterAll(async () => {
  await stopHost(paths);
  rmSync(dir, { recursive: true, force: true });
}, STEP);

describe("takoform resources and takoform resource on the demo's deployment", () => {
  it("the demo prints the console address of its host", () => {
    expect(consoleUrl).toBe(`${url}/console`);
    expect(deployed.length).toBeGreaterThan(15);
  });

  it("lists every deployed resource with generation, Ready and reason, FormRef and relations", async () => {
    const { code, stdout } = await cli(["resources", "--space", "default"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^KIND +NAME +GEN +READY +REASON +FORM +RELATIONS$/m);
    for (const r of deployed) {
      const row = new RegExp(
        `^${r.kind} +${r.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} +\\d+ +True +Available +${r.apiVersion} ${r.kind}@${r.definitionVersion} ${r.schemaDigest.slice(0, 19)}`,
        "m",
      );
      expect(stdout).toMatch(row);
    }
    expect(stdout).toMatch(/^WorkerDeployment +shop .* worker=ModuleWorker\/shop, versions\/0\/workerVersion=WorkerVersion\/shop-/m);
    expect(stdout).toContain(`\n${deployed.length} resources, 0 not Ready`);
    const all = await cli(["resources"]);
    expect(all.stdout).toMatch(/^SPACE +KIND +NAME/m);
    const versions = await cli(["resources", "--kind", "WorkerVersion", "--json"]);
    const listed = (JSON.parse(versions.stdout) as { resources: { kind: string; name: string }[] }).resources;
    expect(listed.map((r) => r.name).sort()).toEqual(
      deployed
        .filter((r) => r.kind === "WorkerVersion")
        .map((r) => r.name)
        .sort(),
    );
  });

  it("draws the shop worker's aggregate as a tree: deployment -> versions -> bundles and bindings, then endpoint and domain", async () => {
    const { code, stdout } = await cli(["resource", "ModuleWorker", "shop"]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("ModuleWorker shop  gen 1  Ready True Available");
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const deployment = at(/^├─ WorkerDeployment shop /);
    const version = at(/^│  (├|└)─ \/versions\/0\/workerVersion \(weight \d+\): WorkerVersion shop-/);
    const bundle = at(/^│     [│ ] +(├|└)─ \/bundle: WorkerBundle shop-|^│  [│ ]  (├|└)─ \/bundle: WorkerBundle shop-/);
    const kv = at(/(├|└)─ \/kvBindings\/0\/resource \(name SESSIONS\): EdgeKVNamespace shop-sessions +gen 1 +Ready True Available/);
    const sql = at(/(├|└)─ \/sqliteBindings\/0\/resource \(name DB\): SQLiteDatabase shop-db /);
    const queue = at(/(├|└)─ \/queueProducerBindings\/0\/resource \(name ORDERS\): AtLeastOnceQueue orders /);
    const endpoint = at(/^(├|└)─ WorkerEndpoint shop .* url=https:\/\//);
    const domain = at(/^(├|└)─ WorkerCustomDomain shop-domain /);
    expect(
      [deployment, version, bundle, kv, sql, queue, endpoint, domain].every((i) => i > 0),
      stdout,
    ).toBe(true);
    expect(deployment < version && version < bundle && bundle < kv && kv < endpoint && endpoint < domain, stdout).toBe(true);
    expect(stdout).toMatch(/(├|└)─ WorkerCronTrigger shop-nightly /);
    expect(stdout).toMatch(/(├|└)─ QueueConsumer orders-consumer /);
  });

  it("says what is wrong: a refused token, an unknown resource, a bad kind", async () => {
    const refused = await cli(["resources"], { TAKOFORM_TOKEN: "not-a-token-of-this-host" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("refused the credential (401 unauthenticated)");
    expect(refused.stderr).toContain("set TAKOFORM_TOKEN");
    const missing = await cli(["resource", "ModuleWorker", "nope"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('space default holds no ModuleWorker named "nope"');
    const badKind = await cli(["resources", "--kind", "Worker"]);
    expect(badKind.code).toBe(1);
    expect(badKind.stderr).toContain('query parameter "kind" names no installed kind');
  });
});

describe.skipIf(chromiumMissing())("the console in headless Chromium on the demo's deployment", () => {
  let browser: ConsoleBrowser;
  let page: Page;
  const nodes = () => page.locator("svg#graph g.node");

  beforeAll(async () => {
    browser = await launchConsoleBrowser();
    page = browser.page;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(browser.pageErrors).toEqual([]);
  });

  it("asks for the token, and says so when the host refuses one", async () => {
    await page.goto(consoleUrl);
    await page.locator("#login").waitFor({ state: "visible" });
    await page.fill("#token", "not-a-token-of-this-host");
    await page.click("#login button");
    await expect.poll(() => page.textContent("#login-reason")).toContain("refused this token");
  }, 60_000);

  it("draws one node per deployed resource, every one Ready, and the relations as arrows", async () => {
    await page.goto(`${consoleUrl}#token=${encodeURIComponent(token)}&space=default`);
    await expect.poll(() => nodes().count(), { timeout: 20_000 }).toBe(deployed.length);
    expect(new URL(page.url()).hash).toBe("#space=default"); // the token left the address bar
    const ready = await nodes().evaluateAll((gs) => gs.map((g) => g.getAttribute("data-ready")));
    expect(ready.every((status) => status === "True")).toBe(true);
    const names = await nodes().evaluateAll((gs) => gs.map((g) => `${g.getAttribute("data-kind")} ${g.getAttribute("data-name")}`));
    expect(names.sort()).toEqual(deployed.map((r) => `${r.kind} ${r.name}`).sort());
    const listed = JSON.parse((await cli(["resources", "--space", "default", "--json"])).stdout) as { resources: { relations: unknown[] }[] };
    const relations = listed.resources.reduce((sum, r) => sum + r.relations.length, 0);
    expect(await page.locator("svg#graph path.edge").count()).toBe(relations);
    await page.screenshot({ path: path.join(dir, "console.png"), fullPage: true });
  }, 60_000);

  it("follows the store: a new worker without a deployment appears, not Ready, with its reason", async () => {
    mustCreate("idle worker", await create(url, token, "ModuleWorker", "idle", "default", {}));
    await expect.poll(() => nodes().count(), { timeout: 20_000 }).toBe(deployed.length + 1);
    const idle = page.locator('svg#graph g.node[data-kind="ModuleWorker"][data-name="idle"]');
    expect(await idle.getAttribute("data-ready")).toBe("False");
    const reason = await idle.locator("text.reason").evaluateAll((texts) => texts.map((t) => t.textContent).join(" "));
    expect(reason).toBe("Provisioning: worker idle: no active deployment");
    expect(await idle.locator("title").first().textContent()).toContain('worker "idle" has no WorkerDeployment');
    await idle.click();
    await expect.poll(() => page.locator("#details").textContent()).toContain("worker idle: no active deployment");
  }, 60_000);

  it("shows a resource's conditions and outputs on click", async () => {
    await page.locator('svg#graph g.node[data-kind="WorkerEndpoint"][data-name="shop"]').click();
    const details = page.locator("#details");
    await expect.poll(() => details.locator("h2").textContent()).toBe("WorkerEndpoint shop");
    const outputs = JSON.parse((await details.locator("pre.outputs").textContent()) ?? "{}") as { url?: string };
    const stackOutputs = JSON.parse(readFileSync(paths.outputs, "utf8")) as Record<string, Record<string, string>>;
    expect(outputs.url).toBe(stackOutputs["edge-app"]!["endpoint_url"]);
    expect(await details.locator("table.conditions").textContent()).toContain("ReadyTrueAvailable");
    await page.screenshot({ path: path.join(dir, "console-details.png"), fullPage: true });
  }, 60_000);
});
