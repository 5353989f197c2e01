// What an author reads when something is wrong, through the real terraform binary and a fresh host:
// - a wrong token says the host refused the credential and where a valid one comes from (not
//   "Cannot reach the Takoform host");
// - a cron of the wrong shape, or with a value out of range, gets the host's semantic message
//   (which field, what range), never the schema's 300-character regular expression;
// - a resource name of the wrong shape says what is wrong with it in words, at the name attribute.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTakoformProvider, providerConfig, TerraformWorkdir } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

describe("messages an author reads", () => {
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

  async function plan(token: string, resources: string): Promise<{ exitCode: number; all: string }> {
    const w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": providerConfig({ endpoint: host.url, token, space: "messages" }) + resources } });
    workdirs.push(w);
    expect((await w.run(["init"])).exitCode).toBe(0);
    return w.run(["plan"]);
  }

  it("a wrong token: the host refused the credential, and how to get a valid one", async () => {
    const r = await plan("not-a-token-of-this-host-0123456789", `resource "takoform_edge_kv_namespace" "k" { name = "k" }`);
    const text = r.all.replace(/\s+/g, " ");
    expect(r.exitCode).not.toBe(0);
    expect(text).toContain("Error: The Takoform host refused the credential");
    expect(text).toContain("answered 401 unauthenticated");
    expect(text).toContain("Use a token listed in the host's --credentials file");
    expect(text).toContain("development-credentials.json");
    expect(text).not.toContain("Cannot reach");
  }, 120_000);

  it("a cron of the wrong shape: the host's message, not the schema's expression", async () => {
    const r = await plan(
      TOKEN,
      `resource "takoform_worker_cron_trigger" "c" {
  name   = "c"
  worker = "w"
  cron   = "* * * *"
}`,
    );
    expect(r.exitCode).not.toBe(0);
    expect(r.all.replace(/\s+/g, " ")).toContain('/cron: "* * * *" must be five fields separated by single spaces');
    expect(r.all).not.toContain("must match pattern");
  }, 120_000);

  it("a cron value out of range: which field and what range", async () => {
    const r = await plan(
      TOKEN,
      `resource "takoform_worker_cron_trigger" "c" {
  name   = "c"
  worker = "w"
  cron   = "61 * * * *"
}`,
    );
    expect(r.exitCode).not.toBe(0);
    expect(r.all.replace(/\s+/g, " ")).toContain("minute value 61 is outside 0-59");
  }, 120_000);

  it("a resource name of the wrong shape: what is wrong with it, at the name attribute", async () => {
    const r = await plan(
      TOKEN,
      `resource "takoform_edge_kv_namespace" "sessions" {
  # the name the author got wrong
  name = "Shop Sessions"
}`,
    );
    expect(r.exitCode).not.toBe(0);
    const text = r.all.replace(/\s+/g, " ");
    expect(text).toContain(
      '/metadata/name: "Shop Sessions" is not a valid resource name: it contains "S": only lowercase letters a-z, digits and "-" are allowed',
    );
    // Terraform shows the line of the attribute the diagnostic names, not the resource's first line
    expect(r.all).toMatch(/on main\.tf line \d+, in resource "takoform_edge_kv_namespace" "sessions":\s*\n\s*\d+:\s+name = "Shop Sessions"/);
  }, 120_000);
});
