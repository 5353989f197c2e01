// `takoform host` starts from dist/host/bundle/host.cjs when its stamp matches dist/ (launch/host.ts,
// ADR 0278), and from the compiled modules otherwise. The bundle itself is built by `npm run build`
// (pretest), so these tests read the one the suite's hosts run from.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HOST_BUNDLE, HOST_BUNDLE_DIR, HOST_CODE_CACHE, HOST_STAMP, hostFromBundle } from "../../../launch/host.js";
import { packagePath, stampOf } from "../../../launch/stamp.js";
import { devOnlyFolders } from "../../../launch/build-host.js";
import { cacheFileForFlags } from "../../../launch/code-cache.js";

const repo = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), "tkf-launch-"));
  dirs.push(d);
  return d;
}

/** A root laid out like an installation, whose bundle answers run() with the sum of its input's number and the args' count. */
function fakeInstallation(): { root: string; input: string } {
  const root = temp();
  const dir = join(root, HOST_BUNDLE_DIR);
  mkdirSync(dir, { recursive: true });
  const input = join(root, "dist", "cli", "commands", "host.js");
  mkdirSync(dirname(input), { recursive: true });
  writeFileSync(input, "export const n = 40;\n");
  writeFileSync(join(dir, HOST_BUNDLE), `module.exports = { default: { run: async (args) => 40 + args.length } };\n`);
  writeFileSync(join(dir, HOST_STAMP), JSON.stringify(stampOf([input, join(dir, HOST_BUNDLE)], join(dir, HOST_STAMP))));
  return { root, input };
}

describe("hostFromBundle", () => {
  it("runs the bundle while its stamp matches, names the changed input once it does not, and is off on request", async () => {
    const { root, input } = fakeInstallation();
    const found = hostFromBundle(root, { TAKOFORM_HOST_CODE_CACHE: "off" });
    expect("command" in found && (await found.command.run(["a", "b"]))).toBe(42);
    expect(hostFromBundle(root, { TAKOFORM_HOST_BUNDLE: "off" })).toEqual({ reason: "TAKOFORM_HOST_BUNDLE=off" });
    writeFileSync(input, "export const n = 41;\n");
    expect(hostFromBundle(root, {})).toEqual({ reason: `${input} changed since the bundle was built` });
    rmSync(join(root, HOST_BUNDLE_DIR, HOST_STAMP));
    expect((hostFromBundle(root, {}) as { reason: string }).reason).toMatch(/^no readable stamp /);
  });

  it("follows an installation that moved: the stamp names its inputs relative to itself", async () => {
    const { root } = fakeInstallation();
    const moved = join(temp(), "moved");
    mkdirSync(moved);
    rmSync(moved, { recursive: true });
    // a move keeps every relative path
    (await import("node:fs")).renameSync(root, moved);
    const found = hostFromBundle(moved, { TAKOFORM_HOST_CODE_CACHE: "off" });
    expect("command" in found && (await found.command.run([]))).toBe(40);
  });
});

