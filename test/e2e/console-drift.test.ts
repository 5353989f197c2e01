// Drift and pins in the listing, the CLI tree and the console, on a real host process started with
// --conformance-probes: a Worker aggregate is stood up, then its bundle is deleted out of band
// (the external-change probe bypasses dependency protection, as a backend losing it would). The
// version's pin on /bundle then names an incarnation that is gone: the listing marks that relation
// drifted (DependencyMissing), the tree says MISSING, and the console draws the version as drifted
// with a dashed red arrow to a "missing" box.
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exactQuery, resourcePath } from "../unit/host/client.js";
import { call, PRIMARY, repoRoot } from "../unit/host/harness.js";
import { form, read, standUpWorker, type Aggregate } from "../reliability/support/aggregate.js";
import { credentialsFile, startHostProcess, tempDir, type HostProcess } from "../host/process.js";
import { chromiumMissing, launchConsoleBrowser, type ConsoleBrowser } from "./helpers/chromium.js";

const run = promisify(execFile);
const SPACE = "drift";
let host: HostProcess;
let dir: string;
let aggregate: Aggregate;

beforeAll(async () => {
  dir = tempDir("takoform-console-drift-");
  host = await startHostProcess(["--data", dir, "--credentials", credentialsFile(dir), "--conformance-probes"]);
  aggregate = await standUpWorker(host.url, PRIMARY, SPACE, "app", ["fetch"]);
  const bundle = await read(host.url, PRIMARY, "WorkerBundle", aggregate.bundle, SPACE);
  const gone = await call(host.url, "DELETE", `${resourcePath(form("WorkerBundle"), aggregate.bundle)}?${exactQuery(SPACE, form("WorkerBundle"))}`, {
    headers: { "idempotency-key": "drift-1", "takoform-expected-generation": bundle.json.metadata.generation, "takoform-conformance-probe": "external-change" },
  });
  expect(gone.status, gone.text).toBe(204);
}, 120_000);

afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a drifted pin", () => {
  it("is marked on its relation in the listing", async () => {
    const reply = await call(host.url, "GET", `/x-takoform/v1/resources?space=${SPACE}&kind=WorkerVersion`);
    const version = reply.json.resources[0];
    const bundle = version.relations.find((rel: any) => rel.pointer === "/bundle");
    expect(bundle.drift).toEqual({ reason: "DependencyMissing" });
    expect(version.relations.find((rel: any) => rel.pointer === "/worker").drift).toBeUndefined();
  });

  it("reads MISSING in the CLI tree", async () => {
    const { stdout } = await run(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), "resource", "ModuleWorker", aggregate.worker, "--space", SPACE], {
      env: { ...process.env, TAKOFORM_ENDPOINT: host.url, TAKOFORM_TOKEN: PRIMARY },
    });
    expect(stdout).toMatch(new RegExp(`─ /bundle DRIFT DependencyMissing: WorkerBundle ${aggregate.bundle}  MISSING \\(pinned uid `));
  });
});

describe.skipIf(chromiumMissing())("a drifted pin in the console (headless Chromium)", () => {
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    browser = await launchConsoleBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("draws the holder as drifted, a dashed red arrow and a missing box, and lists the pin on click", async () => {
    const { page } = browser;
    await page.goto(`${host.url}/console#token=${PRIMARY}&space=${SPACE}`);
    await expect.poll(() => page.locator("svg#graph g.node").count(), { timeout: 20_000 }).toBe(3);
    const version = page.locator(`svg#graph g.node[data-kind="WorkerVersion"][data-name="${aggregate.version}"]`);
    expect(await version.getAttribute("class")).toContain("drifted");
    expect(await version.locator("text.badges").textContent()).toBe("gen 1 · pins 2 · pinned by 1 · DRIFT");
    expect(await page.locator("svg#graph path.edge.drift").count()).toBe(1);
    expect(await page.locator("svg#graph path.edge.drift title").textContent()).toContain("/bundle pins uid");
    const missing = page.locator("svg#graph g.ghost");
    expect(await missing.count()).toBe(1);
    expect(await missing.textContent()).toContain(aggregate.bundle);
    await version.click();
    await expect.poll(() => page.locator("#details table.relations").textContent()).toContain("DependencyMissing (now none)");
    expect(browser.pageErrors).toEqual([]);
  }, 60_000);
});
