// State schema version 0 -> 1 (ADR 0240) through the real terraform binary: the provider of
// commit 3d82ac5 (the last one writing version 0: conditions and relations as lists of objects,
// form_ref as an object) applies one resource of every kind; today's provider then plans on that
// state with no changes, without a refresh (the upgrade alone) and with one (the upgrade equals
// what a read records), and its refresh-only apply records schema version 1 with the flat
// attributes. Last, the plan of a replaced WorkerVersion (issue 14: a replaced version printed
// about 60 lines of conditions/relations) carries none of the old nested lists, and a relation
// whose reference does not change is known at plan.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installProviderAt, type OldProvider } from "./helpers/old-provider.js";
import { installTakoformProvider, TerraformWorkdir, type TerraformResult } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";
import { BLOCKS, copyArtifacts, providerHeader, resourceBlocks } from "./reliability-helpers/every-kind.js";

/** The last commit of main whose provider writes state schema version 0. */
const VERSION_0_COMMIT = "3d82ac5";
const SPACE = "upgrade";

interface StateFile {
  resources: { type: string; name: string; instances: { schema_version: number; attributes: Record<string, unknown> }[] }[];
}

function planSummary(result: TerraformResult): string {
  return `exit ${result.exitCode}\n${result.stdout.split("\n").slice(0, 120).join("\n")}\n${result.stderr}`;
}

/** The lines of a plan's text that belong to one resource's block. */
function blockOf(plan: string, address: string): string[] {
  const lines = plan.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`  # ${address} `));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && /^\s{4}}$/.test(l));
  return lines.slice(start, end + 1);
}

