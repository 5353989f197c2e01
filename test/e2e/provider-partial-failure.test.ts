// Provider partial failure (issue 10): terraform is killed with SIGKILL after the host committed
// its creates and before terraform could write state. A proxy between provider and host forwards
// each resource apply to the host and holds the host's answer back, so the commits are certain
// and terraform never learns of them; once every create is committed and held, terraform and its
// provider process are SIGKILLed. The next `terraform apply` (proxy now passing answers through)
// must converge: no "already exists" error, each resource recorded in state with the uid the host
// committed before the kill, generation 1 (nothing created twice, nothing replaced), and exactly
// the configured resources on the host. A second case loses the answers in transit instead (a
// gateway timeout after the commit): the provider's retry carries the same Idempotency-Key and the
// host replays its answer, within the same run.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { installTakoformProvider, recordedStatus, TerraformWorkdir } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";
import { providerHeader } from "./reliability-helpers/every-kind.js";
import { HoldingProxy } from "./reliability-helpers/holding-proxy.js";

const SPACE = "partial";
const RESOURCES = [
  { type: "takoform_edge_kv_namespace", label: "cache", kind: "EdgeKVNamespace", name: "pf-cache", body: "" },
  { type: "takoform_at_least_once_queue", label: "jobs", kind: "AtLeastOnceQueue", name: "pf-jobs", body: "message_retention_seconds = 600" },
  { type: "takoform_module_worker", label: "api", kind: "ModuleWorker", name: "pf-api", body: "" },
  { type: "takoform_object_bucket", label: "files", kind: "ObjectBucket", name: "pf-files", body: "" },
];

function refOf(kind: string): { definitionVersion: string; schemaDigest: string } {
  const model = providerModel.resources.find((r) => r.kind === kind);
  if (!model) throw new Error(`the provider serves no ${kind}`);
  return model.defaultRef;
}

function figures(label: string, values: Record<string, unknown>): void {
  console.log(
    `[reliability:provider-partial-failure] ${label}: ${Object.entries(values)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(" ")}`,
  );
}

/** Resources terraform recorded (an absent or empty state file, as a killed run leaves it, records none). */
function stateResources(w: TerraformWorkdir): { type: string; instances: { attributes: Record<string, unknown> }[] }[] {
  const file = join(w.dir, "terraform.tfstate");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (text.trim() === "") return [];
  return (JSON.parse(text) as { resources?: [] }).resources ?? [];
}

