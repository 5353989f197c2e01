// Resource identity through the real terraform binary.
// Import by native id (ADR 0133): an import
// block "SPACE/NAME#NATIVE_ID" for a backend object the host has no resource
// for yet, and `terraform import SPACE/NAME#NATIVE_ID` of a resource the host
// already holds. Import itself sends nothing; the apply claims the native id
// through the host's import route, and the next plan is empty. That the claim
// was recorded is observable only by what it forbids: a second adoption of the
// same native id, even under another kind, fails import_conflict at apply and
// stores nothing. Also: dispatch on the recorded exact ref across ModuleWorker
// 0.1.0 and 0.2.0 (import, plan, destroy under the ref each was stored under).
// And a resource deleted and re-created behind Terraform's back (another uid)
// is an error at refresh that keeps the resource in state.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { installTakoformProvider, providerConfig, recordedStatus, TerraformWorkdir } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

const SPACE = "imp";

function refOf(kind: string): { definitionVersion: string; schemaDigest: string } {
  return providerModel.resources.find((r) => r.kind === kind)!.defaultRef;
}

async function stateValues(w: TerraformWorkdir, address: string): Promise<Record<string, unknown> | undefined> {
  const shown = await w.run(["show", "-json"]);
  const doc = JSON.parse(shown.stdout) as { values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } } };
  return doc.values?.root_module?.resources?.find((r) => r.address === address)?.values;
}

