import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { bundleProvider } from "../../../provider-bridge/install/bundle.js";
import { checkLauncher, installProvider } from "../../../provider-bridge/install/install.js";
import { staleBecause, stampOf } from "../../../launch/stamp.js";
import { MAGIC_COOKIE_VALUE } from "../../../provider-bridge/plugin/environment.js";
import { CODE_CACHE, codeCacheFile } from "../../../provider-bridge/plugin/start.js";
import { sparesOf } from "../../support/spares.js";
import { copyBuiltBundle, repo, startAndStop as startBundle } from "./built-bundle.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), "tkf-bundle-"));
  dirs.push(d);
  return d;
}

describe("bundle stamp", () => {
  it("matches until an input's bytes change; a rewrite with the same bytes still matches", () => {
    const dir = temp();
    const a = join(dir, "a.js");
    const b = join(dir, "b.js");
    writeFileSync(a, "export const a = 1;\n");
    writeFileSync(b, "export const b = 2;\n");
    const stampFile = join(dir, "stamp.json");
    writeFileSync(stampFile, JSON.stringify(stampOf([a, b], stampFile)));
    expect(staleBecause(stampFile)).toBeUndefined();
    writeFileSync(b, "export const b = 2;\n");
    utimesSync(b, new Date(), new Date(Date.now() + 5000));
    expect(staleBecause(stampFile)).toBeUndefined();
    writeFileSync(b, "export const b = 3;\n");
    expect(staleBecause(stampFile)).toMatch(/b\.js changed/);
    writeFileSync(b, "export const b = 2;\n");
    rmSync(a);
    expect(staleBecause(stampFile)).toMatch(/a\.js is gone/);
    expect(staleBecause(join(dir, "none.json"))).toMatch(/no readable stamp/);
    writeFileSync(stampFile, JSON.stringify({ stamp: 1, inputs: [] }));
    expect(staleBecause(stampFile)).toMatch(/not a bundle stamp/);
  });
});

