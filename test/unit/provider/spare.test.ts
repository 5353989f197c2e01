// The pure rules of provider spares (ADR 0282): when spares are on, where they wait, which
// directory may hold them, and how a spare reads the launcher that claimed it. The spares
// themselves run end to end in test/e2e/provider-spare.test.ts.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { launcherScript } from "../../../provider-bridge/install/launcher.js";
import { changedSince, identify } from "../../../provider-bridge/plugin/spare/bundle-identity.js";
import { prepareSpareDir, removeCommandFolder, unsafeBecause, unsafeParentBecause } from "../../../provider-bridge/plugin/spare/directory.js";
import { handOnExtraCa, parseEnviron, parseStatus, readLauncherSession } from "../../../provider-bridge/plugin/spare/session.js";
import { describeSpare, sparesIn } from "../../../provider-bridge/plugin/spare/inventory.js";
import { DEFAULT_IDLE_MS, defaultSpareDir, spareSetting } from "../../../provider-bridge/plugin/spare/settings.js";

const uid = process.getuid!();
const base = mkdtempSync(join(tmpdir(), "takoform-spare-unit-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("spare settings", () => {
  const dir = { TAKOFORM_PROVIDER_SPARE_DIR: "/tmp/x" };
  it("are the user's when on, off when off, a command's with command, and by default (auto) the user's only at a terminal outside automation", () => {
    const user = { on: true, dir: "/tmp/x", idleMs: DEFAULT_IDLE_MS, scope: "user" };
    const command = { ...user, scope: "command" };
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on" }, "linux", false)).toEqual(user);
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "off" }, "linux", true)).toEqual({ on: false });
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "command" }, "linux", true)).toEqual(command);
    for (const auto of [{}, { TAKOFORM_PROVIDER_SPARE: "" }, { TAKOFORM_PROVIDER_SPARE: "auto" }]) {
      expect(spareSetting({ ...dir, ...auto }, "linux", true)).toEqual(user);
      expect(spareSetting({ ...dir, ...auto }, "linux", false)).toEqual(command);
      for (const ci of ["true", "1", "yes"]) expect(spareSetting({ ...dir, ...auto, CI: ci }, "linux", true)).toEqual(command);
      for (const ci of ["", "false", "0"]) expect(spareSetting({ ...dir, ...auto, CI: ci }, "linux", true)).toEqual(user);
      expect(spareSetting({ ...dir, ...auto, TF_IN_AUTOMATION: "1" }, "linux", true)).toEqual(command);
    }
    // A value that is none of the four is refused by name, never read as on.
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "1" }, "linux", true)).toEqual({
      on: false,
      why: 'TAKOFORM_PROVIDER_SPARE must be on, off, command or auto, not "1"',
    });
  });
  it("need the directory and no node flags, and bound the idle time", () => {
    expect(spareSetting({ TAKOFORM_PROVIDER_SPARE: "on" })).toMatchObject({ on: false, why: expect.stringContaining("TAKOFORM_PROVIDER_SPARE_DIR") });
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on", NODE_OPTIONS: "--inspect" })).toMatchObject({ on: false, why: "node flags are set" });
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_NODE_FLAGS: "--cpu-prof" })).toMatchObject({ on: false });
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_IDLE_MS: "1500" })).toEqual({
      on: true,
      dir: "/tmp/x",
      idleMs: 1500,
      scope: "user",
    });
    for (const bad of ["99", "1.5", "soon", "86400001"])
      expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_IDLE_MS: bad })).toMatchObject({
        on: false,
        why: expect.stringContaining("TAKOFORM_PROVIDER_SPARE_IDLE_MS"),
      });
  });
  it("are Linux-only (a spare and its launcher read /proc)", () => {
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on" }, "darwin")).toMatchObject({ on: false, why: expect.stringContaining("darwin") });
    expect(spareSetting({ ...dir, TAKOFORM_PROVIDER_SPARE: "on" }, "linux")).toMatchObject({ on: true });
  });
  it("put each installed bundle's spares in a folder of their own, per user", () => {
    const a = defaultSpareDir("/opt/a/start.cjs", 1000, "/tmp");
    expect(a).toMatch(/^\/tmp\/takoform-spares-1000\/[0-9a-f]{12}$/);
    expect(defaultSpareDir("/opt/a/start.cjs", 1000, "/tmp")).toBe(a);
    expect(defaultSpareDir("/opt/b/start.cjs", 1000, "/tmp")).not.toBe(a);
    expect(defaultSpareDir("/opt/a/start.cjs", 1001, "/tmp")).not.toBe(a);
  });
});

