// Long-running operations through the real terraform binary. The provider
// block sets respond_async, so the provider itself asks the host for 202
// (Prefer: respond-async); the host commits each accepted mutation seconds
// later (--async-commit-delay-ms). A pass-through proxy only records what the
// provider sent and what the host answered.
// - An apply interrupted after the 202 (SIGINT: terraform calls StopProvider)
//   keeps pending_operation_id in state; the next apply consults the operation
//   before reading, adopts the committed resource and creates nothing twice.
// - An artifact commit answered 202 is followed to its end before the bundle
//   resource is created; destroy follows the 202 of each delete.
// - An apply SIGKILLed after the 202 (no state written) converges on the next apply with the
//   resource created once and adopted into state.
// - A recorded operation the host no longer knows (operation_not_found) falls
//   back to an exact read of the resource.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalDigest } from "../../corpus/lib/digest.js";
import { providerModel } from "../../generated/provider/model.js";
import { installTakoformProvider, providerConfig, recordedStatus, repoRoot, TerraformWorkdir, waitFor } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";
import { RequestLog } from "./provider-host/request-log.js";

const SPACE = "ops";

async function stateValues(w: TerraformWorkdir, address: string): Promise<Record<string, unknown> | undefined> {
  const shown = await w.run(["show", "-json"]);
  const doc = JSON.parse(shown.stdout) as { values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } } };
  return doc.values?.root_module?.resources?.find((r) => r.address === address)?.values;
}

function refOf(kind: string): { definitionVersion: string; schemaDigest: string } {
  return providerModel.resources.find((r) => r.kind === kind)!.defaultRef;
}

