// Builds dist/host/bundle/host.cjs (launch/host.ts, ADR 0278) from the compiled `takoform host`
// command (dist/cli/commands/host.js) and everything it imports, with esbuild, into one CommonJS
// file beside a stamp of its inputs. Then it starts the host from the bundle once, so that the
// code cache exists before the first real start.
//
// CommonJS, as for the provider (ADR 0245): node runs it without its ESM loader, and a module the
// host reaches through a dynamic import (the lifecycle routes after listening, the data plane, the
// PostgreSQL store) is initialized only when that import runs. Each module keeps its own
// import.meta.url (the URL of the compiled file it came from, found relative to the bundle), so
// corpusRoot(), the tenant SQL worker and every other file found beside a module are found as from
// the modules. Packages that are native, WebAssembly, very large or only used by the data plane are
// left to node's resolver at run time.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { HOST_BUNDLE, HOST_BUNDLE_DIR, HOST_CODE_CACHE, HOST_STAMP } from "./host.js";
import { removeFlaggedCaches } from "./code-cache.js";
import { loadEsbuild } from "./esbuild.js";
import { stampOf } from "./stamp.js";

const ENTRY = join("dist", "cli", "commands", "host.js");
/** Left to node at run time: native or WebAssembly, the data plane's workerd, the optional PostgreSQL driver, build tools. */
export const HOST_EXTERNAL = ["better-sqlite3", "@sqlite.org/sqlite-wasm", "miniflare", "pg", "pg-native", "esbuild", "tsx", "typescript"];

export type HostBundleResult = { ok: true; file: string; inputs: number; warmed: boolean; notes: string[] } | { ok: false; reason: string };

