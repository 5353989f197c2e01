// Plan-time host capability through the real terraform binary (reference
// decision 0031): a host started with a narrower installed set (no ObjectBucket
// Form, no module-worker.object-bucket Binding, no edge.objects Interface:
// --no-builtin-forms --forms DIR) publishes support profiles that say so, and
// the provider refuses at PLAN what this host cannot carry, at the attribute it
// is about: a resource type whose exact FormRef the host does not install, and
// a WorkerVersion using the bucket binding contract. The same configuration
// without the bucket binding plans cleanly against the same host, and nothing
// is stored by a refused plan.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { installTakoformProvider, providerConfig, repoRoot, TerraformWorkdir } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

const SPACE = "narrow";
const LEFT_OUT = new Set(["object-bucket", "module-worker.object-bucket", "edge.objects"]);

/** The corpus's Forms, Bindings and Interfaces below `dir`, without the ones LEFT_OUT. */
function narrowCorpus(dir: string): void {
  for (const section of ["forms/edge/v1beta1", "bindings/v1alpha1", "interfaces/v1alpha1"]) {
    const from = join(repoRoot, "corpus", section);
    for (const entry of readdirSync(from)) {
      if (LEFT_OUT.has(entry)) continue;
      mkdirSync(join(dir, section), { recursive: true });
      cpSync(join(from, entry), join(dir, section, entry), { recursive: true });
    }
  }
}

describe("takoform provider against a host that supports less (plan-time capability)", () => {
  let host: HostProcess;
  let formsDir: string;
  let installDir: string;
  let cliConfigFile: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    formsDir = mkdtempSync(join(tmpdir(), "takoform-e2e-narrow-"));
    narrowCorpus(formsDir);
    host = await HostProcess.start(["--no-builtin-forms", "--forms", formsDir]);
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    cliConfigFile = (await installTakoformProvider(installDir)).cliConfigFile;
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    for (const d of [installDir, formsDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  async function workdir(resources: string): Promise<TerraformWorkdir> {
    const w = TerraformWorkdir.create({
      cliConfigFile,
      files: {
        "main.tf": providerConfig({ endpoint: host.url, token: TOKEN, space: SPACE }) + resources,
      },
    });
    workdirs.push(w);
    expect((await w.run(["init"])).exitCode).toBe(0);
    return w;
  }

  const worker = (bucketBinding: boolean) => `
resource "takoform_module_worker" "api" { name = "api" }
resource "takoform_edge_kv_namespace" "cache" { name = "cache" }
resource "takoform_worker_version" "v1" {
  name        = "api-v1"
  worker      = takoform_module_worker.api.name
  bundle      = "api-bundle"
  handlers    = ["fetch"]
  kv_bindings = [{ name = "CACHE", resource = takoform_edge_kv_namespace.cache.name }]
${bucketBinding ? `  bucket_bindings = [{ name = "FILES", resource = "files" }]\n` : ""}}
`;

  it("refuses at plan a resource type whose exact FormRef the host does not install", async () => {
    const ref = providerModel.resources.find((r) => r.kind === "ObjectBucket")!.defaultRef;
    const w = await workdir(`resource "takoform_object_bucket" "files" { name = "files" }`);
    const plan = await w.run(["plan"]);
    expect(plan.exitCode).toBe(1);
    expect(plan.all).toContain(`The host does not support ObjectBucket ${ref.definitionVersion}`);
    expect(plan.all).toContain("form_unknown (HTTP 404)");
    expect(plan.all).toContain('takoform_object_bucket "narrow/files"');
    expect(plan.all).toContain("sent nothing (plan-time capability check");
    expect((await host.read("ObjectBucket", SPACE, "files", ref)).status).toBe(404);
  }, 300_000);

  it("refuses at plan a binding contract the host does not implement, at the attribute using it", async () => {
    const w = await workdir(worker(true));
    const plan = await w.run(["plan"]);
    expect(plan.exitCode).toBe(1);
    expect(plan.all).toContain("This host does not implement the binding contract module-worker.object-bucket@1.0.0");
    expect(plan.all).toContain("resource_not_found (HTTP 404)");
    // Terraform quotes the configuration line of the attribute the diagnostic names.
    expect(plan.all).toMatch(/bucket_bindings = \[\{ name = "FILES"/);
    const apply = await w.run(["apply", "-auto-approve"]);
    expect(apply.exitCode).toBe(1);
    const mw = providerModel.resources.find((r) => r.kind === "ModuleWorker")!.defaultRef;
    expect((await host.read("ModuleWorker", SPACE, "api", mw)).status).toBe(404);
  }, 300_000);

  it("plans the same aggregate cleanly on this host once it uses only what the host implements", async () => {
    const w = await workdir(worker(false));
    const plan = await w.run(["plan", "-detailed-exitcode"]);
    expect(plan.all).toContain("Plan: 3 to add, 0 to change, 0 to destroy.");
    expect(plan.exitCode).toBe(2);
    expect(plan.all).not.toContain("Warning");
  }, 300_000);
});