describe("the spare directory", () => {
  it("is made private when absent, with its ready and claimed folders", () => {
    const dir = join(base, "fresh", "spares");
    expect(prepareSpareDir(dir, uid)).toBeUndefined();
    for (const path of [join(base, "fresh"), dir, join(dir, "ready"), join(dir, "claimed")]) expect(statSync(path).mode & 0o777).toBe(0o700);
  });
  it("is refused when open to others, a link, or another user's, or when others may replace it", () => {
    const open = join(base, "open");
    mkdirSync(open);
    chmodSync(open, 0o755);
    expect(prepareSpareDir(join(open, "spares"), uid), "a parent only its owner writes").toBeUndefined();
    chmodSync(join(open, "spares"), 0o750);
    expect(prepareSpareDir(join(open, "spares"), uid)).toMatch(/open to group or others \(mode 750\)/);
    const shared = join(base, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect(prepareSpareDir(join(shared, "spares"), uid)).toMatch(/writable by group or others without the sticky bit \(mode 777\)/);
    chmodSync(shared, 0o1777);
    expect(prepareSpareDir(join(shared, "spares"), uid), "a sticky parent, as /tmp").toBeUndefined();
    expect(unsafeParentBecause("/p", { uid: uid + 1, mode: 0o40755, isDirectory: () => true }, uid)).toMatch(
      `belongs to uid ${uid + 1}, neither ${uid} nor root`,
    );
    const target = join(base, "target");
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(base, "link"));
    expect(prepareSpareDir(join(base, "link"), uid)).toMatch(/is a symbolic link/);
    expect(unsafeBecause(target, lstatSync(target), uid + 1)).toMatch(`belongs to uid ${uid}, not ${uid + 1}`);
    expect(unsafeBecause(target, lstatSync(target), uid)).toBeUndefined();
  });
});

describe("a command's folder", () => {
  it("is removed once empty, also when its ready/ or claimed/ went already, and kept while anything is left in it", () => {
    const folder = join(base, "command-1");
    expect(prepareSpareDir(folder, uid)).toBeUndefined();
    writeFileSync(join(folder, "2-1.out"), "");
    removeCommandFolder(folder);
    expect(existsSync(folder), "another spare's FIFO is left").toBe(true);
    rmSync(join(folder, "2-1.out"));
    removeCommandFolder(folder);
    expect(existsSync(folder)).toBe(false);
    // ready/ and claimed/ removed by the command's other spare before it found the folder itself not empty
    mkdirSync(folder);
    removeCommandFolder(folder);
    expect(existsSync(folder)).toBe(false);
  });
});