describe("a bundle's packages", () => {
  const write = (file: string, text: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  it("are found where node finds them: beside the repository's bundle, and hoisted beside takoform once installed into a project", async () => {
    const { root } = fakeInstallation();
    const files = ["dep/index.js", "dep/node_modules/inner/x.js", "@scope/pkg/lib/y.js"].map((f) => join(root, "node_modules", ...f.split("/")));
    files.forEach((f, i) => write(f, `module.exports = ${i};\n`));
    const dir = join(root, HOST_BUNDLE_DIR);
    const stamp = stampOf([join(root, "dist", "cli", "commands", "host.js"), ...files, join(dir, HOST_BUNDLE)], join(dir, HOST_STAMP));
    expect(stamp.inputs.map((i) => [i.packages, i.path])).toEqual([
      [undefined, join("..", "..", "cli", "commands", "host.js")],
      [["dep"], "index.js"],
      [["dep", "inner"], "x.js"],
      [["@scope/pkg"], join("lib", "y.js")],
      [undefined, HOST_BUNDLE],
    ]);
    writeFileSync(join(dir, HOST_STAMP), JSON.stringify(stamp));
    expect("command" in hostFromBundle(root, { TAKOFORM_HOST_CODE_CACHE: "off" })).toBe(true);

    // npm install into a project: takoform's own files under node_modules/takoform, its
    // dependencies hoisted beside it (inner too, no longer nested), other modification times.
    const project = temp();
    const installed = join(project, "node_modules", "takoform");
    for (const f of ["dist/cli/commands/host.js", `${HOST_BUNDLE_DIR}/${HOST_BUNDLE}`, `${HOST_BUNDLE_DIR}/${HOST_STAMP}`])
      write(join(installed, f), readFileSync(join(root, f), "utf8"));
    for (const [from, to] of [
      ["dep/index.js", "dep/index.js"],
      ["dep/node_modules/inner/x.js", "inner/x.js"],
      ["@scope/pkg/lib/y.js", "@scope/pkg/lib/y.js"],
    ])
      write(join(project, "node_modules", to!), readFileSync(join(root, "node_modules", from!), "utf8"));
    const found = hostFromBundle(installed, { TAKOFORM_HOST_CODE_CACHE: "off" });
    expect("reason" in found ? found.reason : "").toBe("");

    // node would load other bytes: not used
    writeFileSync(join(project, "node_modules", "inner", "x.js"), "module.exports = 9;\n");
    expect(hostFromBundle(installed, {})).toEqual({ reason: `${join(project, "node_modules", "inner", "x.js")} changed since the bundle was built` });
    // a nearer copy is the one node loads, and so the one checked
    write(join(project, "node_modules", "dep", "node_modules", "inner", "x.js"), "module.exports = 1;\n");
    expect("command" in hostFromBundle(installed, { TAKOFORM_HOST_CODE_CACHE: "off" })).toBe(true);
    rmSync(join(project, "node_modules", "@scope"), { recursive: true });
    expect((hostFromBundle(installed, {}) as { reason: string }).reason).toMatch(/^package @scope\/pkg is not installed where /);
  });

  it("are recorded by path when node would not find them by name from the bundle", () => {
    const base = "/r/dist/host/bundle";
    expect(packagePath("/r/node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.js", base)).toBeUndefined();
    expect(packagePath("/elsewhere/node_modules/dep/index.js", base)).toBeUndefined();
    expect(packagePath("/r/node_modules/dep", base)).toBeUndefined();
    expect(packagePath("/r/node_modules/dep/a/b.js", base)).toEqual({ packages: ["dep"], path: "a/b.js" });
    expect(packagePath("/rr/node_modules/dep/a.js", base)).toBeUndefined();
  });
});

describe("the built host bundle", () => {
  it("was built by npm run build with a stamp that matches dist/ and a code cache made from its bytes", () => {
    const dir = join(repo, HOST_BUNDLE_DIR);
    const bundle = readFileSync(join(dir, HOST_BUNDLE));
    const stamp = JSON.parse(readFileSync(join(dir, HOST_STAMP), "utf8")) as { inputs: { path: string }[] };
    expect(stamp.inputs.map((i) => i.path)).toContain("../../cli/commands/host.js");
    expect(stamp.inputs.every((i) => !i.path.startsWith("/"))).toBe(true);
    const cache = readFileSync(join(dir, HOST_CODE_CACHE));
    expect(cache.subarray(0, 32).equals(createHash("sha256").update(bundle).digest())).toBe(true);
    // each module keeps its own import.meta.url: the tenant SQL worker is found beside its module
    expect(bundle.toString("utf8")).toContain(`__takoformModuleUrl("../tenant-sql/tenant-database.js")`);
  });

  it("inlines no development-only package, and names the packages it inlines by name (an installed project has them elsewhere)", () => {
    const stamp = JSON.parse(readFileSync(join(repo, HOST_BUNDLE_DIR, HOST_STAMP), "utf8")) as { inputs: { path: string; packages?: string[] }[] };
    const folders = stamp.inputs.flatMap((i) => (i.packages === undefined ? [] : [i.packages.map((p) => `node_modules/${p}`).join("/")]));
    expect(folders).toContain("node_modules/express");
    expect(stamp.inputs.filter((i) => i.packages === undefined && i.path.includes("node_modules"))).toEqual([]);
    const devOnly = devOnlyFolders(repo);
    expect(devOnly.has("node_modules/supports-color"), "the lockfile names supports-color a development-only package").toBe(true);
    expect(folders.filter((f) => devOnly.has(f))).toEqual([]);
    expect(readFileSync(join(repo, HOST_BUNDLE_DIR, HOST_BUNDLE), "utf8")).toContain(`require("supports-color")`);
  });

  it("keeps a code cache of its own for a host started with node flags, and leaves the plain starts' cache as it was", async () => {
    // V8 refuses a cache made under other flags: a profiled host (node --cpu-prof) shared the one
    // file, refused it, and rewrote it at exit, so the next plain start compiled from source.
    const flags = ["--max-semi-space-size=8"];
    const plain = join(repo, HOST_BUNDLE_DIR, HOST_CODE_CACHE);
    const flagged = cacheFileForFlags(plain, flags);
    rmSync(flagged, { force: true });
    const aged = Date.now() - 60_000;
    utimesSync(plain, new Date(aged), new Date(aged));
    const plainAt = statSync(plain).mtimeMs;
    const data = join(temp(), "data");
    const child = spawn(process.execPath, [...flags, join(repo, "bin", "takoform.mjs"), "host", "--port", "0", "--runtime", "off", "--quiet", "--data", data], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((ok) => child.once("exit", ok));
    try {
      let url = "";
      for await (const line of createInterface({ input: child.stdout! })) {
        url = /^listening on (\S+)/.exec(line)?.[1] ?? "";
        if (url) break;
      }
      // served: the process that served and drained is the one that writes its cache at exit
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    try {
      expect(await exited, stderr).toBe(0);
      expect(existsSync(flagged), "the flagged host wrote its own cache").toBe(true);
      expect(statSync(plain).mtimeMs, "the plain starts' cache is untouched").toBe(plainAt);
    } finally {
      rmSync(flagged, { force: true });
    }
  });

  // NODE_DEBUG=module names every CommonJS module node's loader loads: express is one when the
  // host runs from the compiled modules, and is inside the bundle otherwise.
  for (const [label, env, expected, expressLoaded] of [
    ["serves from the bundle", {}, /^takoform: host from the bundle .*\/dist\/host\/bundle\/host\.cjs$/m, false],
    [
      "serves from the compiled modules with TAKOFORM_HOST_BUNDLE=off",
      { TAKOFORM_HOST_BUNDLE: "off" },
      /^takoform: host from the compiled modules \(TAKOFORM_HOST_BUNDLE=off\)$/m,
      true,
    ],
  ] as const) {
    it(`takoform host ${label}, answers and drains on SIGTERM with exit 0`, async () => {
      const data = join(temp(), "data");
      const child = spawn(process.execPath, [join(repo, "bin", "takoform.mjs"), "host", "--port", "0", "--runtime", "off", "--quiet", "--data", data], {
        env: { ...process.env, TAKOFORM_LAUNCH_TRACE: "1", NODE_DEBUG: "module", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((ok) => child.once("exit", ok));
      try {
        const lines = createInterface({ input: child.stdout! });
        let url = "";
        let token = "";
        for await (const line of lines) {
          url ||= /^listening on (\S+)/.exec(line)?.[1] ?? "";
          token ||= /Authorization: Bearer (\S+)/.exec(line)?.[1] ?? "";
          if (url && token) break;
        }
        const res = await fetch(`${url}/.well-known/takoform/v1beta1`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        // discovery answers only once the corpus was found and loaded; this one goes through the lifecycle routes, loaded after listening
        const forms = await fetch(`${url}/apis/forms.takoform.com/v1beta1/forms?space=launch&group=edge.takoform.com%2Fv1&kind=Queue`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(forms.status).toBe(404);
        expect(((await forms.json()) as { error: { code: string } }).error.code).toBe("form_unknown");
      } finally {
        child.kill("SIGTERM");
      }
      expect(await exited).toBe(0);
      // the clean close sealed the store (host/store/seal.ts): the next start need not scan it
      expect(existsSync(join(data, "store.sqlite.sealed"))).toBe(true);
      expect(stderr).toMatch(expected);
      expect(/MODULE \d+: load .*\/node_modules\/express\//.test(stderr)).toBe(expressLoaded);
    });
  }
});