/** Every module's import.meta.url is its own compiled file's URL, found from the bundle's folder at run time. */
function moduleUrls(bundleDir: string): import("esbuild").Plugin {
  return {
    name: "takoform-module-url",
    setup(build) {
      build.onLoad({ filter: /\.(m?js|cjs)$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta")) return undefined;
        const rel = JSON.stringify(relative(bundleDir, args.path));
        return {
          contents: text.replaceAll("import.meta.url", `__takoformModuleUrl(${rel})`).replaceAll("import.meta.resolve(", "__takoformResolve("),
          loader: "js",
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/**
 * Express requires body-parser and serve-static when it loads, only to re-export them (express.json,
 * express.static, ...), which the host never uses: with zlib, iconv-lite and send that is some 20
 * ms of every start. In the bundle these exports become getters that require on first use. Each
 * line must be found exactly as written; otherwise express.js is bundled unchanged.
 */
const EXPRESS_FILE = /[\\/]node_modules[\\/]express[\\/]lib[\\/]express\.js$/;
const EXPRESS_LAZY_EXPORTS: [string, string][] = [
  ["var bodyParser = require('body-parser')\n", ""],
  ...["json", "raw", "text", "urlencoded"].map((name): [string, string] => [
    `exports.${name} = bodyParser.${name}\n`,
    `Object.defineProperty(exports, "${name}", { enumerable: true, configurable: true, get: () => require('body-parser').${name} });\n`,
  ]),
  [
    "exports.static = require('serve-static');\n",
    `Object.defineProperty(exports, "static", { enumerable: true, configurable: true, get: () => require('serve-static') });\n`,
  ],
];

/** Express's unused middleware exports made lazy (EXPRESS_LAZY_EXPORTS); `notes` hears when express.js no longer matches. */
function lazyExpressExports(notes: string[]): import("esbuild").Plugin {
  return {
    name: "takoform-lazy-express-exports",
    setup(build) {
      build.onLoad({ filter: EXPRESS_FILE }, (args) => {
        let text = readFileSync(args.path, "utf8");
        for (const [from, to] of EXPRESS_LAZY_EXPORTS) {
          if (text.split(from).length !== 2) {
            notes.push(`express's middleware exports are not lazy: ${args.path} no longer holds ${JSON.stringify(from.trim())} once`);
            return undefined;
          }
          text = text.replace(from, to);
        }
        return { contents: text, loader: "js", resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Every character outside ASCII as a \u escape. esbuild already writes code in ASCII; what it
 * leaves is in comments. An ASCII bundle is read as latin1 (launch/code-cache.ts), a copy instead
 * of a UTF-8 decode of some 3 MB at every start.
 */
export function asciiOnly(text: string): string {
  return text.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const BANNER = [
  `"use strict";`,
  `var __takoformModuleUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__dirname, rel)).href;`,
  `var __takoformResolve = (specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href;`,
].join("\n");

/** Starts the host from the new bundle and stops it once it listens and answered; resolves whether it exited 0. */
function warm(root: string): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "takoform-warm-"));
  const done = (ok: boolean) => {
    rmSync(dir, { recursive: true, force: true });
    return ok;
  };
  return new Promise<boolean>((resolveWarm) => {
    const child = spawn(
      process.execPath,
      [join(root, "bin", "takoform.mjs"), "host", "--port", "0", "--runtime", "off", "--quiet", "--data", join(dir, "data")],
      {
        stdio: ["ignore", "pipe", "ignore"],
        env: { ...process.env, TAKOFORM_HOST_BUNDLE: "on" },
      },
    );
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const token = /Authorization: Bearer (\S+)/.exec(out)?.[1];
      if (url === undefined || token === undefined) return;
      out = "";
      // one answered request loads the lifecycle routes too, so their functions are in the cache
      fetch(`${url}/.well-known/takoform/v1beta1`, { headers: { authorization: `Bearer ${token}` } })
        .then((res) => res.arrayBuffer())
        .then(() =>
          fetch(`${url}/apis/forms.takoform.com/v1beta1/resources/edge.takoform.com%2Fv1/Queue/warm?space=warm`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        )
        .then((res) => res.arrayBuffer())
        .catch(() => undefined)
        .finally(() => child.kill("SIGTERM"));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolveWarm(done(code === 0));
    });
  });
}

/**
 * The folders (relative to `root`, as the lockfile names them) of packages installed for
 * development only: supports-color, which debug requires if it is there, is one.
 */
export function devOnlyFolders(root: string): Set<string> {
  try {
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages?: Record<string, { dev?: boolean }> };
    return new Set(Object.entries(lock.packages ?? {}).flatMap(([folder, entry]) => (entry.dev === true ? [folder] : [])));
  } catch {
    return new Set();
  }
}

/**
 * A package that resolves into a development-only folder is left to node: bundled, it would be an
 * input a user's install does not have, and the bundle, behaving as if it were there, would never
 * be used. Left to node, the bundle's require finds it or not exactly as the compiled modules' does.
 */
function devOnlyExternal(root: string, devOnly: Set<string>): import("esbuild").Plugin {
  return {
    name: "takoform-dev-only-external",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if ((args.pluginData as { devOnlyCheck?: boolean } | undefined)?.devOnlyCheck === true) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { devOnlyCheck: true },
        });
        if (found.errors.length > 0 || found.external) return undefined;
        const folder = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(relative(root, found.path).replaceAll("\\", "/"))?.[1];
        return folder !== undefined && devOnly.has(folder) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

/** Builds the host bundle of the installation at `root` and warms its code cache; never throws. */
export async function bundleHost(root: string): Promise<HostBundleResult> {
  const esbuild = loadEsbuild(root);
  if (!esbuild) return { ok: false, reason: "esbuild is not installed (it comes with the dev dependencies)" };
  const dir = resolve(root, HOST_BUNDLE_DIR);
  const file = join(dir, HOST_BUNDLE);
  const stamp = join(dir, HOST_STAMP);
  const suffix = `.${process.pid}.tmp`;
  const notes: string[] = [];
  try {
    mkdirSync(dir, { recursive: true });
    const built = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [ENTRY],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: `node${process.versions.node.split(".")[0]}`,
      external: HOST_EXTERNAL,
      plugins: [devOnlyExternal(root, devOnlyFolders(root)), lazyExpressExports(notes), moduleUrls(dir)],
      banner: { js: BANNER },
      outfile: file,
      metafile: true,
      write: false,
      logLevel: "silent",
    });
    writeFileSync(file + suffix, asciiOnly(built.outputFiles[0]!.text));
    const inputs = Object.keys(built.metafile.inputs).map((p) => resolve(root, p));
    writeFileSync(stamp + suffix, JSON.stringify(stampOf(inputs, stamp)));
    // Bundle first: between the renames a process sees the new bundle with the old stamp, which
    // either matches (same inputs, same code) or sends it to the compiled modules. The code cache
    // names the bundle's SHA-256, so an old one is never used for the new bundle.
    renameSync(file + suffix, file);
    renameSync(stamp + suffix, stamp);
    // Hosts started with node flags (a profiler's) kept caches of their own (launch/host.ts).
    removeFlaggedCaches(join(dir, HOST_CODE_CACHE));
    return { ok: true, file, inputs: inputs.length, warmed: await warm(root), notes };
  } catch (err) {
    for (const f of [file, stamp]) rmSync(f + suffix, { force: true });
    return { ok: false, reason: `bundling failed: ${(err as Error).message.split("\n")[0]}` };
  }
}