describe("state written by the version 0 provider", () => {
  let host: HostProcess;
  let old: OldProvider;
  let installDir: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start();
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    old = await installProviderAt(VERSION_0_COMMIT);
  }, 300_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    old?.remove();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  it("upgrades to version 1 with an empty plan; a replaced version's plan has no nested status lists", async () => {
    const main = providerHeader(host.url, TOKEN, SPACE) + resourceBlocks();
    const v0 = TerraformWorkdir.create({ cliConfigFile: old.cliConfigFile, files: { "main.tf": main } });
    workdirs.push(v0);
    copyArtifacts(v0.dir);
    expect((await v0.run(["init"])).exitCode).toBe(0);
    const applied = await v0.run(["apply", "-auto-approve"], { timeoutMs: 300_000 });
    expect(applied.all, applied.all).toContain(`Apply complete! Resources: ${BLOCKS.length} added, 0 changed, 0 destroyed.`);
    // The host moves status after the apply (a worker turns Ready once a deployment serves it):
    // record that with the version 0 provider, so what follows sees only what the upgrade does.
    const settled = await v0.run(["apply", "-refresh-only", "-auto-approve"], { timeoutMs: 300_000 });
    expect(settled.exitCode, settled.all).toBe(0);
    const written = JSON.parse(v0.read("terraform.tfstate")) as StateFile;
    const instances = written.resources.flatMap((r) => r.instances);
    expect(instances).toHaveLength(BLOCKS.length);
    for (const i of instances) {
      expect(i.schema_version).toBe(0);
      expect(typeof i.attributes["form_ref"]).toBe("object");
      expect(Array.isArray(i.attributes["conditions"])).toBe(true);
    }

    // Today's provider on the same configuration and state (a new directory: its own mirror, lock file and plugin cache).
    const { cliConfigFile } = await installTakoformProvider(installDir);
    const w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": main, "terraform.tfstate": v0.read("terraform.tfstate") } });
    workdirs.push(w);
    copyArtifacts(w.dir);
    expect((await w.run(["init"])).exitCode).toBe(0);

    const upgradedOnly = await w.run(["plan", "-refresh=false", "-detailed-exitcode"], { timeoutMs: 300_000 });
    expect(upgradedOnly.exitCode, planSummary(upgradedOnly)).toBe(0);
    const refreshed = await w.run(["plan", "-detailed-exitcode"], { timeoutMs: 300_000 });
    expect(refreshed.exitCode, planSummary(refreshed)).toBe(0);
    expect(refreshed.stdout).toContain("No changes.");
    // The upgraded state equals what a read records: a refresh-only apply finds nothing changed.
    const recorded = await w.run(["apply", "-refresh-only", "-auto-approve"], { timeoutMs: 300_000 });
    expect(recorded.exitCode, recorded.all).toBe(0);
    expect(recorded.stdout, recorded.stdout).not.toMatch(/has changed$/m);

    const upgraded = JSON.parse(w.read("terraform.tfstate")) as StateFile;
    for (const r of upgraded.resources) {
      for (const i of r.instances) {
        const at = `${r.type}.${r.name}`;
        expect(i.schema_version, at).toBe(1);
        expect(i.attributes["form_ref"], at).toMatch(/^edge\.forms\.takoform\.com\/v1beta1\/[A-Za-z]+@[^#]+#sha256:[0-9a-f]{64}$/);
        expect(i.attributes).not.toHaveProperty("conditions");
        expect(i.attributes).not.toHaveProperty("relations");
        const conditions = JSON.parse(i.attributes["conditions_json"] as string) as { type: string; status: string; reason?: string }[];
        const ready = conditions.find((c) => c.type === "Ready");
        expect(ready, at).toBeDefined();
        expect(i.attributes["ready"], at).toBe(ready!.status === "True");
        expect(i.attributes["ready_reason"], at).toBe(ready!.reason ?? null);
        expect(Array.isArray(JSON.parse(i.attributes["relations_json"] as string)), at).toBe(true);
      }
    }
    const version = upgraded.resources.find((r) => r.type === "takoform_worker_version" && r.name === "peer")!.instances[0]!.attributes;
    expect(JSON.parse(version["relations_json"] as string)).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: "/worker", target_kind: "ModuleWorker", target_name: "ps-peer" })]),
    );

    // A changed WorkerVersion is replaced (every desired field of a revision replaces): its plan
    // names the one-line computed values, never a list of condition or relation objects.
    w.write("main.tf", main.replace('handlers = ["fetch"]', 'handlers = ["fetch", "scheduled"]'));
    const replaced = await w.run(["plan", "-out", "replace.plan"], { timeoutMs: 300_000 });
    expect(replaced.exitCode, planSummary(replaced)).toBe(0);
    const block = blockOf(replaced.stdout, "takoform_worker_version.peer");
    expect(block[0], replaced.stdout).toMatch(/must be replaced/);
    const text = block.join("\n");
    expect(text).not.toMatch(/\b(conditions|relations|last_transition_time|target_api_version|pointer)\b\s*=/);
    expect(text).toMatch(/conditions_json\s+= " \[\{.*\}\]" -> \(known after apply\)$/m); // one line
    expect(block.length, text).toBeLessThan(25);
    // What does not move with a replacement is planned known: the ref, the space, the relations.
    const shown = JSON.parse((await w.run(["show", "-json", "replace.plan"])).stdout) as {
      resource_changes: { address: string; change: { actions: string[]; after: Record<string, unknown>; after_unknown: Record<string, unknown> } }[];
    };
    const change = shown.resource_changes.find((c) => c.address === "takoform_worker_version.peer")!.change;
    expect(change.actions).toContain("create");
    for (const known of ["form_ref", "relations_json", "space"]) expect(change.after_unknown[known], known).toBeUndefined();
    expect(change.after["relations_json"]).toBe(version["relations_json"]);
    expect(change.after["form_ref"]).toBe(version["form_ref"]);
    expect(change.after["space"]).toBe(SPACE);
    for (const moving of ["uid", "generation", "conditions_json", "ready", "ready_reason"]) expect(change.after_unknown[moving], moving).toBe(true);
    console.log(`[state-upgrade] resources=${instances.length} replacedVersionPlanLines=${block.length}`);
  }, 900_000);
});
