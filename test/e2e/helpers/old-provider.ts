// A takoform provider built from an earlier commit of this repository, installed into its own
// filesystem mirror: for tests that let a released provider write state and then run today's
// provider on it (state upgrades). The commit's tree is extracted with `git archive`, its
// TypeScript transpiled to dist/ with esbuild (no type check: the commit was checked when it was
// made), node_modules linked from this checkout, and `takoform provider install` of that tree
// writes the launcher and the bundle exactly as a user's install of that version would.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { repoRoot } from "./terraform.js";

/** The folders the commit's tsconfig.build.json compiles, plus generated/ (which they import). */
function sourceDirs(root: string): string[] {
  const config = JSON.parse(readFileSync(join(root, "tsconfig.build.json"), "utf8")) as { include: string[] };
  return [...config.include, "generated"];
}

function typeScriptFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry);
    if (statSync(file).isDirectory()) out.push(...typeScriptFiles(file));
    else if (entry.endsWith(".ts") && !entry.endsWith(".d.ts") && !entry.endsWith(".test.ts")) out.push(file);
  }
  return out;
}

export interface OldProvider {
  root: string;
  cliConfigFile: string;
  remove(): void;
}

/** Installs the provider of `commit` into a new temporary directory. Throws naming the step that failed. */
export async function installProviderAt(commit: string): Promise<OldProvider> {
  const root = mkdtempSync(join(tmpdir(), `takoform-provider-${commit.slice(0, 7)}-`));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    try {
      execFileSync("git", ["-C", repoRoot, "cat-file", "-e", `${commit}^{commit}`]);
    } catch {
      throw new Error(`commit ${commit} is not in this clone (a shallow clone?): fetch it (git fetch --unshallow) to run the state upgrade test`);
    }
    execFileSync("sh", ["-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "sh", repoRoot, commit, root]);
    symlinkSync(join(repoRoot, "node_modules"), join(root, "node_modules"));
    const esbuild = createRequire(join(repoRoot, "package.json"))("esbuild") as typeof import("esbuild");
    const entryPoints = sourceDirs(root).flatMap((d) => typeScriptFiles(join(root, d)));
    await esbuild.build({ entryPoints, outdir: join(root, "dist"), outbase: root, format: "esm", platform: "node", bundle: false, logLevel: "error" });
    const installDir = join(root, "install");
    const r = await execa("node", [join(root, "bin", "takoform.mjs"), "provider", "install", "--dir", installDir], { reject: false });
    if (r.exitCode !== 0) throw new Error(`takoform provider install of ${commit} failed (${String(r.exitCode)}): ${r.stderr}`);
    const m = /^export TF_CLI_CONFIG_FILE='(.*)'$/m.exec(r.stdout);
    if (!m) throw new Error(`takoform provider install of ${commit} printed no export line: ${r.stdout}`);
    return { root, cliConfigFile: m[1]!.replace(/'\\''/g, "'"), remove };
  } catch (err) {
    remove();
    throw err;
  }
}
