// Provider spares (docs/decisions/0282-provider-spare-processes.md), end to end: the real
// terraform binary and the installed launcher with TAKOFORM_PROVIDER_SPARE=on. A spare serves
// Terraform's later calls with each session's own environment and working directory; one killed
// while it waits is skipped; Terraform going away ends the spare that serves it; the launcher
// ignores SIGINT as the provider does; unclaimed spares exit after their idle time and leave no
// files; a spare directory open to others is not used; by default (auto, ADR 0287) the user's
// spares serve a terraform at a terminal, and in automation or without a terminal each command
// has a spare of its own (ADR 0290) that serves its later calls and ends with it.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateServerCertificate } from "../../provider-bridge/plugin/certificate.js";
import { installTakoformProvider, providerConfig, repoRoot, TerraformWorkdir, waitFor } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";
import { sparesOf } from "../support/spares.js";

const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const SERVED = /served by a spare process/g;

/** The sessions a log says spares served: [spare pid, session number] per line. */
function servedSessions(log: string): [number, number][] {
  return log
    .split("\n")
    .filter((line) => line.includes("served by a spare process"))
    .map((line) => [Number(/spare_pid=(\d+)/.exec(line)?.[1]), Number(/session=(\d+)/.exec(line)?.[1])]);
}

/** The folders of commands' own spares in a spare directory. */
function commandFolders(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith("command-")) : [];
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
}

function readyIn(dir: string): number[] {
  return existsSync(join(dir, "ready"))
    ? readdirSync(join(dir, "ready"))
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
    : [];
}

/** The recorded attribute values of one resource address (terraform show -json). */
async function stateValues(w: TerraformWorkdir, address: string): Promise<Record<string, unknown>> {
  const shown = JSON.parse((await w.run(["show", "-json"])).stdout) as {
    values: { root_module: { resources: { address: string; values: Record<string, unknown> }[] } };
  };
  return shown.values.root_module.resources.find((r) => r.address === address)?.values ?? {};
}

const config = (host: HostProcess): string => `
${providerConfig({ endpoint: host.url, token: TOKEN })}
resource "takoform_edge_kv_namespace" "cache" { name = "cache" }
resource "takoform_worker_bundle" "api" {
  name       = "api-bundle"
  source_dir = "./bundle"
}
`;

