// `takoform codegen --check` passes on the committed generated/ and fails, listing every file,
// when a tree differs; `takoform codegen --out` repairs such a tree.
import { cpSync, mkdtempSync, rmSync, writeFileSync, unlinkSync, existsSync, readFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { generatedDir, repoDir } from "./helpers.js";

const cli = (args: string[]) => execa("node", ["bin/takoform.mjs", "codegen", ...args], { cwd: repoDir, reject: false });

describe("takoform codegen --check", () => {
  it("passes on the committed generated/ (CI fails when it differs)", async () => {
    const r = await cli(["--check"]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/files up to date \(15 resource types\)/);
  });

  describe("on a tree that differs", () => {
    const out = mkdtempSync(path.join(tmpdir(), "takoform-generated-"));
    afterAll(() => rmSync(out, { recursive: true, force: true }));
    cpSync(generatedDir, out, { recursive: true });
    appendFileSync(path.join(out, "provider", "schema.json"), " ");
    unlinkSync(path.join(out, "docs", "resources", "worker_version.md"));
    writeFileSync(path.join(out, "types", "stale.ts"), "export {};\n");
    writeFileSync(path.join(out, "notes.txt"), "not codegen's\n");

    it("fails and lists every changed, missing and extra file", async () => {
      const r = await cli(["--check", "--out", out]);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain("changed  provider/schema.json");
      expect(r.stderr).toContain("missing  docs/resources/worker_version.md");
      expect(r.stderr).toContain("extra    types/stale.ts");
      expect(r.stderr).not.toContain("notes.txt");
    });

    it("is repaired by a regeneration, which leaves files it does not own alone", async () => {
      const w = await cli(["--out", out]);
      expect(w.exitCode).toBe(0);
      expect(existsSync(path.join(out, "types", "stale.ts"))).toBe(false);
      expect(readFileSync(path.join(out, "notes.txt"), "utf8")).toBe("not codegen's\n");
      const r = await cli(["--check", "--out", out]);
      expect(r.exitCode).toBe(0);
    });
  });

  it("refuses an unknown option with exit 2", async () => {
    const r = await cli(["--nope"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("usage: takoform codegen");
  });
});
