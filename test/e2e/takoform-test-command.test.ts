// `takoform test DIR`: terraform test against a throwaway host, through the CLI as a user runs it.
// Proven: examples/hcl's tests pass; a failing test file gives terraform test's exit code; Ctrl-C
// stops everything; and in every case no host process, listening port or temporary directory is
// left behind, and the configuration directory is left as it was.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const STEP = 300_000;
const scratch = mkdtempSync(path.join(tmpdir(), "takoform-test-cmd-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  host: { url: string; pid: number; temp: string };
}

function copyExample(name: string): string {
  const dir = path.join(scratch, name);
  cpSync(path.join(repoRoot, "examples/hcl"), dir, { recursive: true, filter: (src) => !/\.terraform|tfstate|tfvars\.json$/.test(src) });
  return dir;
}

/** Runs `takoform test` in dir; onHost is called once the throwaway host is announced. */
function takoformTest(dir: string, onHost?: (kill: (s: NodeJS.Signals) => void) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), "test", dir, "--", "-no-color"], {
      env: { ...process.env, CHECKPOINT_DISABLE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let announced = false;
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => {
      stderr += b.toString();
      if (!announced && /throwaway host/.test(stderr)) {
        announced = true;
        onHost?.((s) => child.kill(s));
      }
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      const m = /throwaway host (http:\/\/\S+) \(pid (\d+), files in (\S+)\)/.exec(stderr);
      if (m === null) return reject(new Error(`no host announced; stderr:\n${stderr}`));
      resolve({ code, signal, stdout, stderr, host: { url: m[1]!, pid: Number(m[2]), temp: m[3]! } });
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portRefuses(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

async function expectCleanedUp(run: Run, dir: string, before: string[]): Promise<void> {
  expect(alive(run.host.pid), `host pid ${run.host.pid} still running`).toBe(false);
  expect(await portRefuses(run.host.url), `${run.host.url} still accepts connections`).toBe(true);
  expect(existsSync(run.host.temp), `${run.host.temp} left behind`).toBe(false);
  expect(readdirSync(dir).sort()).toEqual(before);
}

describe("takoform test", () => {
  it(
    "runs examples/hcl's tests against a throwaway host and cleans up after itself",
    async () => {
      const dir = copyExample("pass");
      const before = readdirSync(dir).sort();
      const run = await takoformTest(dir);
      expect(run.stdout).toContain("Success! 5 passed, 0 failed.");
      expect(run.code).toBe(0);
      await expectCleanedUp(run, dir, before);
    },
    STEP,
  );

  it(
    "exits with terraform test's code when a test fails, and still cleans up",
    async () => {
      const dir = copyExample("fail");
      writeFileSync(
        path.join(dir, "tests", "wrong.tftest.hcl"),
        'run "wrong_expectation" {\n  command = plan\n  assert {\n    condition     = takoform_module_worker.app.name == "not-hello"\n    error_message = "deliberately wrong"\n  }\n}\n',
      );
      const before = readdirSync(dir).sort();
      const run = await takoformTest(dir);
      expect(run.stdout + run.stderr).toContain("deliberately wrong");
      expect(run.code).toBe(1);
      await expectCleanedUp(run, dir, before);
    },
    STEP,
  );

  it(
    "stops the host and removes its files on Ctrl-C",
    async () => {
      const dir = copyExample("interrupt");
      const before = readdirSync(dir).sort();
      const run = await takoformTest(dir, (kill) => setTimeout(() => kill("SIGINT"), 1500));
      expect(run.code).toBe(130);
      await expectCleanedUp(run, dir, before);
    },
    STEP,
  );
});
