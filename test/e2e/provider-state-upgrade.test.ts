// State schema versions 0 and 1 -> 2 (ADR 0240, ADR 0286) through the real terraform binary: the
// provider of an earlier commit (3d82ac5, the last one writing version 0: conditions and relations
// as lists of objects, form_ref as an object; f689f54, the last one writing version 1: form_ref,
// generation, revision, ready_reason, ready_message, conditions_json and relations_json as flat
// attributes) applies one resource of every kind; today's provider then plans on that state with
// no changes, without a refresh (the upgrade alone) and with one (the upgrade equals what a read
// records), and its refresh-only apply records schema version 2 with status_json. Last, the plan of
// a replaced WorkerVersion (issue 14: a replaced version printed about 60 lines of
// conditions/relations) prints the status on one line.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installProviderAt, type OldProvider } from "./helpers/old-provider.js";
import { installTakoformProvider, TerraformWorkdir, type TerraformResult } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";
import { BLOCKS, copyArtifacts, providerHeader, resourceBlocks } from "./reliability-helpers/every-kind.js";

/** The last commit of main whose provider writes each earlier state schema version. */
const OLD_PROVIDERS = [
  { version: 0, commit: "3d82ac5" },
  { version: 1, commit: "f689f54" },
] as const;
/** Attributes of versions 0 and 1 that version 2 holds in status_json. */
const FOLDED = ["form_ref", "generation", "revision", "conditions", "relations", "ready_reason", "ready_message", "conditions_json", "relations_json"];

interface StateFile {
  resources: { type: string; name: string; instances: { schema_version: number; attributes: Record<string, unknown> }[] }[];
}

interface Status {
  form_ref: string;
  generation: string;
  revision: string;
  ready_reason: string | null;
  ready_message: string | null;
  conditions: { type: string; status: string; reason?: string; message?: string }[];
  relations: { pointer: string; relation: string; target_api_version: string; target_kind: string; target_name: string }[];
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

describe.each(OLD_PROVIDERS)("state written by the version $version provider ($commit)", ({ version, commit }) => {
  const SPACE = `upgrade-v${version}`;
  let host: HostProcess;
  let old: OldProvider;
  let installDir: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start();
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    old = await installProviderAt(commit);
  }, 300_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    old?.remove();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  it("upgrades to version 2 with an empty plan; a replaced version's plan prints its status on one line", async () => {
    const main = providerHeader(host.url, TOKEN, SPACE) + resourceBlocks();
    const before = TerraformWorkdir.create({ cliConfigFile: old.cliConfigFile, files: { "main.tf": main } });
    workdirs.push(before);
    copyArtifacts(before.dir);
    expect((await before.run(["init"])).exitCode).toBe(0);
    const applied = await before.run(["apply", "-auto-approve"], { timeoutMs: 300_000 });
    expect(applied.all, applied.all).toContain(`Apply complete! Resources: ${BLOCKS.length} added, 0 changed, 0 destroyed.`);
    // The host moves status after the apply (a worker turns Ready once a deployment serves it):
    // record that with the old provider, so what follows sees only what the upgrade does.
    const settled = await before.run(["apply", "-refresh-only", "-auto-approve"], { timeoutMs: 300_000 });
    expect(settled.exitCode, settled.all).toBe(0);
    const written = JSON.parse(before.read("terraform.tfstate")) as StateFile;
    const instances = written.resources.flatMap((r) => r.instances);
    expect(instances).toHaveLength(BLOCKS.length);
    for (const i of instances) {
      expect(i.schema_version).toBe(version);
      if (version === 0) {
        expect(typeof i.attributes["form_ref"]).toBe("object");
        expect(Array.isArray(i.attributes["conditions"])).toBe(true);
      } else {
        expect(typeof i.attributes["form_ref"]).toBe("string");
        expect(typeof i.attributes["conditions_json"]).toBe("string");
      }
    }

    // Today's provider on the same configuration and state (a new directory: its own mirror, lock file and plugin cache).
    const { cliConfigFile } = await installTakoformProvider(installDir);
    const w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": main, "terraform.tfstate": before.read("terraform.tfstate") } });
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
    const oldAttributes = new Map(written.resources.map((r) => [`${r.type}.${r.name}`, r.instances[0]!.attributes]));
    for (const r of upgraded.resources) {
      for (const i of r.instances) {
        const at = `${r.type}.${r.name}`;
        expect(i.schema_version, at).toBe(2);
        for (const gone of FOLDED) expect(i.attributes, at).not.toHaveProperty(gone);
        const text = i.attributes["status_json"] as string;
        expect(text.startsWith(" {"), at).toBe(true);
        const status = JSON.parse(text) as Status;
        expect(status.form_ref, at).toMatch(/^edge\.forms\.takoform\.com\/v1beta1\/[A-Za-z]+@[^#]+#sha256:[0-9a-f]{64}$/);
        const ready = status.conditions.find((c) => c.type === "Ready");
        expect(ready, at).toBeDefined();
        expect(i.attributes["ready"], at).toBe(ready!.status === "True");
        expect(status.ready_reason, at).toBe(ready!.reason ?? null);
        expect(Array.isArray(status.relations), at).toBe(true);
        // The facts are the old state's, moved: same identity, generation, revision and ref.
        const prior = oldAttributes.get(at)!;
        expect(i.attributes["uid"], at).toBe(prior["uid"]);
        expect(status.generation, at).toBe(prior["generation"]);
        expect(status.revision, at).toBe(prior["revision"]);
        if (version === 1) expect(status.form_ref, at).toBe(prior["form_ref"]);
        else expect(status.form_ref, at).toContain(`#${(prior["form_ref"] as { schema_digest: string }).schema_digest}`);
      }
    }
    const peer = upgraded.resources.find((r) => r.type === "takoform_worker_version" && r.name === "peer")!.instances[0]!.attributes;
    expect((JSON.parse(peer["status_json"] as string) as Status).relations).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: "/worker", target_kind: "ModuleWorker", target_name: "ps-peer" })]),
    );

