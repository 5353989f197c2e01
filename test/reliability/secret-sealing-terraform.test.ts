// White-box: besides driving terraform, it opens the sealed row in the store to prove the value is
// there encrypted and nowhere else; so it lives with the reliability tests, which may read internals.
// takoform_secret end to end with real terraform 1.11 (ADR 0200): the value is a WRITE-ONLY
// attribute, so it reaches the host (sealed there) and a version requiring it becomes Ready, while
// neither the plan (terraform show -json of a saved plan) nor terraform.tfstate ever holds it.
// Bumping value_version sends a new value; destroy removes it from the host.

import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { SecretBox } from "../../host/secrets/seal.js";
import { secretKey } from "../../host/store/keys.js";
import { admittedScope } from "../../host/store/scope.js";
import { installTakoformProvider, providerConfig, repoRoot, TerraformWorkdir } from "../e2e/helpers/terraform.js";
import { HostProcess, TOKEN } from "../e2e/provider-host/host.js";

const SPACE = "e2e-secret";
const refOf = (kind: string) => providerModel.resources.find((r) => r.kind === kind)!.defaultRef;

const CONFIG = `
variable "api_token" {
  type      = string
  sensitive = true
  ephemeral = true # Terraform 1.10+: the input is not recorded in a saved plan either
}
variable "token_version" { type = number }
resource "takoform_module_worker" "api" { name = "api" }
resource "takoform_worker_bundle" "api" {
  name       = "api-bundle"
  source_dir = "\${path.module}/bundle"
}
resource "takoform_secret" "api_token" {
  worker        = takoform_module_worker.api.name
  name          = "API_TOKEN"
  value         = var.api_token
  value_version = var.token_version
}
resource "takoform_worker_version" "v1" {
  name                    = "api-v1"
  worker                  = takoform_module_worker.api.name
  bundle                  = takoform_worker_bundle.api.name
  handlers                = ["fetch"]
  required_sensitive_vars = ["API_TOKEN"]
  depends_on              = [takoform_secret.api_token]
}
resource "takoform_worker_deployment" "live" {
  name     = "api-live"
  worker   = takoform_module_worker.api.name
  versions = [{ worker_version = takoform_worker_version.v1.name, weight = 10000 }]
}
`;

/** Every file of the work directory (state, backups, saved plans) whose bytes hold `value`. */
function filesHolding(dir: string, value: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name))
    .filter((file) => readFileSync(file).includes(Buffer.from(value)));
}

describe("takoform_secret (write-only value, terraform 1.11)", () => {
  let host: HostProcess;
  let installDir: string;
  let w: TerraformWorkdir;

  beforeAll(async () => {
    host = await HostProcess.start();
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    const { cliConfigFile } = await installTakoformProvider(installDir);
    w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": providerConfig({ endpoint: host.url, token: TOKEN, space: SPACE }) + CONFIG } });
    mkdirSync(join(w.dir, "bundle"));
    copyFileSync(join(repoRoot, "corpus", "artifacts", "worker-bundles", "fetch-only", "fetch-only.js"), join(w.dir, "bundle", "index.js"));
  }, 120_000);

  afterAll(async () => {
    w?.cleanup();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  /** The plaintext the host holds for API_TOKEN, unsealed from its store with its data dir's key. */
  function heldValue(): string | undefined {
    const dataDir = join(host.dir, "data");
    const db = new Database(join(dataDir, "store.sqlite"), { readonly: true, fileMustExist: true });
    try {
      const key = secretKey(admittedScope({ tenant: "e2e", principal: "test" }), SPACE, "api", "API_TOKEN");
      const row = db.prepare<[string], { value: string }>("SELECT value FROM entries WHERE key = ?").get(key);
      if (row === undefined) return undefined;
      return SecretBox.forDataDir(dataDir).unseal({ tenant: "e2e", space: SPACE, worker: "api", name: "API_TOKEN" }, JSON.parse(row.value).sealed);
    } finally {
      db.close();
    }
  }

  it("applies the value to the host without it entering plan or state; a version requiring it is Ready", async () => {
    const first = `first-${randomUUID()}`;
    const vars = { TF_VAR_api_token: first, TF_VAR_token_version: "1" };
    expect((await w.run(["init"])).exitCode).toBe(0);
    const plan = await w.run(["plan", "-out=create.tfplan"], { env: vars });
    expect(plan.exitCode, plan.all).toBe(0);
    const planJson = await w.run(["show", "-json", "create.tfplan"]);
    expect(planJson.exitCode).toBe(0);
    expect(planJson.stdout).toContain("takoform_secret.api_token");
    expect(planJson.stdout).not.toContain(first);

    const apply = await w.run(["apply", "-auto-approve"], { env: vars });
    expect(apply.exitCode, apply.all).toBe(0);
    expect(apply.all).toContain("Apply complete! Resources: 5 added");
    expect(apply.all + plan.all).not.toContain(first);
    expect(heldValue()).toBe(first);
    const version = await host.read("WorkerVersion", SPACE, "api-v1", refOf("WorkerVersion"));
    expect(version.body.status.conditions[0]).toMatchObject({ type: "Ready", status: "True" });
    expect(filesHolding(w.dir, first)).toEqual([]);
    const shown = JSON.parse((await w.run(["show", "-json"])).stdout);
    const secret = shown.values.root_module.resources.find((r: { address: string }) => r.address === "takoform_secret.api_token");
    expect(secret.values).toMatchObject({ id: `${SPACE}/api/API_TOKEN`, space: SPACE, worker: "api", name: "API_TOKEN", value: null, value_version: 1 });

    const again = await w.run(["plan", "-detailed-exitcode"], { env: vars });
    expect(again.all).toContain("No changes.");
  }, 240_000);

  it("bumping value_version sends the new value; state and plan still never hold it; destroy removes it", async () => {
    const second = `second-${randomUUID()}`;
    const vars = { TF_VAR_api_token: second, TF_VAR_token_version: "2" };
    const plan = await w.run(["plan", "-out=update.tfplan"], { env: vars });
    expect(plan.all).toContain("1 to change");
    expect((await w.run(["show", "-json", "update.tfplan"])).stdout).not.toContain(second);
    const apply = await w.run(["apply", "-auto-approve"], { env: vars });
    expect(apply.exitCode, apply.all).toBe(0);
    expect(apply.all).toContain("0 added, 1 changed, 0 destroyed");
    expect(heldValue()).toBe(second);
    expect(filesHolding(w.dir, second)).toEqual([]);

    const destroy = await w.run(["destroy", "-auto-approve"], { env: vars });
    expect(destroy.exitCode, destroy.all).toBe(0);
    expect(heldValue()).toBeUndefined();
    const listed = await fetch(`${host.url}/x-takoform/v1/spaces/${SPACE}/workers/api/secrets`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await listed.json()).toEqual({ secrets: [] });
  }, 240_000);
});
