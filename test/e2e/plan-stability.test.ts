// Plan stability (issue 10): for every resource kind the provider serves (read from
// generated/provider/schema.json, so a new kind without a block here fails the first assertion),
// one configuration creates at least one of each, artifacts uploaded from local files; then
//   - a plan after the apply is empty (terraform plan -detailed-exitcode exits 0);
//   - a refresh-only apply changes no desired value and no incarnation, a second one changes
//     nothing at all (state byte-identical), and the plan after them is empty;
//   - a second working directory adopts every resource through import blocks: the apply imports
//     them all and adds, changes and destroys nothing, and the plan after it is empty.
// Any perpetual diff — an attribute the provider plans differently from what it reads back — fails.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTakoformProvider, recordedStatus, repoRoot, TerraformWorkdir, type TerraformResult } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";
import {
  BLOCKS,
  copyArtifacts,
  importBlocks,
  kindsWithoutBlock,
  providerHeader,
  resourceBlocks,
  servedResourceTypes,
} from "./reliability-helpers/every-kind.js";

const SPACE = "stable";
const SCHEMA = JSON.parse(readFileSync(join(repoRoot, "generated", "provider", "schema.json"), "utf8")) as {
  provider_schemas: Record<
    string,
    { resource_schemas: Record<string, { block: { attributes: Record<string, { computed?: boolean; optional?: boolean; required?: boolean }> } }> }
  >;
};
/** The attributes an author writes (required or optional) of a resource type. */
const DESIRED = (type: string): string[] =>
  Object.entries(Object.values(SCHEMA.provider_schemas)[0]!.resource_schemas[type]!.block.attributes)
    .filter(([, a]) => a.required === true || a.optional === true)
    .map(([name]) => name);

interface StateResource {
  address: string;
  type: string;
  values: Record<string, unknown>;
}

async function stateOf(w: TerraformWorkdir): Promise<StateResource[]> {
  const shown = await w.run(["show", "-json"]);
  const doc = JSON.parse(shown.stdout) as { values?: { root_module?: { resources?: StateResource[] } } };
  return doc.values?.root_module?.resources ?? [];
}