describe("terraform killed between the host's commit and terraform's state write", () => {
  let host: HostProcess;
  let proxy: HoldingProxy;
  let installDir: string;
  let w: TerraformWorkdir | undefined;

  beforeAll(async () => {
    host = await HostProcess.start();
    proxy = await HoldingProxy.start(host.url);
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
  }, 120_000);

  afterAll(async () => {
    w?.cleanup();
    await proxy?.stop();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  it("the next apply converges by idempotent replay or adoption: no 'already exists', no duplicate", async () => {
    const { cliConfigFile } = await installTakoformProvider(installDir);
    const config = RESOURCES.map((r) => `resource "${r.type}" "${r.label}" {\n  name = "${r.name}"\n  ${r.body}\n}\n`).join("\n");
    // The providers killed below cannot remove their socket folders: TMPDIR puts them in a folder of this test's.
    w = TerraformWorkdir.create({ cliConfigFile, env: { TMPDIR: installDir }, files: { "main.tf": providerHeader(proxy.url, TOKEN, SPACE) + config } });
    expect((await w.run(["init"])).exitCode).toBe(0);

    // Every create reaches the host and commits; no answer reaches terraform.
    const running = w.start(["apply", "-auto-approve"]);
    const held = await proxy.heldCount(RESOURCES.length);
    const providers = w.survivors(running.pid);
    running.kill("SIGKILL");
    await running;
    for (const p of w.survivors()) process.kill(p.pid, "SIGKILL");
    expect(held.map((a) => a.status)).toEqual(RESOURCES.map(() => 201));
    const committed = new Map<string, string>();
    for (const r of RESOURCES) {
      const stored = await host.read(r.kind, SPACE, r.name, refOf(r.kind));
      expect(stored.status, `${r.kind} ${r.name} committed before the kill`).toBe(200);
      const answer = held.find((a) => a.path.includes(`/${r.kind}/${r.name}`));
      expect(answer, `${r.name} was applied`).toBeDefined();
      expect(stored.body.metadata.uid).toBe(JSON.parse(answer!.body).metadata.uid);
      committed.set(r.name, stored.body.metadata.uid as string);
    }
    const recordedAfterKill = stateResources(w).length;
    expect(recordedAfterKill).toBe(0);

    // The next apply, answers passing through.
    proxy.mode = "pass";
    const appliesBefore = proxy.applies.length;
    const again = await w.run(["apply", "-auto-approve"]);
    expect(again.all).not.toMatch(/already exists/i);
    expect(again.all).not.toContain("generation_conflict");
    expect(again.all, again.all).toContain(`Apply complete! Resources: ${RESOURCES.length} added, 0 changed, 0 destroyed.`);
    expect(again.exitCode).toBe(0);
    const secondApplies = proxy.applies.slice(appliesBefore);

    // Terraform now records exactly what the host committed before the kill, and the host holds nothing more.
    const recorded = stateResources(w);
    expect(recorded.length).toBe(RESOURCES.length);
    let onHost = 0;
    for (const r of RESOURCES) {
      const attributes = recorded.find((s) => s.type === r.type)!.instances[0]!.attributes;
      expect(attributes["uid"], `${r.name} in state`).toBe(committed.get(r.name));
      expect(recordedStatus(attributes).generation).toBe("1");
      expect(attributes["pending_operation_id"]).toBeNull();
      const stored = await host.read(r.kind, SPACE, r.name, refOf(r.kind));
      expect(stored.status).toBe(200);
      expect(stored.body.metadata).toMatchObject({ uid: committed.get(r.name), generation: "1" });
      onHost++;
    }
    // the same request bytes carry the same Idempotency-Key, so a repeated create is a replay;
    // across runs the review is gone and the create is recovered by adoption (ADR 0121)
    const replayed = secondApplies.filter((a) => held.some((h) => h.idempotencyKey === a.idempotencyKey && h.body === a.body)).length;
    const adopted = (again.all.match(/Warning: Adopted \w+ "pf-[a-z]+" created by an earlier, interrupted apply/g) ?? []).length;
    expect(replayed + adopted).toBe(RESOURCES.length);
    expect((await w.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);

    // Adoption is exact: a resource of a configured name that differs from the configuration in
    // anything (here created out of band with another retention) is refused, not adopted.
    const foreign = await host.create("AtLeastOnceQueue", SPACE, "pf-foreign", refOf("AtLeastOnceQueue"), { messageRetentionSeconds: 999 });
    w.write("foreign.tf", `resource "takoform_at_least_once_queue" "foreign" {\n  name = "pf-foreign"\n  message_retention_seconds = 600\n}\n`);
    const refused = await w.run(["apply", "-auto-approve"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.all).toContain('Cannot create AtLeastOnceQueue "pf-foreign"');
    expect(refused.all).not.toContain("Adopted");
    const untouched = await host.read("AtLeastOnceQueue", SPACE, "pf-foreign", refOf("AtLeastOnceQueue"));
    expect(untouched.body.metadata).toMatchObject({ uid: foreign.resource?.metadata?.uid ?? foreign.metadata.uid, generation: "1" });
    expect(untouched.body.spec.messageRetentionSeconds).toBe(999);
    expect(stateResources(w).length).toBe(RESOURCES.length);
    figures("SIGKILL after commit, before state", {
      resources: RESOURCES.length,
      committedAndHeldAtKill: held.length,
      providerProcessesKilled: providers.length,
      stateEntriesAfterKill: recordedAfterKill,
      secondApplyPuts: secondApplies.length,
      answeredByReplay: replayed,
      adopted,
      differingResourceRefused: 1,
      alreadyExistsErrors: 0,
      resourcesOnHost: onHost,
      duplicates: 0,
    });
  }, 300_000);

  it("a create answer lost in transit within one run is retried with the same Idempotency-Key and replayed", async () => {
    const { cliConfigFile } = await installTakoformProvider(installDir);
    const names = RESOURCES.map((r) => ({ ...r, name: r.name.replace(/^pf-/, "pf-retry-") }));
    const config = names.map((r) => `resource "${r.type}" "${r.label}" {\n  name = "${r.name}"\n  ${r.body}\n}\n`).join("\n");
    const r2 = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": providerHeader(proxy.url, TOKEN, SPACE) + config } });
    try {
      expect((await r2.run(["init"])).exitCode).toBe(0);
      proxy.mode = "lose-once";
      const before = proxy.applies.length;
      const applied = await r2.run(["apply", "-auto-approve"]);
      proxy.mode = "pass";
      expect(applied.all).not.toMatch(/already exists/i);
      expect(applied.all, applied.all).toContain(`Apply complete! Resources: ${names.length} added, 0 changed, 0 destroyed.`);
      const seen = proxy.applies.slice(before);
      let replayed = 0;
      for (const r of names) {
        const mine = seen.filter((a) => a.path.split("?")[0]!.endsWith(`/${r.kind}/${r.name}`));
        // the first answer (the host's commit) was lost; the retry carried the same key and bytes and was replayed
        expect(mine.map((a) => a.lost)).toEqual(["replaced", undefined]);
        expect(mine[1]!.idempotencyKey).toBe(mine[0]!.idempotencyKey);
        expect(mine.map((a) => a.status)).toEqual([201, 201]);
        expect(mine[1]!.body).toBe(mine[0]!.body);
        const uid = JSON.parse(mine[0]!.body).metadata.uid as string;
        const stored = await host.read(r.kind, SPACE, r.name, refOf(r.kind));
        expect(stored.body.metadata).toMatchObject({ uid, generation: "1" });
        const recorded = stateResources(r2).find((s) => s.type === r.type)!.instances[0]!.attributes;
        expect(recorded["uid"]).toBe(uid);
        replayed++;
      }
      expect((await r2.run(["plan", "-detailed-exitcode"])).exitCode).toBe(0);
      figures("answer lost in transit, retried in the same run", {
        resources: names.length,
        answersLost: seen.filter((a) => a.lost === "replaced").length,
        retriesWithSameKey: replayed,
        answeredByReplay: replayed,
        resourcesOnHost: names.length,
        duplicates: 0,
      });
    } finally {
      r2.cleanup();
    }
  }, 300_000);
});
