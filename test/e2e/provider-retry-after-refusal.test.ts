// A refusal is not replayed after its cause is fixed (ADR 0160), through the real terraform
// binary against a fresh host:
// - destroy refused with dependency_in_use while something outside the configuration still
//   references the resource; the dependent is removed; the next destroy succeeds;
// - apply of a bundle whose artifacts were never pushed refused with artifact_missing; the
//   artifacts are pushed; the next apply succeeds.
// Each later run reaches the host afresh (a new Idempotency-Key, a new request id), while the
// retries inside one run still replay (the interruption and lost-create suites).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { workerBundle } from "../../examples/edge-app/lib/artifact.js";
import { uploadAll } from "../../examples/edge-app/lib/upload.js";
import { installTakoformProvider, providerConfig, repoRoot, TerraformWorkdir } from "./helpers/terraform.js";
import { GROUP, HostProcess, TOKEN } from "./provider-host/host.js";
import { tempDirs } from "../support/temp-dirs.js";

const SPACE = "retry";
const WORKER_DIR = join(repoRoot, "examples", "hcl", "worker");

function refOf(kind: string): { definitionVersion: string; schemaDigest: string } {
  return providerModel.resources.find((r) => r.kind === kind)!.defaultRef;
}

function requestIds(output: string): string[] {
  return [...output.matchAll(/req-[0-9a-f-]{8,}/g)].map((m) => m[0]);
}

const tempDir = tempDirs();

describe("a later run after a terminal refusal reaches the host afresh", () => {
  let host: HostProcess;
  let installDir: string;
  let cliConfigFile: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start();
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    cliConfigFile = (await installTakoformProvider(installDir)).cliConfigFile;
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  function workdir(resources: string): TerraformWorkdir {
    const w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": providerConfig({ endpoint: host.url, token: TOKEN, space: SPACE }) + resources } });
    workdirs.push(w);
    return w;
  }

  it("destroy refused by a dependent succeeds in the next run once the dependent is gone", async () => {
    const w = workdir(`resource "takoform_module_worker" "held" { name = "held" }`);
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["apply", "-auto-approve"])).exitCode).toBe(0);
    // A dependent the configuration does not manage: a version of the worker made by another tool.
    const bundle = workerBundle(WORKER_DIR);
    await uploadAll([bundle], { endpoint: host.url, token: TOKEN });
    await host.create("WorkerBundle", SPACE, "held-build", refOf("WorkerBundle"), { manifestDigest: bundle.manifestDigest });
    await host.create("WorkerVersion", SPACE, "held-v1", refOf("WorkerVersion"), {
      worker: { apiVersion: GROUP, kind: "ModuleWorker", name: "held" },
      bundle: { apiVersion: GROUP, kind: "WorkerBundle", name: "held-build" },
      handlers: ["fetch"],
    });

    const refused = await w.run(["destroy", "-auto-approve"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.all).toContain("dependency_in_use");

    const removed = await host.call(
      "DELETE",
      `resources/${GROUP}/WorkerVersion/held-v1?${new URLSearchParams({ space: SPACE, definitionVersion: refOf("WorkerVersion").definitionVersion, schemaDigest: refOf("WorkerVersion").schemaDigest }).toString()}`,
      undefined,
      {
        "takoform-expected-generation": "1",
        "idempotency-key": "direct-delete-held-v1",
      },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);

    const again = await w.run(["destroy", "-auto-approve"]);
    expect(again.all, "the second destroy was answered with the first one's refusal").not.toContain("dependency_in_use");
    expect(again.exitCode, again.all).toBe(0);
    expect(again.all).toContain("Destroy complete! Resources: 1 destroyed.");
    expect((await host.read("ModuleWorker", SPACE, "held", refOf("ModuleWorker"))).status).toBe(404);
  }, 300_000);

  it("apply refused because the artifacts were not pushed succeeds in the next run after the push", async () => {
    // Bytes no earlier test pushed.
    const dir = tempDir("takoform-unpushed-");
    writeFileSync(join(dir, "index.js"), readFileSync(join(WORKER_DIR, "index.js"), "utf8") + "\n// not pushed yet\n");
    const bundle = workerBundle(dir);
    const w = workdir(`
resource "takoform_worker_bundle" "early" {
  name            = "early"
  manifest_digest = "${bundle.manifestDigest}"
}`);
    expect((await w.run(["init"])).exitCode).toBe(0);
    const refused = await w.run(["apply", "-auto-approve"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.all).toContain("artifact_missing");
    const firstIds = requestIds(refused.all);

    await uploadAll([bundle], { endpoint: host.url, token: TOKEN });

    const again = await w.run(["apply", "-auto-approve"]);
    expect(again.all, "the second apply was answered with the first one's refusal").not.toContain("artifact_missing");
    expect(again.exitCode, again.all).toBe(0);
    expect(again.all).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
    for (const id of requestIds(again.all)) expect(firstIds).not.toContain(id);
    const stored = await host.read("WorkerBundle", SPACE, "early", refOf("WorkerBundle"));
    expect(stored.status).toBe(200);
    expect(stored.body.spec.manifestDigest).toBe(bundle.manifestDigest);
  }, 300_000);
});