describe("provider spares", () => {
  let host: HostProcess;
  let cliConfigFile: string;
  let launcher: string;
  const base = mkdtempSync(join(tmpdir(), "takoform-e2e-spare-"));
  const spareDirs: string[] = [];
  const workdirs: TerraformWorkdir[] = [];
  const children: ChildProcess[] = [];

  function spareDir(name: string): string {
    const dir = join(base, name);
    spareDirs.push(dir);
    return dir;
  }

  function workdir(env: Record<string, string>): TerraformWorkdir {
    const w = TerraformWorkdir.create({ cliConfigFile, env, files: { "main.tf": config(host) } });
    mkdirSync(join(w.dir, "bundle"));
    copyFileSync(join(repoRoot, "corpus", "artifacts", "worker-bundles", "all-handlers", "index.js"), join(w.dir, "bundle", "index.js"));
    workdirs.push(w);
    return w;
  }

  beforeAll(async () => {
    host = await HostProcess.start();
    cliConfigFile = (await installTakoformProvider(join(base, "provider"))).cliConfigFile;
    const mirror = join(base, "provider", "mirror", "registry.terraform.io", "takoform", "takoform", "0.1.0");
    launcher = join(mirror, readdirSync(mirror)[0]!, "terraform-provider-takoform");
  });
  // SIGTERM first: a provider ends through its exit handlers then and removes its socket folder
  // (a SIGKILLed one leaves it in the temp directory); SIGKILL after a grace.
  afterEach(async () => {
    const running = children.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
    await Promise.all(
      running.map(async (child) => {
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        const grace = setTimeout(() => child.kill("SIGKILL"), 2_000);
        await exited;
        clearTimeout(grace);
      }),
    );
  });
  afterAll(async () => {
    for (const dir of spareDirs) killAll(sparesOf(dir));
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  it("serves later calls from a spare that takes each session's environment and working directory", async () => {
    const dir = spareDir("serve");
    const on = { TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir, TF_LOG_PROVIDER: "debug" };
    // The space comes from each run's environment, the bundle from each working directory's ./bundle.
    const alpha = workdir({ ...on, TAKOFORM_SPACE: "alpha" });
    const beta = workdir({ ...on, TAKOFORM_SPACE: "beta" });
    expect((await alpha.run(["init"])).exitCode).toBe(0);
    expect((await beta.run(["init"])).exitCode).toBe(0);
    const first = await alpha.run(["apply", "-auto-approve"], { env: { TF_LOG_PATH: join(alpha.dir, "apply.log") } });
    expect(first.exitCode, first.all).toBe(0);
    await waitFor(() => (readyIn(dir).length > 0 ? true : undefined), 10_000);
    const second = await beta.run(["apply", "-auto-approve"], { env: { TF_LOG_PATH: join(beta.dir, "apply.log") } });
    expect(second.exitCode, second.all).toBe(0);
    const served = beta.read("apply.log").match(SERVED)?.length ?? 0;
    expect(served, "sessions of the second apply served by a spare").toBeGreaterThanOrEqual(2);

    for (const [w, space] of [
      [alpha, "alpha"],
      [beta, "beta"],
    ] as const) {
      expect((await stateValues(w, "takoform_edge_kv_namespace.cache"))["space"], "the space of this run's environment").toBe(space);
      expect((await stateValues(w, "takoform_worker_bundle.api"))["manifest_digest"], "the bundle read from this run's directory").toMatch(/^sha256:/);
    }
    for (const w of [alpha, beta]) {
      const plan = await w.run(["plan", "-detailed-exitcode"], { env: { TF_LOG_PATH: join(w.dir, "plan.log") } });
      expect(plan.exitCode, plan.all).toBe(0);
      expect(w.read("plan.log").match(SERVED)?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
    // One spare went back to waiting after each session instead of a new one per call.
    expect(sparesOf(dir).length).toBeLessThanOrEqual(3);
  });

  it("serves two terraform commands running at once from one spare directory", async () => {
    const dir = spareDir("together");
    const on = { TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir };
    const one = workdir({ ...on, TAKOFORM_SPACE: "together-one" });
    const two = workdir({ ...on, TAKOFORM_SPACE: "together-two" });
    for (const w of [one, two]) expect((await w.run(["init"])).exitCode).toBe(0);
    const applied = await Promise.all([one, two].map((w) => w.run(["apply", "-auto-approve"])));
    for (const r of applied) expect(r.exitCode, r.all).toBe(0);
    for (let round = 0; round < 3; round++) {
      const planned = await Promise.all([one, two].map((w) => w.run(["plan", "-detailed-exitcode"])));
      for (const r of planned) expect(r.exitCode, r.all).toBe(0);
    }
    // Each run's resources landed in its own space: no spare mixed up the two environments.
    for (const [w, space] of [
      [one, "together-one"],
      [two, "together-two"],
    ] as const) {
      expect((await stateValues(w, "takoform_edge_kv_namespace.cache"))["space"]).toBe(space);
    }
  });

  it("skips a spare killed while it waits, without waiting for it", async () => {
    const dir = spareDir("killed");
    const w = workdir({ TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir, TAKOFORM_SPACE: "killed" });
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["apply", "-auto-approve"])).exitCode).toBe(0);
    const waiting = await waitFor(() => (readyIn(dir).length > 0 ? readyIn(dir) : undefined), 10_000);
    expect(waiting).toBeDefined();
    killAll(sparesOf(dir));
    await waitFor(() => (sparesOf(dir).length === 0 ? true : undefined), 5_000);
    expect(readyIn(dir).length, "the killed spares' markers are left behind").toBeGreaterThan(0);
    const killed = readyIn(dir);
    const plan = await w.run(["plan", "-detailed-exitcode"], { timeoutMs: 60_000 });
    expect(plan.exitCode, plan.all).toBe(0);
    // the provider process that served the plan removed what the killed spares left
    const leftBy = (pid: number) =>
      [...readdirSync(dir), ...readdirSync(join(dir, "ready")), ...readdirSync(join(dir, "claimed"))].filter((n) => n.split(/[-.]/)[0] === String(pid));
    expect(killed.flatMap(leftBy)).toEqual([]);
  });

  it("starts node itself when the spare it claimed is gone before it opened the FIFO", async () => {
    // A stand-in spare that passes the launcher's check (its pid holds the FIFO on the descriptor its
    // marker names) but is no writer of it, as a spare killed between the check and the open: the
    // launcher's read must end, not wait for a writer that will never come.
    const dir = spareDir("vanished");
    mkdirSync(join(dir, "ready"), { recursive: true, mode: 0o700 });
    mkdirSync(join(dir, "claimed"), { mode: 0o700 });
    chmodSync(dir, 0o700);
    const fake = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("fs"), p = require("path"), d = process.argv[1], f = process.pid + "-1.out";
         require("child_process").execFileSync("mkfifo", ["-m", "600", p.join(d, f)]);
         const fd = fs.openSync(p.join(d, f), fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
         fs.writeFileSync(p.join(d, "ready", String(process.pid)), f + " " + fd + "\\n");
         console.log("ready"); setInterval(() => {}, 1000);`,
        dir,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(fake);
    await new Promise((resolve) => fake.stdout!.once("data", resolve));
    expect(readyIn(dir)).toEqual([fake.pid]);

    const w = workdir({ TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir, TAKOFORM_SPACE: "vanished" });
    const env = { ...w.env(), TF_PLUGIN_MAGIC_COOKIE: COOKIE, PLUGIN_PROTOCOL_VERSIONS: "6", PLUGIN_CLIENT_CERT: generateServerCertificate().certPem };
    const provider = spawn(launcher, [], { env, stdio: ["ignore", "pipe", "ignore"] });
    children.push(provider);
    let out = "";
    provider.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const line = await waitFor(() => (out.includes("\n") ? out.split("\n")[0] : undefined), 10_000);
    expect(line, "a handshake from a node the launcher started").toMatch(/^1\|6\|unix\|\/[^|]+\|grpc\|[A-Za-z0-9+/]{50,}$/);
    expect(readdirSync(join(dir, "claimed")), "the stand-in was claimed first").toEqual([`${fake.pid}.${provider.pid}`]);
  });

  it("ends the serving spare when Terraform goes away, and its launcher ignores SIGINT", async () => {
    const dir = spareDir("gone");
    const w = workdir({ TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir, TAKOFORM_SPACE: "gone" });
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["validate"])).exitCode).toBe(0);
    const [spare] = (await waitFor(() => (readyIn(dir).length > 0 ? readyIn(dir) : undefined), 10_000)) ?? [];
    expect(spare).toBeDefined();

    // A stand-in for Terraform: starts the launcher with the handshake variables and relays its handshake line.
    const env = { ...w.env(), TF_PLUGIN_MAGIC_COOKIE: COOKIE, PLUGIN_PROTOCOL_VERSIONS: "6", PLUGIN_CLIENT_CERT: generateServerCertificate().certPem };
    const terraform = spawn(
      process.execPath,
      [
        "-e",
        `const c = require("child_process").spawn(${JSON.stringify(launcher)}, [], { stdio: ["ignore", "pipe", "ignore"] }); console.log(c.pid); c.stdout.pipe(process.stdout); setInterval(() => {}, 1000);`,
      ],
      { env, stdio: ["ignore", "pipe", "ignore"] },
    );
    children.push(terraform);
    let out = "";
    terraform.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const lines = await waitFor(() => (out.split("\n").length >= 3 ? out.split("\n") : undefined), 10_000);
    expect(lines?.[1]).toMatch(/^1\|6\|unix\|\/[^|]+\|grpc\|[A-Za-z0-9+/]{50,}$/);
    const launcherPid = Number(lines![0]);
    expect(readyIn(dir)).not.toContain(spare);
    expect(sparesOf(dir)).toContain(spare);

    process.kill(launcherPid, "SIGINT");
    await new Promise((r) => setTimeout(r, 500));
    expect(sparesOf(dir), "the session survives Ctrl-C").toContain(spare);
    expect(existsSync(`/proc/${launcherPid}`)).toBe(true);

    terraform.kill("SIGKILL");
    const ended = await waitFor(() => (sparesOf(dir).includes(spare!) ? undefined : true), 5_000);
    expect(ended, "the spare exits once Terraform is gone").toBe(true);
    expect(await waitFor(() => (existsSync(`/proc/${launcherPid}`) ? undefined : true), 5_000)).toBe(true);
  });

  it("lists the spares with `takoform provider spares` and stops them with --stop", async () => {
    const dir = spareDir("listed");
    const w = workdir({ TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir });
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["validate"])).exitCode).toBe(0);
    const [spare] = (await waitFor(() => (readyIn(dir).length > 0 ? readyIn(dir) : undefined), 10_000)) ?? [];
    const cli = (...args: string[]) =>
      execa(process.execPath, [join(repoRoot, "bin", "takoform.mjs"), "provider", "spares", "--dir", dir, ...args], { reject: false });
    const listed = await cli();
    expect(listed.exitCode).toBe(0);
    // served one of validate's two calls, or none when it was not ready in time for the second
    expect(listed.stdout).toMatch(new RegExp(`^  ${spare} waiting, [01] sessions? served, \\d+ MiB$`, "m"));
    const stopped = await cli("--stop");
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(stopped.stdout).toMatch(/^stopped [1-9]\d* spare provider process/);
    expect(sparesOf(dir)).toEqual([]);
    expect((await cli()).stdout).toBe(`no spare provider processes in ${dir}`);
    expect(readyIn(dir)).toEqual([]);
  });

  it("ends unclaimed spares after their idle time, leaving no files", async () => {
    const dir = spareDir("idle");
    const w = workdir({ TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: dir, TAKOFORM_PROVIDER_SPARE_IDLE_MS: "1500" });
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["validate"])).exitCode).toBe(0);
    expect(await waitFor(() => (sparesOf(dir).length > 0 ? true : undefined), 10_000)).toBe(true);
    expect(await waitFor(() => (sparesOf(dir).length === 0 ? true : undefined), 10_000)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["claimed", "ready"]);
    expect(readyIn(dir)).toEqual([]);
  });

  it("by default (auto) serves a terraform at a terminal from the user's spares, and in automation or without a terminal from the command's own", async () => {
    const dir = spareDir("auto");
    const w = workdir({});
    expect((await w.run(["init"])).exitCode).toBe(0);
    // Terraform as an author runs it: at a terminal (script(1) gives it one), no CI, no TF_IN_AUTOMATION, no setting.
    const env = (extra: Record<string, string>): Record<string, string> => {
      const e = { ...w.env({ TAKOFORM_PROVIDER_SPARE_DIR: dir, TF_LOG_PROVIDER: "debug", ...extra }) };
      for (const name of ["TF_IN_AUTOMATION", "CI", "TAKOFORM_PROVIDER_SPARE"]) if (!(name in extra)) delete e[name];
      return e;
    };
    const atTerminal = async (log: string, extra: Record<string, string> = {}) => {
      const r = await execa("script", ["-qec", "terraform validate -no-color", "/dev/null"], {
        cwd: w.dir,
        env: env({ TF_LOG_PATH: join(w.dir, log), ...extra }),
        extendEnv: false,
        reject: false,
        stdin: "ignore",
      });
      if (r.failed && r.exitCode === undefined) throw new Error(`script(1) from util-linux is needed to give terraform a terminal: ${r.message}`);
      expect(r.exitCode, r.stdout).toBe(0);
      return w.read(log).match(SERVED)?.length ?? 0;
    };
    // Nothing waits yet: this run's first provider process starts a spare (its second one may
    // already be served by it).
    await atTerminal("first.log");
    expect(await waitFor(() => (readyIn(dir).length > 0 ? true : undefined), 10_000), "a spare left by a terraform at a terminal").toBe(true);
    expect(await atTerminal("second.log"), "sessions of the second validate served by a spare").toBeGreaterThanOrEqual(1);
    // Every spare of the directory waiting again (each of the first validate's two cold provider
    // processes may have left one, when the other's was not ready yet).
    const settled = (): number[] | undefined => {
      const ready = readyIn(dir).sort();
      return ready.length > 0 && JSON.stringify(ready) === JSON.stringify(sparesOf(dir).sort()) ? ready : undefined;
    };
    const waiting = await waitFor(settled, 10_000);
    expect(waiting, "the spares waiting again after the second validate").toBeDefined();

    // In automation (TF_IN_AUTOMATION, or CI) the same terminal, and a terraform without one, get
    // the command's own spare (ADR 0290): it serves both calls of the validate, and none of the
    // user's spares waiting is claimed.
    const piped = async (log: string): Promise<number> => {
      const r = await w.run(["validate"], { env: { TAKOFORM_PROVIDER_SPARE_DIR: dir, TF_LOG_PROVIDER: "debug", TF_LOG_PATH: join(w.dir, log) } });
      expect(r.exitCode, r.all).toBe(0);
      return 0;
    };
    // (A terminal's command last: its spare gets SIGHUP when script(1) ends, and must still leave no folder.)
    for (const [log, run] of [
      ["piped.log", () => piped("piped.log")],
      ["ci.log", () => atTerminal("ci.log", { CI: "true" })],
      ["automation.log", () => atTerminal("automation.log", { TF_IN_AUTOMATION: "1" })],
    ] as const) {
      await run();
      const sessions = servedSessions(w.read(log));
      expect(
        sessions.map(([, n]) => n),
        `the sessions of ${log}`,
      ).toEqual([1, 2]);
      expect(new Set(sessions.map(([pid]) => pid)).size, `one spare served ${log}`).toBe(1);
      expect(waiting, `${log} served by the command's own spare`).not.toContain(sessions[0]![0]);
    }
    // The spares that were waiting still wait, unclaimed; the commands' own spares are gone.
    await waitFor(() => (settled() !== undefined && JSON.stringify(sparesOf(dir).sort()) === JSON.stringify(waiting) ? true : undefined), 5_000);
    expect(settled()).toEqual(waiting);
    expect(commandFolders(dir)).toEqual([]);
  });

  it("uses no spare directory open to others, and starts none unless asked", async () => {
    const open = spareDir("open");
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    const w = workdir({ TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: open, TF_LOG_PROVIDER: "warn" });
    expect((await w.run(["init"])).exitCode).toBe(0);
    const validated = await w.run(["validate"], { env: { TF_LOG_PATH: join(w.dir, "validate.log") } });
    expect(validated.exitCode, validated.all).toBe(0);
    expect(w.read("validate.log")).toContain("provider spares off: the spare directory is not safe");
    await new Promise((r) => setTimeout(r, 500));
    expect(sparesOf(open)).toEqual([]);

    const off = spareDir("off");
    const quiet = workdir({ TAKOFORM_PROVIDER_SPARE: "off", TAKOFORM_PROVIDER_SPARE_DIR: off });
    expect((await quiet.run(["init"])).exitCode).toBe(0);
    expect((await quiet.run(["validate"])).exitCode).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(sparesOf(off)).toEqual([]);
    expect(existsSync(off)).toBe(false);
  });

  it("in automation, serves a command's later calls from the spare its first call started, and ends that spare with the command", async () => {
    const dir = spareDir("command");
    const auto = { TAKOFORM_PROVIDER_SPARE_DIR: dir, TF_LOG_PROVIDER: "debug" };
    const one = workdir({ ...auto, TAKOFORM_SPACE: "command-one" });
    const two = workdir({ ...auto, TAKOFORM_SPACE: "command-two" });
    for (const w of [one, two]) expect((await w.run(["init"])).exitCode).toBe(0);
    // What a command's spare killed with SIGKILL leaves (its folder, marker, FIFO and a claim), for
    // the next command's spare to remove.
    const dead = await execa(process.execPath, ["-e", "console.log(process.pid)"]);
    const left = join(dir, `command-${dead.stdout.trim()}`);
    for (const folder of ["ready", "claimed"]) mkdirSync(join(left, folder), { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    writeFileSync(join(left, "ready", dead.stdout.trim()), `${dead.stdout.trim()}-1.out 21\n`);
    writeFileSync(join(left, `${dead.stdout.trim()}-1.out`), "");
    writeFileSync(join(left, "claimed", `${dead.stdout.trim()}.1`), "");
    // The test's terraform runs in automation: TF_IN_AUTOMATION set, stdin not a terminal.
    expect(one.env()["TF_IN_AUTOMATION"]).toBeTruthy();
    const logged = (w: TerraformWorkdir, log: string) => ({ env: { TF_LOG_PATH: join(w.dir, log) } });
    // Two commands at once: each has its own spare, which serves every call of its command only.
    const applied = await Promise.all([one, two].map((w) => w.run(["apply", "-auto-approve"], logged(w, "apply.log"))));
    for (const r of applied) expect(r.exitCode, r.all).toBe(0);
    const spareOf = (w: TerraformWorkdir, log: string): number => {
      const sessions = servedSessions(w.read(log));
      expect(sessions.length, `calls of ${log} served`).toBeGreaterThanOrEqual(3);
      expect(sessions.map(([, n]) => n)).toEqual(sessions.map((_, i) => i + 1));
      expect(new Set(sessions.map(([pid]) => pid)).size, `one spare served every call of ${log}`).toBe(1);
      return sessions[0]![0];
    };
    const spares = [spareOf(one, "apply.log"), spareOf(two, "apply.log")];
    expect(spares[0]).not.toBe(spares[1]);
    // Gone with their commands, folders and all.
    expect(await waitFor(() => (sparesOf(dir).length === 0 ? true : undefined), 5_000), "the commands' spares still run").toBe(true);
    expect(commandFolders(dir)).toEqual([]);
    for (const [w, space] of [
      [one, "command-one"],
      [two, "command-two"],
    ] as const) {
      expect((await stateValues(w, "takoform_edge_kv_namespace.cache"))["space"], "each command served with its own environment").toBe(space);
      const plan = await w.run(["plan", "-detailed-exitcode"], logged(w, "plan.log"));
      expect(plan.exitCode, plan.all).toBe(0);
      expect(spares, "a later command gets a spare of its own").not.toContain(spareOf(w, "plan.log"));
    }
    expect(await waitFor(() => (sparesOf(dir).length === 0 ? true : undefined), 5_000)).toBe(true);
    expect(commandFolders(dir)).toEqual([]);
    // Off means off: every call a cold node process.
    const off = await one.run(["plan", "-detailed-exitcode"], { env: { TAKOFORM_PROVIDER_SPARE: "off", TF_LOG_PATH: join(one.dir, "off.log") } });
    expect(off.exitCode, off.all).toBe(0);
    expect(one.read("off.log").match(SERVED)).toBeNull();
  });

  it("serves a command's provider configurations at once from spares of that command, which all end with it", async () => {
    const dir = spareDir("aliases");
    const w = workdir({ TAKOFORM_PROVIDER_SPARE_DIR: dir, TF_LOG_PROVIDER: "debug" });
    // A second configuration of the provider: Terraform validates the two at once, in two provider processes.
    writeFileSync(
      join(w.dir, "alias.tf"),
      `provider "takoform" {\n  alias    = "b"\n  endpoint = ${JSON.stringify(host.url)}\n  token    = ${JSON.stringify(TOKEN)}\n}\nresource "takoform_edge_kv_namespace" "other" {\n  provider = takoform.b\n  name     = "other"\n}\n`,
    );
    expect((await w.run(["init"])).exitCode).toBe(0);
    for (let round = 0; round < 3; round++) {
      const log = `validate-${round}.log`;
      const r = await w.run(["validate"], { env: { TF_LOG_PATH: join(w.dir, log) } });
      expect(r.exitCode, r.all).toBe(0);
      // the schema's call, then one per configuration: every one served by a spare of this command
      expect(servedSessions(w.read(log)).length, `calls of ${log} served`).toBe(3);
      expect(await waitFor(() => (sparesOf(dir).length === 0 ? true : undefined), 5_000), "the command's spares still run").toBe(true);
      expect(commandFolders(dir)).toEqual([]);
    }
  });
});
