// The content-naming helper of the generated CDKTF package (ADR 0161): a WorkerVersion named with
// revision() has a name computed from every setting of its configuration, bindings included, and
// is created before the version it replaces is destroyed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { App, TerraformStack } from "cdktf";
import { describe, expect, it } from "vitest";
import { EdgeKvNamespace } from "../../../generated/cdktf/providers/takoform/edge-kv-namespace/index.js";
import { ModuleWorker } from "../../../generated/cdktf/providers/takoform/module-worker/index.js";
import { TakoformProvider } from "../../../generated/cdktf/providers/takoform/provider/index.js";
import { revision } from "../../../generated/cdktf/providers/takoform/revision.js";
import { WorkerVersion, type WorkerVersionConfig } from "../../../generated/cdktf/providers/takoform/worker-version/index.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();

/** The synthesized takoform_worker_version "v" of a stack with or without a second KV binding (references as names, or as the constructs). */
function version(extraBinding: boolean, constructs = false): Record<string, any> {
  const outdir = tempDir("takoform-revision-");
  const app = new App({ outdir });
  const stack = new TerraformStack(app, "s");
  new TakoformProvider(stack, "takoform", {});
  const worker = new ModuleWorker(stack, "w", { name: "api" });
  const a = new EdgeKvNamespace(stack, "a", { name: "a" });
  const b = new EdgeKvNamespace(stack, "b", { name: "b" });
  const kvBindings = [{ name: "A", resource: constructs ? a : a.name }, ...(extraBinding ? [{ name: "B", resource: constructs ? b : b.name }] : [])];
  new WorkerVersion(
    stack,
    "v",
    revision<WorkerVersionConfig>("api", { worker: constructs ? worker : worker.name, bundle: "api-bundle", handlers: ["fetch"], kvBindings, dependsOn: [a] }),
  );
  app.synth();
  const doc = JSON.parse(readFileSync(path.join(outdir, "stacks", "s", "cdk.tf.json"), "utf8"));
  return doc.resource.takoform_worker_version.v;
}

describe("revision() in the generated CDKTF package", () => {
  const one = version(false);
  const two = version(true);

  it("names the version from the JSON of its whole configuration, computed by Terraform", () => {
    expect(one.name).toMatch(/^api-\$\{substr\(sha256\(jsonencode\(\{.*\}\)\), 0, 12\)\}$/);
    for (const setting of [
      '"worker" = takoform_module_worker.w.name',
      '"bundle" = "api-bundle"',
      '"handlers" = ["fetch"]',
      '"kvBindings" = [{"name" = "A", "resource" = takoform_edge_kv_namespace.a.name}]',
    ]) {
      expect(one.name).toContain(setting);
    }
  });

  it("gives a changed binding a different name and leaves the meta-arguments out", () => {
    expect(two.name).not.toBe(one.name);
    expect(two.name).toContain('{"name" = "B", "resource" = takoform_edge_kv_namespace.b.name}');
    expect(one.name).not.toContain("dependsOn");
    expect(one.depends_on).toEqual(["takoform_edge_kv_namespace.a"]);
  });

  it("names a configuration that references by construct as the same one by name", () => {
    expect(version(true, true)).toEqual(two);
  });

  it("creates the new revision before the old one is destroyed", () => {
    expect(one.lifecycle).toEqual({ create_before_destroy: true });
  });
});