    // A changed WorkerVersion is replaced (every desired field of a revision replaces): its plan
    // prints the status on one line, never a list of condition or relation objects.
    w.write("main.tf", main.replace('handlers = ["fetch"]', 'handlers = ["fetch", "scheduled"]'));
    const replaced = await w.run(["plan", "-out", "replace.plan"], { timeoutMs: 300_000 });
    expect(replaced.exitCode, planSummary(replaced)).toBe(0);
    const block = blockOf(replaced.stdout, "takoform_worker_version.peer");
    expect(block[0], replaced.stdout).toMatch(/must be replaced/);
    const text = block.join("\n");
    expect(text).not.toMatch(/\b(conditions|relations|last_transition_time|target_api_version|pointer)\b\s*=/);
    expect(text).toMatch(/status_json\s+= " \{.*\}" -> \(known after apply\)$/m); // one line
    expect(block.length, text).toBeLessThan(20);
    const shown = JSON.parse((await w.run(["show", "-json", "replace.plan"])).stdout) as {
      resource_changes: { address: string; change: { actions: string[]; after: Record<string, unknown>; after_unknown: Record<string, unknown> } }[];
    };
    const change = shown.resource_changes.find((c) => c.address === "takoform_worker_version.peer")!.change;
    expect(change.actions).toContain("create");
    expect(change.after_unknown["space"]).toBeUndefined();
    expect(change.after["space"]).toBe(SPACE);
    for (const moving of ["uid", "status_json", "ready"]) expect(change.after_unknown[moving], moving).toBe(true);
    console.log(`[state-upgrade v${version}] resources=${instances.length} replacedVersionPlanLines=${block.length}`);
  }, 900_000);
});
