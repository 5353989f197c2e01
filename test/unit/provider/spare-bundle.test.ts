// A spare runs the code it loaded at its start; `takoform provider install` rewrites the bundle in
// place (ADR 0282). The real launcher and a real spare, on a copy of the bundle: an unchanged
// bundle's spare serves the claim (the launcher becomes `cat`, relaying it); after the bundle is
// rewritten with other bytes, under a stamp that still matches, the spare declines and exits, and
// the launcher starts node on the new bundle itself.
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { stampOf } from "../../../launch/stamp.js";
import { launcherScript } from "../../../provider-bridge/install/launcher.js";
import { generateServerCertificate } from "../../../provider-bridge/plugin/certificate.js";
import { MAGIC_COOKIE_VALUE } from "../../../provider-bridge/plugin/environment.js";
import { sparesOf } from "../../support/spares.js";
import { copyBuiltBundle, repo } from "./built-bundle.js";

const root = mkdtempSync(join(tmpdir(), "takoform-spare-bundle-"));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
  for (const pid of spares()) process.kill(pid, "SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

const spareDir = join(root, "spares");
const spares = (): number[] => sparesOf(spareDir);

/**
 * The spares waiting now (the folder appears when the first provider process prepares it). A spare
 * writes its marker as <pid>.tmp and renames it, so only whole numbers name a waiting spare.
 */
function ready(): number[] {
  try {
    return readdirSync(join(spareDir, "ready"))
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

async function until<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a spare and the bundle it runs", () => {
  it("serves while the bundle is unchanged and declines once it is reinstalled with other bytes", async () => {
    // The bundle's layout elsewhere: its own stamp (the bundle alone), links to what it resolves.
    const bundleDir = join(root, "dist/provider-bridge/bundle");
    copyBuiltBundle(bundleDir, ["provider.cjs", "start.cjs"]);
    symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
    symlinkSync(join(repo, "generated"), join(root, "generated"));
    const bundle = join(bundleDir, "provider.cjs");
    const stampFile = join(bundleDir, "provider.stamp.json");
    const restamp = () => writeFileSync(stampFile, JSON.stringify(stampOf([bundle], stampFile)));
    restamp();
    const launcher = join(root, "terraform-provider-takoform");
    writeFileSync(launcher, launcherScript(process.execPath, join(repo, "bin/takoform.mjs"), "0.1.0", join(bundleDir, "start.cjs"), spareDir), { mode: 0o755 });
    const env = {
      PATH: process.env["PATH"],
      // the socket folders of the processes SIGKILLed at the end land in this test's folder
      TMPDIR: root,
      TAKOFORM_PROVIDER_MODEL_DIR: join(repo, "test/fixtures/provider"),
      TAKOFORM_PROVIDER_SPARE: "on",
      TAKOFORM_PROVIDER_SPARE_DIR: spareDir,
      TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6",
      PLUGIN_CLIENT_CERT: generateServerCertificate().certPem,
    };
    const claim = async (): Promise<{ pid: number; line: string }> => {
      const child = spawn(launcher, [], { env, stdio: ["ignore", "pipe", "ignore"] });
      started.push(child);
      const line = await new Promise<string>((ok) => createInterface({ input: child.stdout! }).once("line", ok));
      return { pid: child.pid!, line };
    };

    const cold = await claim(); // no spare yet: node on the bundle, which leaves one
    expect(cold.line).toMatch(/^1\|6\|unix\|/);
    const spare = await until(() => ready()[0]);

    const served = await claim();
    expect(served.line).toMatch(/^1\|6\|unix\|/);
    expect(await until(() => (readlinkSync(`/proc/${served.pid}/exe`).endsWith("/cat") ? true : undefined))).toBe(true);
    expect(spares()).toContain(spare);

    // That spare is busy; the next claim starts node, which leaves another.
    const second = await claim();
    expect(readlinkSync(`/proc/${second.pid}/exe`)).toBe(process.execPath);
    const waiting = await until(() => (ready().length > 0 ? ready() : undefined));
    expect(waiting).not.toContain(spare);

    // Reinstalled with other bytes, and stamped again: the bundle is current, but not what that spare runs.
    appendFileSync(bundle, "\n// reinstalled\n");
    restamp();
    const after = await claim();
    expect(after.line).toMatch(/^1\|6\|unix\|/);
    const exe = readlinkSync(`/proc/${after.pid}/exe`);
    expect(exe, "the launcher started node itself").toBe(process.execPath);
    await until(() => (waiting.some((pid) => spares().includes(pid)) ? undefined : true));
  });
});
