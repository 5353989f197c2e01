// `npm run demo` without a terminal: it deploys examples/edge-app on a host it starts, prints
// the resource table and the endpoint URL, leaves the host running; `--destroy` then removes
// the resources and stops that host.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { pidAlive, recordedHost, stopHost } from "../../scripts/demo/host.js";
import { demoPaths, repoRoot } from "../../scripts/demo/paths.js";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "takoform-demo-"));
const paths = demoPaths(dir);

// stdin is not a TTY here (execFile gives a pipe), as in CI.
const demo = (...args: string[]) =>
  run("npm", ["run", "--silent", "demo", "--", "--dir", dir, ...(args.includes("--destroy") ? [] : ["--gateway-port", "0"]), ...args], {
    cwd: repoRoot,
    env: { ...process.env, CI: "1" },
    maxBuffer: 16 << 20,
  });

afterAll(async () => {
  await stopHost(paths);
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run demo", () => {
  let hostPid = 0;

  it("deploys the edge app, prints every resource Ready and the endpoint URL, and leaves the host running", async () => {
    const { stdout } = await demo();
    expect(stdout).toMatch(/^KIND +NAME +READY +REASON$/m);
    expect(stdout).toMatch(/^WorkerEndpoint +shop +True +Available$/m);
    expect(stdout).not.toMatch(/ (False|Unknown|-) +\S+$/m);
    const url = /^endpoint URL: (https:\/\/\S+\/)$/m.exec(stdout)?.[1];
    expect(url).toBeDefined();
    expect(stdout).toContain("npm run demo -- --destroy");
    const host = recordedHost(paths)!;
    hostPid = host.pid;
    expect(pidAlive(hostPid)).toBe(true);
    const outputs = JSON.parse(readFileSync(paths.outputs, "utf8")) as Record<string, Record<string, string>>;
    expect(outputs["edge-app"]!["endpoint_url"]).toBe(url);
    // The deployed shop answered through the gateway: a page, the API, and a queued order in SQLite.
    const hostname = new URL(url!).hostname;
    expect(stdout).toMatch(/GET \/orders\/recent -> 200 <!doctype html>/);
    expect(stdout).toMatch(/POST \/api\/orders -> 202 \{"accepted":true/);
    expect(stdout).toMatch(/the order, written to SQLite by the queue consumer\n  GET \/api\/orders -> 200 \[\{"id":\d+,"total_cents":1299\}\]/);
    expect(stdout).toMatch(new RegExp(`^open in a browser: http://${hostname.replace(/\./g, "\\.")}:\\d+/$`, "m"));
  }, 600_000);

  it("a second run says the deployment has no changes", async () => {
    const { stdout } = await demo();
    expect(stdout).toMatch(/cdktf synth \+ deploy examples\/edge-app.*no changes/);
    expect(stdout).not.toMatch(/\b1 resources\b/);
  }, 600_000);

  it("--destroy removes the resources and stops the host", async () => {
    const { stdout } = await demo("--destroy");
    expect(stdout).toContain("demo host stopped");
    const state = JSON.parse(readFileSync(paths.tfState, "utf8")) as { resources: unknown[] };
    expect(state.resources).toEqual([]);
    expect(pidAlive(hostPid)).toBe(false);
    expect(existsSync(paths.hostData)).toBe(true);
  }, 600_000);

  it("--destroy with nothing deployed starts no host", async () => {
    const { stdout } = await demo("--destroy");
    expect(stdout).toContain("nothing deployed by the demo");
    expect(stdout).toContain("no demo host was running");
    expect(stdout).not.toContain("reaching the demo host");
    const recorded = recordedHost(paths);
    expect(recorded === undefined || (recorded.pid === hostPid && !pidAlive(recorded.pid))).toBe(true);
  }, 600_000);
});
