// Phase 2 of the provider, end to end: the real terraform binary drives the
// installed takoform provider against a freshly started host process. A
// Worker aggregate (bundle, version with a KV binding, deployment, endpoint,
// cron trigger, custom domain, queue with consumer and dead-letter queue, the
// bundle and a migration set uploaded from local files by the provider) is
// planned, applied, re-planned empty, updated in place, partly replaced,
// repaired after relation drift (its dead-letter queue re-created behind
// Terraform's back) and destroyed; a cron expression the host refuses fails at its attribute and
// stores nothing; an existing resource is imported by SPACE/NAME and plans empty.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { canonicalDigest } from "../../corpus/lib/digest.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { installTakoformProvider, providerConfig, recordedStatus, repoRoot, TerraformWorkdir } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

const SPACE = "e2e";
const MIGRATIONS = readdirSync(join(repoRoot, "corpus", "artifacts", "migrations"))[0]!;

function refOf(kind: string): { definitionVersion: string; schemaDigest: string } {
  const m = providerModel.resources.find((r) => r.kind === kind);
  if (!m) throw new Error(`no model for ${kind}`);
  return m.defaultRef;
}

/** The recorded attribute values of one resource address (terraform show -json). */
async function stateValues(w: TerraformWorkdir, address: string): Promise<Record<string, unknown>> {
  const shown = await w.run(["show", "-json"]);
  const doc = JSON.parse(shown.stdout) as { values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } } };
  const found = doc.values?.root_module?.resources?.find((r) => r.address === address);
  if (!found) throw new Error(`${address} is not in state: ${shown.all}`);
  return found.values;
}

function header(host: HostProcess): string {
  return providerConfig({ endpoint: host.url, token: TOKEN, space: SPACE });
}

function aggregate(opts: { cron: string; domainName: string }): string {
  return `
resource "takoform_module_worker" "api" { name = "api" }
resource "takoform_edge_kv_namespace" "cache" { name = "cache" }
resource "takoform_at_least_once_queue" "jobs" {
  name                      = "jobs"
  message_retention_seconds = 3600
}
resource "takoform_worker_bundle" "api" {
  name       = "api-bundle"
  source_dir = "\${path.module}/bundle"
}
resource "takoform_sqlite_migration_set" "schema" {
  name       = "schema-v1"
  source_dir = "\${path.module}/migrations"
}
resource "takoform_worker_version" "v1" {
  name        = "api-v1"
  worker      = takoform_module_worker.api.name
  bundle      = takoform_worker_bundle.api.name
  handlers    = ["fetch", "scheduled", "queue"]
  kv_bindings = [{ name = "CACHE", resource = takoform_edge_kv_namespace.cache.name }]
}
resource "takoform_worker_deployment" "live" {
  name     = "api-live"
  worker   = takoform_module_worker.api.name
  versions = [{ worker_version = takoform_worker_version.v1.name, weight = 10000 }]
}
resource "takoform_worker_endpoint" "api" {
  name       = "api-endpoint"
  worker     = takoform_module_worker.api.name
  depends_on = [takoform_worker_deployment.live]
}
resource "takoform_worker_cron_trigger" "tick" {
  name       = "api-tick"
  worker     = takoform_module_worker.api.name
  cron       = "${opts.cron}"
  depends_on = [takoform_worker_deployment.live]
}
resource "takoform_worker_custom_domain" "www" {
  name       = "${opts.domainName}"
  worker     = takoform_module_worker.api.name
  hostname   = "api.example.com"
  depends_on = [takoform_worker_deployment.live]
}
resource "takoform_queue_consumer" "jobs" {
  name                      = "jobs-consumer"
  queue                     = takoform_at_least_once_queue.jobs.name
  worker                    = takoform_module_worker.api.name
  dead_letter_queue         = "outside-dead"
  max_batch_size            = 10
  max_batch_timeout_seconds = 5
  max_concurrency           = 2
  max_retries               = 3
  retry_delay_seconds       = 1
  depends_on                = [takoform_worker_deployment.live]
}
`;
}

