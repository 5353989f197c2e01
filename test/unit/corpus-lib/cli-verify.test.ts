import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileDigest } from "../../../corpus/lib/index.js";
import { referenceFormsDir, repoDir } from "./paths.js";
import { itWithReference } from "../../support/reference.js";

const temp = mkdtempSync(path.join(tmpdir(), "takoform-cli-verify-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function takoform(...args: string[]) {
  return spawnSync(process.execPath, [path.join(repoDir, "bin/takoform.mjs"), ...args], { encoding: "utf8" });
}

describe("takoform corpus verify (built CLI)", () => {
  itWithReference("exits 0 with a summary over the reference Form Packages", () => {
    const run = takoform("corpus", "verify", referenceFormsDir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ok: .*: 15 form packages, .* 0 problems\n$/);
  });
  itWithReference("exits 1 and names file, expected and actual digest on a mismatch", () => {
    const dir = path.join(temp, "edge-kv-namespace");
    cpSync(path.join(referenceFormsDir, "edge-kv-namespace"), dir, { recursive: true });
    const fixture = path.join(dir, "fixtures/desired.json");
    const before = fileDigest(readFileSync(fixture));
    writeFileSync(fixture, "{ }");
    const run = takoform("corpus", "verify", temp);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`problem: edge-kv-namespace/fixtures/desired.json: digest mismatch: expected ${before}, actual ${fileDigest("{ }")}`);
    expect(run.stdout).toMatch(/^FAILED: /);
  });
  itWithReference("prints raw and canonical digests with `corpus digest`", () => {
    const file = path.join(referenceFormsDir, "module-worker/definition.json");
    const run = takoform("corpus", "digest", file);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${fileDigest(readFileSync(file))}  sha256:6de1d1ff575caf7e6ca10ee6d905df1174bc26943ca95de6ada5f9229507d192  ${file}\n`);
  });
  it("refuses unknown usage with exit 2", () => {
    expect(takoform("corpus", "frobnicate").status).toBe(2);
  });
});