/** A plan's exit code and, when it is not empty, what it would change (for the failure message). */
function planSummary(result: TerraformResult): string {
  const changes = result.stdout.split("\n").filter((line) => /^\s+# .* (will|must) be |^\s+# .* has changed/.test(line) || /^\s+[~+-] /.test(line));
  return `exit ${result.exitCode}\n${changes.slice(0, 60).join("\n")}\n${result.stderr}`;
}

describe("plan stability of every resource kind", () => {
  let host: HostProcess;
  let installDir: string;
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    host = await HostProcess.start();
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  it("apply, refresh and import of one of each kind all plan empty", async () => {
    const kinds = servedResourceTypes();
    expect(kindsWithoutBlock(), "resource types served by the provider with no block in reliability-helpers/every-kind.ts").toEqual([]);
    const { cliConfigFile } = await installTakoformProvider(installDir);
    const workdir = (main: string) => {
      const w = TerraformWorkdir.create({ cliConfigFile, files: { "main.tf": main } });
      copyArtifacts(w.dir);
      workdirs.push(w);
      return w;
    };
    const header = providerHeader(host.url, TOKEN, SPACE);
    const invocations: string[] = [];
    const run = async (w: TerraformWorkdir, args: string[]) => {
      invocations.push(args.join(" "));
      return w.run(args, { timeoutMs: 300_000 });
    };

    const w = workdir(header + resourceBlocks());
    expect((await run(w, ["init"])).exitCode).toBe(0);
    const applied = await run(w, ["apply", "-auto-approve"]);
    expect(applied.all, applied.all).toContain(`Apply complete! Resources: ${BLOCKS.length} added, 0 changed, 0 destroyed.`);
    const created = await stateOf(w);
    expect(new Set(created.map((r) => r.type))).toEqual(new Set(kinds));
    expect(created.length).toBe(BLOCKS.length);

    const afterApply = await run(w, ["plan", "-detailed-exitcode"]);
    expect(afterApply.exitCode, planSummary(afterApply)).toBe(0);

    // The first refresh may record what the host moved since (a worker turns Ready once a deployment
    // serves it: conditions and revision); it must change no desired value and no incarnation, and
    // a second refresh must change nothing at all: terraform writes no new state (the serial stays)
    // and every resource is byte-identical. (`plan -refresh-only -detailed-exitcode` is not used:
    // terraform answers 2 there with "No changes." for number attributes, hashicorp/terraform#36403.)
    const refreshed = await run(w, ["apply", "-refresh-only", "-auto-approve"]);
    expect(refreshed.exitCode, refreshed.all).toBe(0);
    const statusMoved = (refreshed.stdout.match(/^\s+# \S+ has changed$/gm) ?? []).length;
    const firstRefresh = JSON.parse(w.read("terraform.tfstate")) as { serial: number; resources: unknown[] };
    const secondRefresh = await run(w, ["apply", "-refresh-only", "-auto-approve"]);
    expect(secondRefresh.exitCode, secondRefresh.all).toBe(0);
    expect(secondRefresh.stdout).not.toMatch(/has changed$/m);
    const fixedPoint = JSON.parse(w.read("terraform.tfstate")) as { serial: number; resources: unknown[] };
    expect(fixedPoint.serial).toBe(firstRefresh.serial);
    expect(fixedPoint.resources).toEqual(firstRefresh.resources);
    const afterRefresh = await run(w, ["plan", "-detailed-exitcode"]);
    expect(afterRefresh.exitCode, planSummary(afterRefresh)).toBe(0);
    const refreshedState = await stateOf(w);
    for (const r of created) {
      const now = refreshedState.find((u) => u.address === r.address)?.values ?? {};
      for (const key of [...DESIRED(r.type), "uid", "space"]) expect(now[key], `${r.address}.${key}`).toEqual(r.values[key]);
      for (const key of ["generation", "form_ref"] as const)
        expect(recordedStatus(now)[key], `${r.address} status_json.${key}`).toEqual(recordedStatus(r.values)[key]);
    }

    // A second configuration adopts what the first created, by import blocks (SPACE/NAME).
    const manifestDigests = Object.fromEntries(
      created.filter((r) => typeof r.values["manifest_digest"] === "string").map((r) => [r.address, r.values["manifest_digest"] as string]),
    );
    expect(Object.keys(manifestDigests).length).toBe(BLOCKS.filter((b) => /source_dir/.test(b.body)).length);
    const i = workdir(header + resourceBlocks({ importing: true, manifestDigests }) + "\n" + importBlocks(SPACE));
    expect((await run(i, ["init"])).exitCode).toBe(0);
    const imported = await run(i, ["apply", "-auto-approve"]);
    expect(imported.all, imported.all).toContain(`Apply complete! Resources: ${BLOCKS.length} imported, 0 added, 0 changed, 0 destroyed.`);
    const afterImport = await run(i, ["plan", "-detailed-exitcode"]);
    expect(afterImport.exitCode, planSummary(afterImport)).toBe(0);
    const adopted = await stateOf(i);
    for (const r of created) expect(adopted.find((a) => a.address === r.address)?.values["uid"], r.address).toBe(r.values["uid"]);

    console.log(
      `[reliability:plan-stability] kinds=${kinds.length} resources=${BLOCKS.length} terraformInvocations=${invocations.length} ` +
        `emptyPlans=3 (after apply, after refresh-only apply, after import) statusMovedByHostAtFirstRefresh=${statusMoved} desiredValuesChangedByRefresh=0 secondRefreshChanges=0 imported=${adopted.length} perpetualDiffs=0`,
    );
  }, 600_000);
});