describe("provider bundle (built from dist/)", () => {
  it("bundles the compiled provider with a stamp of every dist module it holds", () => {
    const oldBundle = join(repo, "dist/provider-bridge/bundle/provider.mjs");
    mkdirSync(dirname(oldBundle), { recursive: true });
    writeFileSync(oldBundle, "// an ES module bundle of an earlier install\n");
    const built = bundleProvider(repo);
    expect(existsSync(oldBundle)).toBe(false);
    expect(built.ok, built.ok ? "" : built.reason).toBe(true);
    if (!built.ok) return;
    expect(built.file).toBe(join(repo, "dist/provider-bridge/bundle/provider.cjs"));
    const stamp = JSON.parse(readFileSync(join(repo, "dist/provider-bridge/bundle/provider.stamp.json"), "utf8"));
    // relative to the stamp's folder, so an installation that moves keeps its bundle
    const paths: string[] = stamp.inputs.map((i: { path: string }) => resolve(repo, "dist/provider-bridge/bundle", i.path));
    expect(stamp.inputs.every((i: { path: string }) => !i.path.startsWith("/"))).toBe(true);
    expect(paths).toContain(join(repo, "dist/provider-bridge/main.js"));
    expect(paths).toContain(join(repo, "dist/generated/provider/model.js"));
    // the one npm package the provider uses (ESM-only, so it cannot be required) is bundled and stamped too
    expect(paths.every((p) => p.startsWith(join(repo, "dist") + "/") || p.startsWith(join(repo, "node_modules", "canonicalize") + "/"))).toBe(true);
    const code = readFileSync(built.file, "utf8");
    expect(code).not.toMatch(/require\("canonicalize"\)/);
    // CommonJS: node:http2 (and the TLS context) is required only inside the lazily initialized gRPC server module
    expect(code).toMatch(/^\s+import_node_http2 = __toESM\(require\("node:http2"\)/m);
    expect(code).not.toMatch(/^import /m);
  });

  it("the installed launcher runs the bundle, which refuses a start without Terraform and serves with it", async () => {
    const dir = temp();
    const installed = installProvider({ dir, root: repo, version: "0.1.0", platform: "linux_amd64" });
    expect(installed.bundle.ok).toBe(true);
    const launcher = readFileSync(installed.launcher, "utf8");
    expect(launcher).toContain(`'${join(repo, "dist/provider-bridge/bundle/start.cjs")}' "$@"`);
    expect(checkLauncher(installed.launcher)).toEqual({ ok: true });
    const child = spawn(installed.launcher, [], {
      // Spares off: a command's first call would otherwise be served by a spare the launcher starts (ADR 0290).
      // TMPDIR: the socket folder of the process SIGKILLed below lands in this test's folder
      env: {
        PATH: process.env["PATH"],
        TMPDIR: dir,
        TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: "6",
        TF_LOG: "info",
        TAKOFORM_PROVIDER_SPARE: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const line = await new Promise<string>((ok) => createInterface({ input: child.stdout! }).once("line", ok));
      expect(line).toMatch(/^1\|6\|unix\|[^|]+\|grpc\|$/);
      // the process is node on the bundle's start file (exec'd by the launcher), not the CLI
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0");
      expect(cmdline).toContain(join(repo, "dist/provider-bridge/bundle/start.cjs"));
    } finally {
      child.kill("SIGKILL");
    }
    expect(execFileSync("/bin/sh", ["-n", installed.launcher]).toString()).toBe("");
  });

  it("a start without Terraform is refused by node itself when a command's spare would serve (auto, no terminal)", async () => {
    const dir = temp();
    const installed = installProvider({ dir, root: repo, version: "0.1.0", platform: "linux_amd64" });
    const spares = join(dir, "spares");
    // No handshake variables, stdin not a terminal: the launcher starts a command's spare (ADR 0290),
    // which refuses as node would and declines; the launcher then runs node, which says why.
    const ran = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(installed.launcher, [], {
        env: { PATH: process.env["PATH"], TAKOFORM_PROVIDER_SPARE_DIR: spares },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("close", (code) => done({ code, stderr }));
    });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("Terraform/OpenTofu provider plugin");
    expect(sparesOf(spares), "the spare that declined exited").toEqual([]);
  });

  it("a bundle whose stamp no longer matches serves from the compiled modules instead", async () => {
    const built = bundleProvider(repo);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    // The same layout elsewhere: the bundle, a stamp naming a file that is gone, and links to
    // the compiled provider and node_modules the fallback resolves against.
    const root = temp();
    mkdirSync(join(root, "dist/provider-bridge/bundle"), { recursive: true });
    copyFileSync(built.file, join(root, "dist/provider-bridge/bundle/provider.cjs"));
    const stampFile = join(root, "dist/provider-bridge/bundle/provider.stamp.json");
    writeFileSync(stampFile, JSON.stringify(stampOf([built.file], built.file)).replace('"provider.cjs"', '"../../../gone.js"'));
    symlinkSync(join(repo, "dist/provider-bridge/main.js"), join(root, "dist/provider-bridge/main.js"));
    symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
    const child = spawn(process.execPath, [join(root, "dist/provider-bridge/bundle/provider.cjs")], {
      env: { PATH: process.env["PATH"], TMPDIR: root, TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "6", TF_LOG: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    try {
      const line = await new Promise<string>((ok) => createInterface({ input: child.stdout! }).once("line", ok));
      expect(line).toMatch(/^1\|6\|unix\|/);
      // written before the handshake line; wait for the pipe to deliver it
      const notice = await new Promise<string>((ok) => {
        const look = () => {
          const found = stderr.split("\n").find((l) => l.includes("provider bundle not used") && l.endsWith("}"));
          if (found !== undefined) ok(found);
        };
        child.stderr!.on("data", look);
        look();
      });
      expect(JSON.parse(notice).reason).toBe(`${join(root, "gone.js")} is gone`);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("started through start.cjs with a code cache, a stale bundle serves from the compiled modules too", async () => {
    const root = temp();
    const bundleDir = join(root, "dist/provider-bridge/bundle");
    copyBuiltBundle(bundleDir, ["provider.cjs", "start.cjs"]);
    symlinkSync(join(repo, "dist/provider-bridge/main.js"), join(root, "dist/provider-bridge/main.js"));
    symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
    const stampFile = join(bundleDir, "provider.stamp.json");
    const env = { PATH: process.env["PATH"], TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "6", TF_LOG: "info" };
    const serve = async (): Promise<{ line: string; stderr: () => string; stop: () => Promise<void> }> => {
      const child = spawn(process.execPath, [join(bundleDir, "start.cjs")], { env, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
      const line = await Promise.race([
        new Promise<string>((ok) => createInterface({ input: child.stdout! }).once("line", ok)),
        exited.then(() => `exited: ${stderr}`),
      ]);
      return { line, stderr: () => stderr, stop: async () => void (child.kill("SIGTERM"), await exited) };
    };
    // A current stamp: the bundle serves, and a SIGTERM'd process that served writes the code cache.
    writeFileSync(stampFile, JSON.stringify(stampOf([join(bundleDir, "provider.cjs")], stampFile)));
    const current = await serve();
    expect(current.line).toMatch(/^1\|6\|unix\|/);
    await current.stop();
    expect(existsSync(join(bundleDir, "provider.cjs.cache"))).toBe(true);
    // Now stale: the cached bundle must not run; the compiled modules serve.
    writeFileSync(stampFile, JSON.stringify(stampOf([join(bundleDir, "provider.cjs")], stampFile)).replace('"provider.cjs"', '"../../../gone.js"'));
    const stale = await serve();
    expect(stale.line, stale.stderr()).toMatch(/^1\|6\|unix\|/);
    expect(stale.stderr()).not.toContain("ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING");
    await stale.stop();
    expect(stale.stderr()).toContain("provider bundle not used");
  });

  it("without a bundle the launcher falls back to the CLI", () => {
    const dir = temp();
    const installed = installProvider({ dir, root: repo, version: "0.1.0", platform: "linux_amd64", bundle: false });
    expect(installed.bundle).toEqual({ ok: false, reason: "not requested" });
    expect(readFileSync(installed.launcher, "utf8")).not.toContain("bundle");
    expect(checkLauncher(installed.launcher)).toEqual({ ok: true });
  });
});

describe("provider code cache (plugin/start.ts)", () => {
  // A copy of the bundle, so that provider processes of other test files, which write the
  // installation's cache, cannot interfere. It sits beside the installation's bundle folder, so
  // the stamp's relative paths name the same compiled modules, which match.
  let bundleDir = "";
  let cacheFile = "";

  const startAndStop = (env: Record<string, string> = {}, nodeArgs: string[] = []) => startBundle(bundleDir, env, nodeArgs);

  it("is written by the first process, used unchanged by the next, and rewritten when made from other bytes", async () => {
    bundleDir = join(repo, "dist/provider-bridge", `bundle-copy-${process.pid}`);
    rmSync(bundleDir, { recursive: true, force: true });
    dirs.push(bundleDir);
    copyBuiltBundle(bundleDir, ["provider.cjs", "start.cjs", "provider.stamp.json"]);
    cacheFile = join(bundleDir, CODE_CACHE);
    const bundleHash = createHash("sha256")
      .update(readFileSync(join(bundleDir, "provider.cjs")))
      .digest();
    rmSync(cacheFile, { force: true });
    await startAndStop({ TAKOFORM_PROVIDER_CODE_CACHE: "off" });
    expect(existsSync(cacheFile)).toBe(false);
    // a process that refuses to start (no handshake variables) writes none either
    expect(() => execFileSync(process.execPath, [join(bundleDir, "start.cjs")], { env: { PATH: process.env["PATH"] }, stdio: "pipe" })).toThrow();
    expect(existsSync(cacheFile)).toBe(false);

    await startAndStop();
    const written = readFileSync(cacheFile);
    expect(written.subarray(0, 32).equals(bundleHash)).toBe(true);
    expect(written.length).toBeGreaterThan(10_000);

    // accepted by V8: not written again
    const before = statSync(cacheFile).mtimeMs;
    utimesSync(cacheFile, new Date(before - 60_000), new Date(before - 60_000));
    const aged = statSync(cacheFile).mtimeMs;
    await startAndStop();
    expect(statSync(cacheFile).mtimeMs).toBe(aged);

    // made from other bytes: ignored and replaced
    const other = Buffer.from(written);
    other[0] = other[0]! ^ 0xff;
    writeFileSync(cacheFile, other);
    await startAndStop();
    expect(readFileSync(cacheFile).subarray(0, 32).equals(bundleHash)).toBe(true);
  });

  it("is kept apart for a process started with node flags, which V8 would refuse the other's cache under", async () => {
    // V8 checks a cache against its flags: a process with TAKOFORM_PROVIDER_NODE_FLAGS that shared
    // the one file would refuse it and rewrite it at exit, and so would the next process without.
    const flags = ["--max-semi-space-size=8"];
    const flagged = codeCacheFile(bundleDir, flags);
    expect(flagged).not.toBe(cacheFile);
    expect(codeCacheFile(bundleDir, flags)).toBe(flagged);
    expect(codeCacheFile(bundleDir, ["--max-semi-space-size=16"])).not.toBe(flagged);
    expect(codeCacheFile(bundleDir, [])).toBe(cacheFile);
    const plain = statSync(cacheFile).mtimeMs - 60_000;
    utimesSync(cacheFile, new Date(plain), new Date(plain));
    const aged = statSync(cacheFile).mtimeMs;
    rmSync(flagged, { force: true });

    await startAndStop({}, flags);
    expect(existsSync(flagged)).toBe(true);
    expect(statSync(cacheFile).mtimeMs, "the cache of processes without flags is left as it was").toBe(aged);
    const flaggedAt = statSync(flagged).mtimeMs - 60_000;
    utimesSync(flagged, new Date(flaggedAt), new Date(flaggedAt));
    const flaggedAged = statSync(flagged).mtimeMs;
    await startAndStop({}, flags);
    expect(statSync(flagged).mtimeMs, "accepted by the next process with the same flags").toBe(flaggedAged);
    await startAndStop();
    expect(statSync(cacheFile).mtimeMs, "and the next without flags still accepts its own").toBe(aged);
  });

  it("of processes with node flags is removed when the bundle is built again, one per set of flags ever used", () => {
    const installed = join(repo, "dist/provider-bridge/bundle");
    const flagged = codeCacheFile(installed, ["--cpu-prof", `--cpu-prof-dir=/tmp/profiles-${process.pid}`]);
    writeFileSync(flagged, "an old cache");
    const plain = join(installed, CODE_CACHE);
    const plainBefore = existsSync(plain) ? readFileSync(plain) : undefined;
    const built = bundleProvider(repo);
    expect(built.ok, built.ok ? "" : built.reason).toBe(true);
    expect(existsSync(flagged)).toBe(false);
    if (plainBefore !== undefined) expect(readFileSync(plain).equals(plainBefore), "the cache of processes without flags is kept").toBe(true);
  });
});