describe("takoform provider and asynchronous host operations", () => {
  let host: HostProcess;
  let log: RequestLog;
  let installDir: string;
  let cliConfigFile: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start(["--async-commit-delay-ms", "6000"]);
    log = await RequestLog.start(host.url);
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    cliConfigFile = (await installTakoformProvider(installDir)).cliConfigFile;
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await log?.stop();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  function workdir(resources: string): TerraformWorkdir {
    const w = TerraformWorkdir.create({
      cliConfigFile,
      files: {
        "main.tf": providerConfig({ endpoint: log.url, token: TOKEN, space: SPACE, respond_async: true }) + resources,
      },
    });
    workdirs.push(w);
    return w;
  }

  it("resumes an interrupted create from pending_operation_id without a duplicate", async () => {
    const w = workdir(`resource "takoform_edge_kv_namespace" "slow" { name = "slow" }`);
    expect((await w.run(["init"])).exitCode).toBe(0);

    const before = log.applies().length;
    const running = w.start(["apply", "-auto-approve"]);
    const accepted = await waitFor(
      () =>
        log
          .applies()
          .slice(before)
          .find((a) => a.status === 202),
      60_000,
      50,
    );
    expect(accepted).toBeDefined();
    expect(accepted!.prefer).toBe("respond-async");
    running.kill("SIGINT");
    const interrupted = await running;
    expect(interrupted.all).toContain("is still being applied");

    const pending = await stateValues(w, "takoform_edge_kv_namespace.slow");
    expect(pending?.["pending_operation_id"]).toMatch(/^op_/);
    expect(pending?.["uid"]).toBeNull();

    const resumed = await w.run(["apply", "-auto-approve"]);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.all).toContain("Apply complete! Resources: 0 added, 0 changed, 0 destroyed.");
    const stored = await host.read("EdgeKVNamespace", SPACE, "slow", refOf("EdgeKVNamespace"));
    expect(stored.status).toBe(200);
    const adopted = await stateValues(w, "takoform_edge_kv_namespace.slow");
    expect(adopted?.["uid"]).toBe(stored.body.metadata.uid);
    expect(adopted?.["pending_operation_id"]).toBeNull();
    expect(recordedStatus(adopted).generation).toBe("1");
    // One apply reached the host: the resumed run followed the operation instead of creating again.
    expect(log.applies().length - before).toBe(1);
  }, 300_000);

  it("converges after terraform is SIGKILLed between the 202 and its state write, with no duplicate", async () => {
    const w = workdir(`resource "takoform_edge_kv_namespace" "killed" { name = "killed" }`);
    expect((await w.run(["init"])).exitCode).toBe(0);

    const before = log.applies().length;
    const running = w.start(["apply", "-auto-approve"]);
    const accepted = await waitFor(
      () =>
        log
          .applies()
          .slice(before)
          .find((a) => a.status === 202),
      60_000,
      50,
    );
    expect(accepted).toBeDefined();
    running.kill("SIGKILL");
    await running.catch(() => undefined);
    // No StopProvider, no state write: the resource is unknown to state, while the host holds
    // the accepted operation (committed seconds later) or already the resource.
    expect(await stateValues(w, "takoform_edge_kv_namespace.killed")).toBeUndefined();

    const second = await w.run(["apply", "-auto-approve"]);
    expect(second.all).not.toMatch(/already exists|already_exists/i);
    expect(second.exitCode, second.all).toBe(0);
    const stored = await host.read("EdgeKVNamespace", SPACE, "killed", refOf("EdgeKVNamespace"));
    expect(stored.status).toBe(200);
    // Created once: the incarnation in state is the one the host holds, never updated since.
    expect(String(stored.body.metadata.generation)).toBe("1");
    const state = await stateValues(w, "takoform_edge_kv_namespace.killed");
    expect(state?.["uid"]).toBe(stored.body.metadata.uid);
    expect(state?.["pending_operation_id"]).toBeNull();
    const replan = await w.run(["plan", "-detailed-exitcode"]);
    expect(replan.exitCode, replan.all).toBe(0);
    console.log(
      `[figures] async SIGKILL: applies sent after the kill=${log.applies().length - before - 1} statuses=${log
        .applies()
        .slice(before)
        .map((a) => a.status)
        .join(",")} adopted=${/adopt/i.test(second.all)}`,
    );
  }, 300_000);

  it("follows an artifact commit and the resource mutations the host accepts with 202", async () => {
    const bundleDir = join(repoRoot, "corpus", "artifacts", "worker-bundles", "all-handlers");
    const w = workdir(`
resource "takoform_worker_bundle" "api" {
  name       = "async-bundle"
  source_dir = "\${path.module}/bundle"
}`);
    mkdirSync(join(w.dir, "bundle"));
    copyFileSync(join(bundleDir, "index.js"), join(w.dir, "bundle", "index.js"));
    expect((await w.run(["init"])).exitCode).toBe(0);
    const before = log.requests.length;
    const apply = await w.run(["apply", "-auto-approve"]);
    expect(apply.all).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
    const digest = canonicalDigest(JSON.parse(readFileSync(join(bundleDir, "manifest.json"), "utf8")));
    const commits = log.commits().filter((c) => log.requests.indexOf(c) >= before);
    expect(commits.map((c) => [c.status, c.prefer])).toEqual([[202, "respond-async"]]);
    expect(
      log
        .applies()
        .filter((a) => log.requests.indexOf(a) >= before)
        .map((a) => a.status),
    ).toEqual([202]);
    const state = await stateValues(w, "takoform_worker_bundle.api");
    expect(state?.["manifest_digest"]).toBe(digest);
    expect(state?.["pending_operation_id"]).toBeNull();
    const stored = await host.read("WorkerBundle", SPACE, "async-bundle", refOf("WorkerBundle"));
    expect(stored.body.metadata.uid).toBe(state?.["uid"]);
    expect((await host.call("GET", `artifacts/${digest}`)).status).toBe(200);

    expect((await w.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);
    const destroyed = await w.run(["destroy", "-auto-approve"]);
    expect(destroyed.all).toContain("Destroy complete! Resources: 1 destroyed.");
    const deletes = log.requests.filter((r) => r.method === "DELETE" && r.path.includes("/async-bundle"));
    expect(deletes.map((d) => d.status)).toEqual([202]);
    expect((await host.read("WorkerBundle", SPACE, "async-bundle", refOf("WorkerBundle"))).status).toBe(404);
  }, 300_000);
  it("falls back to an exact read when the host no longer knows the recorded operation", async () => {
    const w = workdir(`resource "takoform_edge_kv_namespace" "kept" { name = "kept" }`);
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["apply", "-auto-approve"])).exitCode).toBe(0);
    const uid = (await stateValues(w, "takoform_edge_kv_namespace.kept"))?.["uid"];
    expect(typeof uid).toBe("string");
    // As if an earlier run had been interrupted after a 202 whose record the host has since dropped.
    const doc = JSON.parse(w.read("terraform.tfstate")) as { serial: number; resources: { instances: { attributes: Record<string, unknown> }[] }[] };
    doc.serial += 1;
    doc.resources[0]!.instances[0]!.attributes["pending_operation_id"] = "op_expired-long-ago";
    w.write("terraform.tfstate", JSON.stringify(doc));
    const before = log.requests.length;
    const refreshed = await w.run(["apply", "-refresh-only", "-auto-approve"]);
    expect(refreshed.exitCode).toBe(0);
    const state = await stateValues(w, "takoform_edge_kv_namespace.kept");
    expect(state?.["pending_operation_id"]).toBeNull();
    expect(state?.["uid"]).toBe(uid);
    expect(log.requests.length).toBe(before); // nothing was mutated to get there
    expect((await w.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);
  }, 300_000);
});
