// Provider schema -> generated/cdktf/: CDKTF construct classes for the provider and every
// resource type, produced by @cdktf/provider-generator from the same schema.json Terraform reads.
//
// The generator package's index also loads its jsii packaging half (jsii, jsii-pacmak), which this
// project does not install; its TypeScript generator (TerraformProviderGenerator + CodeMaker, what
// generateProviderBindingsFromSchema runs before packaging) is used directly, in a child process
// (see run-generator.cjs). post-process.ts adapts its output to this project's compiler settings.

import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../../../corpus/lib/index.js";
import { DROPPED_FILES, postProcess } from "./post-process.js";
import type { ResourceModel } from "../../model/types.js";
import { enumSettings, resourceFile, typedUnions } from "./typed-unions.js";
import { REVISION_EXPORT, REVISION_FILE, REVISION_SOURCE } from "./revision.js";
import { constructReferences, REFERENCE_EXPORT, REFERENCE_FILE, REFERENCE_SOURCE, referenceSettings } from "./references.js";

const run = promisify(execFile);

/**
 * tsconfig that type-checks the generated classes with the project's own settings
 * (`npx tsc -p generated/cdktf`); the root tsconfig leaves them out of its include only for speed.
 */
export const CDKTF_TSCONFIG = {
  extends: "../../tsconfig.json",
  compilerOptions: { noEmit: true, rootDir: "../.." },
  include: ["**/*.ts"],
  exclude: [],
};

function listFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, base));
    else out.push(path.relative(base, full).split(path.sep).join("/"));
  }
  return out;
}

/**
 * The package entry (`takoform/cdktf`, `takoform/cdktn`): every class and type of every module
 * under one flat name space, `import { ModuleWorker } from "takoform/cdktf"`. Each module prefixes
 * its names with its own class name, so the re-exports cannot collide (tsc would refuse if they did).
 */
export function flatIndex(files: readonly string[]): string {
  // Every resource module, and the helpers beside them (revision.ts), never the namespace index.
  const modules = files.filter((f) => /^providers\/takoform\/([a-z0-9-]+\/index|(?!index)[a-z0-9-]+)\.ts$/.test(f)).sort();
  const lines = ["// The flat entry of the generated bindings: every construct class and type of the takoform provider."];
  for (const f of modules) lines.push(`export * from './${f.replace(/\.ts$/, ".js")}';`);
  return lines.join("\n") + "\n";
}

/** Runs the CDKTF generator over `schemaJson`; resolves to relative path -> content. */
export async function emitCdktf(schemaJson: string, providerVersion: string, resources: readonly ResourceModel[] = []): Promise<Map<string, string>> {
  const work = mkdtempSync(path.join(tmpdir(), "takoform-cdktf-"));
  try {
    const schemaPath = path.join(work, "schema.json");
    const outDir = path.join(work, "out");
    writeFileSync(schemaPath, schemaJson);
    const script = path.join(repoRoot(), "codegen", "emit", "cdktf", "run-generator.cjs");
    try {
      await run(process.execPath, [script, schemaPath, outDir], { cwd: repoRoot(), maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`CDKTF generator failed: ${e.stderr?.trim() || e.message}`);
    }
    const files = new Map<string, string>();
    for (const rel of listFiles(outDir)) {
      if (!DROPPED_FILES.includes(rel)) files.set(rel, postProcess(rel, readFileSync(path.join(outDir, rel), "utf8"), providerVersion));
    }
    // The class the generator named for a resource type, read from its module.
    const classOf = (typeName: string): string => {
      const m = /^export class (\w+) extends cdktf\.TerraformResource /m.exec(files.get(resourceFile(typeName)) ?? "");
      if (m === null) throw new Error(`CDKTF generator output has no resource class for ${typeName}`);
      return m[1]!;
    };
    const rewritten = new Map<string, string>();
    for (const r of resources) {
      const file = resourceFile(r.typeName);
      const text = files.get(file);
      if (text !== undefined) rewritten.set(file, constructReferences(typedUnions(text, enumSettings(r)), referenceSettings(r, resources), classOf));
    }
    for (const [file, text] of rewritten) files.set(file, text);
    files.set(REVISION_FILE, REVISION_SOURCE);
    files.set(REFERENCE_FILE, REFERENCE_SOURCE);
    const index = "providers/takoform/index.ts";
    files.set(index, (files.get(index) ?? "") + REVISION_EXPORT + REFERENCE_EXPORT);
    files.set("tsconfig.json", JSON.stringify(CDKTF_TSCONFIG, null, 2) + "\n");
    files.set("index.ts", flatIndex([...files.keys()]));
    return files;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
