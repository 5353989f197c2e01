// Long-running operations through the real terraform binary: the host accepts
// an apply with 202 and commits it seconds later; terraform is interrupted
// (SIGINT, so it calls StopProvider) while the provider polls. The resource's
// state keeps pending_operation_id; the next apply consults the operation
// before reading, adopts the committed resource, and creates nothing twice.
import { rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerModel } from "../../generated/provider/model.js";
import { installTakoformProvider, TerraformWorkdir, waitFor } from "./helpers/terraform.js";
import { AsyncProxy } from "./provider-host/async-proxy.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

const SPACE = "ops";

async function stateValues(w: TerraformWorkdir, address: string): Promise<Record<string, unknown> | undefined> {
  const shown = await w.run(["show", "-json"]);
  const doc = JSON.parse(shown.stdout) as { values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } } };
  return doc.values?.root_module?.resources?.find((r) => r.address === address)?.values;
}

describe("takoform provider and asynchronous host operations", () => {
  let host: HostProcess;
  let proxy: AsyncProxy;
  let installDir: string;
  let w: TerraformWorkdir | undefined;

  beforeAll(async () => {
    host = await HostProcess.start(["--conformance-probes", "--async-commit-delay-ms", "6000"]);
    proxy = await AsyncProxy.start(host.url);
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
  }, 120_000);

  afterAll(async () => {
    w?.cleanup();
    await proxy?.stop();
    await host?.stop();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  it("resumes an interrupted create from pending_operation_id without a duplicate", async () => {
    const { cliConfigFile } = await installTakoformProvider(installDir);
    w = TerraformWorkdir.create({
      cliConfigFile,
      files: {
        "main.tf": `
terraform {
  required_providers {
    takoform = { source = "takoform/takoform", version = "0.1.0" }
  }
}
provider "takoform" {
  endpoint = "${proxy.url}"
  token    = "${TOKEN}"
  space    = "${SPACE}"
}
resource "takoform_edge_kv_namespace" "slow" { name = "slow" }
`,
      },
    });
    expect((await w.run(["init"])).exitCode).toBe(0);

    const running = w.start(["apply", "-auto-approve"]);
    const accepted = await waitFor(() => proxy.applies.find((a) => a.status === 202), 60_000, 50);
    expect(accepted).toBeDefined();
    running.kill("SIGINT");
    const interrupted = await running;
    expect(interrupted.all).toContain("is still being applied");

    const pending = await stateValues(w, "takoform_edge_kv_namespace.slow");
    expect(pending?.["pending_operation_id"]).toMatch(/^op_/);
    expect(pending?.["uid"]).toBeNull();

    const resumed = await w.run(["apply", "-auto-approve"]);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.all).toContain("Apply complete! Resources: 0 added, 0 changed, 0 destroyed.");
    const kv = providerModel.resources.find((r) => r.kind === "EdgeKVNamespace")!.defaultRef;
    const stored = await host.read("EdgeKVNamespace", SPACE, "slow", kv);
    expect(stored.status).toBe(200);
    const adopted = await stateValues(w, "takoform_edge_kv_namespace.slow");
    expect(adopted?.["uid"]).toBe(stored.body.metadata.uid);
    expect(adopted?.["pending_operation_id"]).toBeNull();
    expect(adopted?.["generation"]).toBe("1");
    // One apply reached the host: the resumed run followed the operation instead of creating again.
    expect(proxy.applies.length).toBe(1);
  }, 300_000);
});
