// cdktf synth of examples/edge-app type-checks first (cdktf.json's app runs tsc --noEmit before
// tsx): a typo in an optional setting fails synth, naming the setting, instead of deploying without it.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/terraform.js";

const run = promisify(execFile);
// Beside the example, so its ../../generated imports resolve the same way.
const copy = mkdtempSync(path.join(repoRoot, "examples", ".synth-typecheck-"));
const out = mkdtempSync(path.join(tmpdir(), "takoform-synth-"));

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe("examples/edge-app synth", () => {
  it("type-checks: a misspelt optional setting fails synth and names it", async () => {
    const src = path.join(repoRoot, "examples", "edge-app");
    cpSync(src, copy, { recursive: true, filter: (f) => !/cdktf\.out|node_modules|\.terraform|tfstate/.test(f) });
    const app = (JSON.parse(readFileSync(path.join(src, "cdktf.json"), "utf8")) as { app: string }).app;
    expect(app).toMatch(/^npx --no-install tsc -p tsconfig\.json --noEmit && /);
    const main = readFileSync(path.join(copy, "main.ts"), "utf8");
    const right = 'new AtLeastOnceQueue(this, "orders", { name: "orders", messageRetentionSeconds: 4 * 24 * 3600 });';
    expect(main).toContain(right);
    writeFileSync(path.join(copy, "main.ts"), main.replace(right, right.replace(" });", ", deliveryDelaySecond: 5 });")));
    const failed = await run("sh", ["-c", app], { cwd: copy, env: { ...process.env, CDKTF_OUTDIR: out } }).then(
      () => undefined,
      (err: { code?: number; stdout?: string; stderr?: string }) => err,
    );
    expect(failed, "synth accepted a misspelt setting").toBeDefined();
    expect(`${failed!.stdout ?? ""}${failed!.stderr ?? ""}`).toContain("deliveryDelaySecond");
  }, 180_000);
});