describe("takoform provider: import by native id", () => {
  let host: HostProcess;
  let installDir: string;
  let cliConfigFile: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start([]);
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    cliConfigFile = (await installTakoformProvider(installDir)).cliConfigFile;
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
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

  it("adopts a backend object named by an import block, then plans empty; the claim refuses a second holder", async () => {
    const w = await workdir(`
import {
  to = takoform_edge_kv_namespace.native
  id = "${SPACE}/native-kv#kv-native-0001"
}
resource "takoform_edge_kv_namespace" "native" { name = "native-kv" }
`);
    const plan = await w.run(["plan", "-detailed-exitcode"]);
    expect(plan.all).toContain("Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.");
    expect(plan.exitCode).toBe(2);
    expect((await host.read("EdgeKVNamespace", SPACE, "native-kv", refOf("EdgeKVNamespace"))).status).toBe(404);

    const apply = await w.run(["apply", "-auto-approve"]);
    expect(apply.all).toContain("Apply complete! Resources: 1 imported, 0 added, 1 changed, 0 destroyed.");
    const stored = await host.read("EdgeKVNamespace", SPACE, "native-kv", refOf("EdgeKVNamespace"));
    expect(stored.status).toBe(200);
    const state = await stateValues(w, "takoform_edge_kv_namespace.native");
    expect(state?.["uid"]).toBe(stored.body.metadata.uid);
    expect(recordedStatus(state).form_ref).toMatch(new RegExp(`/EdgeKVNamespace@[^#]+#${refOf("EdgeKVNamespace").schemaDigest}$`));
    const again = await w.run(["plan", "-detailed-exitcode"]);
    expect(again.all).toContain("No changes.");
    expect(again.exitCode).toBe(0);

    // The claim spans kinds within the tenant: a queue adopting the same native id is refused.
    const other = await workdir(`resource "takoform_at_least_once_queue" "other" {
  name                      = "other-queue"
  message_retention_seconds = 600
}
`);
    const imported = await other.run(["import", "takoform_at_least_once_queue.other", `${SPACE}/other-queue#kv-native-0001`]);
    expect(imported.all).toContain("Import successful!");
    const refused = await other.run(["apply", "-auto-approve"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.all).toContain('Cannot import AtLeastOnceQueue "other-queue": import_conflict');
    expect(refused.all).toContain('nativeId "kv-native-0001"');
    expect(refused.all).toContain("The native id is already claimed");
    expect((await host.read("AtLeastOnceQueue", SPACE, "other-queue", refOf("AtLeastOnceQueue"))).status).toBe(404);
  }, 300_000);

  it("records a native id on a resource the host already holds (terraform import), keeping its uid", async () => {
    const created = await host.create("EdgeKVNamespace", SPACE, "existing-kv", refOf("EdgeKVNamespace"), {});
    const uid = created.resource?.metadata?.uid ?? created.metadata?.uid;
    expect(typeof uid).toBe("string");
    const w = await workdir(`resource "takoform_edge_kv_namespace" "existing" { name = "existing-kv" }`);
    const imported = await w.run(["import", "takoform_edge_kv_namespace.existing", `${SPACE}/existing-kv#kv-native-0002`]);
    expect(imported.all).toContain("Import successful!");
    expect((await stateValues(w, "takoform_edge_kv_namespace.existing"))?.["uid"]).toBe(uid);
    const plan = await w.run(["plan", "-detailed-exitcode"]);
    expect(plan.all).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    const apply = await w.run(["apply", "-auto-approve"]);
    expect(apply.all).toContain("Apply complete! Resources: 0 added, 1 changed, 0 destroyed.");
    expect((await stateValues(w, "takoform_edge_kv_namespace.existing"))?.["uid"]).toBe(uid);
    expect((await w.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);
    // Claimed now: the same native id cannot be adopted under another name.
    const second = await workdir(`resource "takoform_edge_kv_namespace" "dup" { name = "dup-kv" }`);
    expect((await second.run(["import", "takoform_edge_kv_namespace.dup", `${SPACE}/dup-kv#kv-native-0002`])).all).toContain("Import successful!");
    const refused = await second.run(["apply", "-auto-approve"]);
    expect(refused.all).toContain("import_conflict");
    expect((await host.read("EdgeKVNamespace", SPACE, "dup-kv", refOf("EdgeKVNamespace"))).status).toBe(404);
  }, 300_000);
  it("dispatches on the recorded ref: a ModuleWorker stored under 0.2.0 is imported, planned and destroyed as 0.2.0 beside a new one under the default", async () => {
    const mw = providerModel.resources.find((r) => r.kind === "ModuleWorker")!;
    const v020 = mw.supportedRefs.find((r) => r.definitionVersion === "0.2.0")!;
    expect(mw.defaultRef.definitionVersion).not.toBe("0.2.0");
    await host.create("ModuleWorker", SPACE, "older", v020, {});
    const w = await workdir(`
resource "takoform_module_worker" "older" { name = "older" }
resource "takoform_module_worker" "newer" { name = "newer" }
`);
    expect((await w.run(["import", "takoform_module_worker.older", `${SPACE}/older`])).all).toContain("Import successful!");
    const apply = await w.run(["apply", "-auto-approve"]);
    expect(apply.all).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
    const refOfState = async (address: string) => /@([^#]+)#/.exec(recordedStatus(await stateValues(w, address)).form_ref)?.[1];
    expect(await refOfState("takoform_module_worker.older")).toBe("0.2.0");
    expect(await refOfState("takoform_module_worker.newer")).toBe(mw.defaultRef.definitionVersion);
    // The host answers each only under its own exact ref.
    expect((await host.read("ModuleWorker", SPACE, "older", v020)).status).toBe(200);
    expect((await host.read("ModuleWorker", SPACE, "older", mw.defaultRef)).status).toBe(404);
    expect((await host.read("ModuleWorker", SPACE, "newer", mw.defaultRef)).status).toBe(200);
    expect((await w.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);
    const destroyed = await w.run(["destroy", "-auto-approve"]);
    expect(destroyed.all).toContain("Destroy complete! Resources: 2 destroyed.");
    expect((await host.read("ModuleWorker", SPACE, "older", v020)).status).toBe(404);
  }, 300_000);
  it("refuses to refresh another incarnation under the same name, keeping the resource in state", async () => {
    const w = await workdir(`resource "takoform_edge_kv_namespace" "cache" { name = "cache-kv" }`);
    expect((await w.run(["apply", "-auto-approve"])).exitCode).toBe(0);
    const first = (await stateValues(w, "takoform_edge_kv_namespace.cache"))?.["uid"];
    const ref = refOf("EdgeKVNamespace");
    const q = new URLSearchParams({ space: SPACE, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest });
    const gone = await host.call("DELETE", `resources/edge.forms.takoform.com/v1beta1/EdgeKVNamespace/cache-kv?${q.toString()}`, undefined, {
      "takoform-expected-generation": "1",
      "idempotency-key": "e2e-behind-terraform",
    });
    expect(gone.status).toBe(204);
    await host.create("EdgeKVNamespace", SPACE, "cache-kv", ref, {});
    const second = (await host.read("EdgeKVNamespace", SPACE, "cache-kv", ref)).body.metadata.uid;
    expect(second).not.toBe(first);
    const plan = await w.run(["plan"]);
    expect(plan.exitCode).toBe(1);
    expect(plan.all).toContain('EdgeKVNamespace "cache-kv" is another incarnation');
    const text = plan.all.replace(/\s+/g, " "); // terraform wraps diagnostic text
    expect(text).toContain(`uid ${first as string}): the host now holds uid ${second as string}`);
    expect(text).toContain("terraform state rm");
    expect((await stateValues(w, "takoform_edge_kv_namespace.cache"))?.["uid"]).toBe(first);
  }, 300_000);
});