describe("the spares listed", () => {
  it("name a command's own spare and its command while it waits in the command's folder", async () => {
    const dir = join(base, "listed");
    expect(prepareSpareDir(dir, uid)).toBeUndefined();
    // A process with a command spare's command line (start.cjs --spare DIR --first PID), as `takoform provider spares` finds them.
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "start.cjs", "--spare", dir, "--first", "4242"], { stdio: "ignore" });
    try {
      // Polled, not slept: the child's command line is node's only once it has exec'd.
      await vi.waitFor(
        () => expect(sparesIn(dir).map(describeSpare)).toEqual([expect.stringMatching(new RegExp(`^${child.pid} serving, \\d+ MiB, of a Terraform command$`))]),
        { timeout: 10_000, interval: 25 },
      );
      const folder = join(dir, "command-77");
      expect(prepareSpareDir(folder, uid)).toBeUndefined();
      writeFileSync(join(folder, "ready", String(child.pid)), `${child.pid}-3.out 21\n`);
      expect(sparesIn(dir)).toEqual([{ pid: child.pid, state: "waiting", sessions: 3, rssMiB: expect.any(Number), command: 77 }]);
      expect(describeSpare(sparesIn(dir)[0]!)).toMatch(/ waiting, 3 sessions served, \d+ MiB, of the Terraform command 77$/);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("the bundle a spare runs", () => {
  it("is the same when rewritten with the same bytes, and changed when reinstalled with others or gone", () => {
    const dir = mkdtempSync(join(base, "bundle-"));
    const file = join(dir, "provider.cjs");
    writeFileSync(file, "one");
    const started = identify([file]);
    expect(changedSince(started)).toBeUndefined();
    rmSync(file);
    writeFileSync(file, "one"); // a new inode and mtime, the same bytes
    expect(changedSince(started)).toBeUndefined();
    writeFileSync(file, "two");
    expect(changedSince(started)).toBe(`${file} changed since the spare started`);
    writeFileSync(file, "three");
    expect(changedSince(started)).toBe(`${file} changed since the spare started`);
    rmSync(file);
    expect(changedSince(started)).toBe(`${file} is gone`);
  });
});

describe("what a spare reads of its launcher", () => {
  it("parses /proc environ entries, values with = and newlines included", () => {
    const pem = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    const bytes = Buffer.from(`A=1\0PLUGIN_CLIENT_CERT=${pem}\0EMPTY=\0Q=a=b\0junk\0`);
    expect(parseEnviron(bytes)).toEqual({ A: "1", PLUGIN_CLIENT_CERT: pem, EMPTY: "", Q: "a=b" });
  });
  it("hands NODE_EXTRA_CA_CERTS on as the launcher would, unless node is told to use another store", () => {
    expect(handOnExtraCa({ NODE_EXTRA_CA_CERTS: "/ca.pem", X: "1" })).toEqual({ TAKOFORM_PROVIDER_EXTRA_CA_CERTS: "/ca.pem", X: "1" });
    expect(handOnExtraCa({ NODE_EXTRA_CA_CERTS: "/ca.pem", NODE_OPTIONS: "--use-openssl-ca" })).toEqual({
      NODE_EXTRA_CA_CERTS: "/ca.pem",
      NODE_OPTIONS: "--use-openssl-ca",
    });
    expect(handOnExtraCa({ X: "1" })).toEqual({ X: "1" });
  });
  it("reads the real uid, parent and umask from /proc status", () => {
    expect(parseStatus("Name:\tsh\nUmask:\t0027\nPPid:\t42\nUid:\t1000\t1000\t1000\t1000\n")).toEqual({ uid: 1000, parent: 42, umask: 0o027 });
    expect(parseStatus("Name:\tsh\n")).toBeUndefined();
    const own = readLauncherSession(process.pid);
    expect(own).toMatchObject({ pid: process.pid, parent: process.ppid, uid, cwd: process.cwd(), umask: process.umask() });
    expect(readLauncherSession(2 ** 22 + 1)).toMatch(/process 4194305/);
  });
});

describe("the launcher", () => {
  it("claims spares only when the bundle and a spare directory are known", () => {
    expect(launcherScript("/usr/bin/node", "/opt/t/bin/takoform.mjs", "0.1.0")).not.toContain("TAKOFORM_PROVIDER_SPARE");
    expect(launcherScript("/usr/bin/node", "/opt/t/bin/takoform.mjs", "0.1.0", "/opt/t/start.cjs")).not.toContain("TAKOFORM_PROVIDER_SPARE");
    const script = launcherScript("/usr/bin/node", "/opt/t/bin/takoform.mjs", "0.1.0", "/opt/t/start.cjs", "/tmp/takoform-spares-1/abc");
    expect(script).toContain(`TAKOFORM_PROVIDER_SPARE_DIR=\${TAKOFORM_PROVIDER_SPARE_DIR:-'/tmp/takoform-spares-1/abc'}`);
    // the claim comes before node is started, and node still starts when no spare answers
    expect(script.indexOf("/ready/*")).toBeLessThan(script.indexOf("exec '/usr/bin/node'"));
    // a command's own spares (ADR 0290): claimed from command-<Terraform's pid>, and its first call starts one
    expect(script).toContain("d=$d/command-$PPID");
    expect(script).toMatch(
      /TAKOFORM_PROVIDER_SPARE=command '\/usr\/bin\/node' .*'\/opt\/t\/start\.cjs' --spare "\$TAKOFORM_PROVIDER_SPARE_DIR" --first \$\$ 3>&1 /,
    );
    expect(script.indexOf("--first")).toBeLessThan(script.indexOf("exec '/usr/bin/node'"));
    // only where /proc is (a spare reads its launcher there): elsewhere the launcher starts node itself
    expect(script).toContain(`if [ "$t" = c ] && [ -r "/proc/$$/environ" ]; then`);
  });
});