describe("takoform provider against a host (terraform 1.11)", () => {
  let host: HostProcess;
  let installDir: string;
  let cliConfigFile: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start(["--conformance-probes"]);
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    cliConfigFile = (await installTakoformProvider(installDir)).cliConfigFile;
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  function workdir(files: Record<string, string>): TerraformWorkdir {
    const w = TerraformWorkdir.create({ cliConfigFile, files });
    workdirs.push(w);
    return w;
  }

  it("creates, re-plans empty, updates in place, replaces and destroys a Worker aggregate", async () => {
    // Artifacts from local files: the provider builds, uploads and commits the manifests.
    const bundleDir = join(repoRoot, "corpus", "artifacts", "worker-bundles", "all-handlers");
    const migrationsDir = join(repoRoot, "corpus", "artifacts", "migrations", MIGRATIONS);
    // The dead-letter queue is managed outside this configuration (so it can change behind Terraform's back).
    const queueRef = refOf("AtLeastOnceQueue");
    await host.create("AtLeastOnceQueue", SPACE, "outside-dead", queueRef, { messageRetentionSeconds: 86400 });
    const w = workdir({ "main.tf": header(host) + aggregate({ cron: "*/5 * * * *", domainName: "api-www" }) });
    mkdirSync(join(w.dir, "bundle"));
    copyFileSync(join(bundleDir, "index.js"), join(w.dir, "bundle", "index.js"));
    mkdirSync(join(w.dir, "migrations"));
    for (const f of readdirSync(migrationsDir).filter((n) => n.endsWith(".sql"))) copyFileSync(join(migrationsDir, f), join(w.dir, "migrations", f));
    expect((await w.run(["init"])).exitCode).toBe(0);
    expect((await w.run(["validate"])).exitCode).toBe(0);

    const apply = await w.run(["apply", "-auto-approve"]);
    expect(apply.all).toContain("Apply complete! Resources: 11 added, 0 changed, 0 destroyed.");
    expect(apply.exitCode).toBe(0);
    const bundleDigest = canonicalDigest(JSON.parse(readFileSync(join(bundleDir, "manifest.json"), "utf8")));
    expect((await stateValues(w, "takoform_worker_bundle.api"))["manifest_digest"]).toBe(bundleDigest);
    expect((await stateValues(w, "takoform_sqlite_migration_set.schema"))["manifest_digest"]).toBe(
      canonicalDigest(JSON.parse(readFileSync(join(migrationsDir, "manifest.json"), "utf8"))),
    );
    expect((await host.call("GET", `artifacts/${bundleDigest}`)).status).toBe(200);
    // No file bytes in state: only digests and the directory name.
    expect(w.read("terraform.tfstate")).not.toContain(readFileSync(join(bundleDir, "index.js"), "utf8").split("\n")[0]);

    const endpoint = await host.read("WorkerEndpoint", SPACE, "api-endpoint", refOf("WorkerEndpoint"));
    expect(endpoint.status).toBe(200);
    const recorded = await stateValues(w, "takoform_worker_endpoint.api");
    expect(recorded["hostname"]).toBe(endpoint.body.status.outputs.hostname);
    expect(recorded["url"]).toBe(endpoint.body.status.outputs.url);
    expect(recorded["uid"]).toBe(endpoint.body.metadata.uid);
    expect(JSON.parse(recorded["outputs_json"] as string)).toEqual(endpoint.body.status.outputs);
    expect(recorded["ready"]).toBe(true);
    const status = recordedStatus(recorded);
    expect(status.ready_reason).toBe(endpoint.body.status.conditions.find((c: { type: string }) => c.type === "Ready").reason);
    expect(status.conditions!.length).toBe(endpoint.body.status.conditions.length);
    expect(status.generation).toBe(endpoint.body.metadata.generation);
    expect(status.revision).toBe(endpoint.body.metadata.revision);
    expect(status.relations).toEqual([expect.objectContaining({ pointer: "/worker", target_kind: "ModuleWorker", target_name: "api" })]);

    const again = await w.run(["plan", "-detailed-exitcode"]);
    expect(again.all).toContain("No changes.");
    expect(again.exitCode).toBe(0);

    // In place: the cron trigger's schedule may change without replacement.
    const before = await host.read("WorkerCronTrigger", SPACE, "api-tick", refOf("WorkerCronTrigger"));
    w.write("main.tf", header(host) + aggregate({ cron: "*/10 * * * *", domainName: "api-www" }));
    const update = await w.run(["apply", "-auto-approve"]);
    expect(update.all).toContain("Resources: 0 added, 1 changed, 0 destroyed.");
    const after = await host.read("WorkerCronTrigger", SPACE, "api-tick", refOf("WorkerCronTrigger"));
    expect(after.body.spec.cron).toBe("*/10 * * * *");
    expect(after.body.metadata.uid).toBe(before.body.metadata.uid);
    expect(BigInt(after.body.metadata.generation)).toBe(BigInt(before.body.metadata.generation) + 1n);

    // Replacement: a new name is a new resource.
    w.write("main.tf", header(host) + aggregate({ cron: "*/10 * * * *", domainName: "api-www2" }));
    const replace = await w.run(["apply", "-auto-approve"]);
    expect(replace.all).toContain("Resources: 1 added, 0 changed, 1 destroyed.");
    expect((await host.read("WorkerCustomDomain", SPACE, "api-www", refOf("WorkerCustomDomain"))).status).toBe(404);
    expect((await host.read("WorkerCustomDomain", SPACE, "api-www2", refOf("WorkerCustomDomain"))).status).toBe(200);
    expect((await w.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);

    // Relation drift: the dead-letter queue is deleted and re-created behind Terraform's back.
    const q = new URLSearchParams({ space: SPACE, definitionVersion: queueRef.definitionVersion, schemaDigest: queueRef.schemaDigest });
    const gone = await host.call("DELETE", `resources/edge.forms.takoform.com/v1beta1/AtLeastOnceQueue/outside-dead?${q.toString()}`, undefined, {
      "takoform-expected-generation": "1",
      "idempotency-key": "e2e-external-delete",
      "takoform-conformance-probe": "external-change",
    });
    expect(gone.status).toBe(204);
    await host.create("AtLeastOnceQueue", SPACE, "outside-dead", queueRef, { messageRetentionSeconds: 86400 });
    const drifted = await w.run(["plan", "-detailed-exitcode"]);
    expect(drifted.all).toContain("Warning: takoform_queue_consumer");
    expect(drifted.all).toContain("relation /deadLetterQueue drifted (ExternalChange)");
    expect(drifted.all).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    expect(drifted.exitCode).toBe(2);
    const repaired = await w.run(["apply", "-auto-approve"]);
    expect(repaired.all).toContain("Resources: 0 added, 1 changed, 0 destroyed.");
    const settled = await w.run(["plan", "-detailed-exitcode"]);
    expect(settled.all).not.toContain("Warning:");
    expect(settled.exitCode).toBe(0);

    // Refused at plan by the host's validate, at the cron attribute; nothing stored.
    w.write(
      "bad.tf",
      `
resource "takoform_worker_cron_trigger" "bad" {
  name   = "bad-tick"
  worker = takoform_module_worker.api.name
  cron   = "99 * * * *"
}
`,
    );
    const refused = await w.run(["apply", "-auto-approve"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.all).toMatch(/on bad\.tf line \d+, in resource "takoform_worker_cron_trigger" "bad":\s*\n\s*\d+:\s+cron\s+=/);
    expect(refused.all).toContain("/cron");
    expect((await host.read("WorkerCronTrigger", SPACE, "bad-tick", refOf("WorkerCronTrigger"))).status).toBe(404);
    rmSync(join(w.dir, "bad.tf"));

    const destroy = await w.run(["destroy", "-auto-approve"]);
    expect(destroy.all).toContain("Resources: 11 destroyed.");
    expect(destroy.exitCode).toBe(0);
    expect((await host.read("ModuleWorker", SPACE, "api", refOf("ModuleWorker"))).status).toBe(404);
  }, 600_000);

  it("imports an existing resource by SPACE/NAME and by NAME, then plans no changes", async () => {
    await host.create("EdgeKVNamespace", SPACE, "adopted", refOf("EdgeKVNamespace"), {});
    await host.create("AtLeastOnceQueue", SPACE, "adopted-queue", refOf("AtLeastOnceQueue"), { messageRetentionSeconds: 600 });
    const w = workdir({
      "main.tf":
        header(host) +
        `
resource "takoform_edge_kv_namespace" "adopted" { name = "adopted" }
resource "takoform_at_least_once_queue" "adopted" {
  name                      = "adopted-queue"
  message_retention_seconds = 600
}
`,
    });
    expect((await w.run(["init"])).exitCode).toBe(0);
    const byPair = await w.run(["import", "takoform_edge_kv_namespace.adopted", `${SPACE}/adopted`]);
    expect(byPair.all).toContain("Import successful!");
    const byName = await w.run(["import", "takoform_at_least_once_queue.adopted", "adopted-queue"]);
    expect(byName.all).toContain("Import successful!");
    const adopted = await stateValues(w, "takoform_edge_kv_namespace.adopted");
    expect(recordedStatus(adopted).form_ref).toMatch(new RegExp(`/EdgeKVNamespace@[^#]+#${refOf("EdgeKVNamespace").schemaDigest}$`));
    expect(adopted["space"]).toBe(SPACE);
    const plan = await w.run(["plan", "-detailed-exitcode"]);
    expect(plan.all).toContain("No changes.");
    expect(plan.exitCode).toBe(0);
    const missing = await w.run(["import", "takoform_edge_kv_namespace.adopted", `${SPACE}/nothing-here`]);
    expect(missing.exitCode).not.toBe(0);
  }, 300_000);
});
