// cdktf synth of examples/edge-app type-checks first (cdktf.json's app runs tsc --noEmit before
// tsx): a typo in an optional setting fails synth, naming the setting, instead of deploying without it.
// References take the target construct (ADR 0270): one of another kind fails synth naming both
// types, with takoform/cdktn and takoform/cdktf alike, and a construct is written as the reference
// expression to its name, so Terraform orders the two.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/terraform.js";

const run = promisify(execFile);
// Beside the example, so its ../../generated imports resolve the same way.
const copy = mkdtempSync(path.join(repoRoot, "examples", ".synth-typecheck-"));
const out = mkdtempSync(path.join(tmpdir(), "takoform-synth-"));

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

const src = path.join(repoRoot, "examples", "edge-app");
const app = (JSON.parse(readFileSync(path.join(src, "cdktf.json"), "utf8")) as { app: string }).app;
const original = readFileSync(path.join(src, "main.ts"), "utf8");
cpSync(src, copy, { recursive: true, filter: (f) => !/cdktf\.out|node_modules|\.terraform|tfstate/.test(f) });

/** Runs the example's app command (tsc, then tsx main.ts) in the copy; the error if it failed. */
async function synth(): Promise<{ stdout?: string; stderr?: string } | undefined> {
  return run("sh", ["-c", app], { cwd: copy, env: { ...process.env, CDKTF_OUTDIR: out } }).then(
    () => undefined,
    (err: { code?: number; stdout?: string; stderr?: string }) => err,
  );
}

/** The copy's main.ts with `right` (which must occur once) replaced by `wrong`. */
function mainWith(right: string, wrong: string): void {
  expect(original.split(right)).toHaveLength(2);
  writeFileSync(path.join(copy, "main.ts"), original.replace(right, wrong));
}

describe("examples/edge-app synth", () => {
  it("type-checks: a misspelt optional setting fails synth and names it", async () => {
    expect(app).toMatch(/^npx --no-install tsc -p tsconfig\.json --noEmit && /);
    const right = 'new AtLeastOnceQueue(this, "orders", { name: "orders", messageRetentionSeconds: 4 * 24 * 3600 });';
    mainWith(right, right.replace(" });", ", deliveryDelaySecond: 5 });"));
    const failed = await synth();
    expect(failed, "synth accepted a misspelt setting").toBeDefined();
    expect(`${failed!.stdout ?? ""}${failed!.stderr ?? ""}`).toContain("deliveryDelaySecond");
  }, 180_000);

  it("type-checks references: a construct of another kind fails synth, with takoform/cdktn and takoform/cdktf", async () => {
    mainWith('kvBindings: [{ name: "SESSIONS", resource: sessions }]', 'kvBindings: [{ name: "SESSIONS", resource: db }]');
    // The same mistake against the cdktf flavour of the package, beside the cdktn app.
    writeFileSync(
      path.join(copy, "cdktf-flavour.ts"),
      `import { TerraformStack } from "cdktf";
import { AtLeastOnceQueue, ModuleWorker, QueueConsumer, WorkerDeployment } from "takoform/cdktf";
export function wrongKinds(stack: TerraformStack): void {
  const worker = new ModuleWorker(stack, "w", { name: "w" });
  const queue = new AtLeastOnceQueue(stack, "q", { name: "q", messageRetentionSeconds: 60 });
  new QueueConsumer(stack, "c", { name: "c", worker, queue, maxBatchSize: 1, maxBatchTimeoutSeconds: 1, maxConcurrency: 1, maxRetries: 1, retryDelaySeconds: 1 });
  new WorkerDeployment(stack, "d", { name: "d", worker: queue, versions: [] });
}
`,
    );
    try {
      const failed = await synth();
      expect(failed, "synth accepted a construct of another kind").toBeDefined();
      const output = `${failed!.stdout ?? ""}${failed!.stderr ?? ""}`;
      expect(output).toMatch(/main\.ts\(\d+,\d+\): error TS2322: Type 'SqliteDatabase' is not assignable to type 'string \| EdgeKvNamespace'/);
      expect(output).toMatch(/cdktf-flavour\.ts\(7,\d+\): error TS2322: Type 'AtLeastOnceQueue' is not assignable to type 'string \| ModuleWorker'/);
      expect(output.match(/error TS/g)).toHaveLength(2);
    } finally {
      rmSync(path.join(copy, "cdktf-flavour.ts"));
    }
  }, 180_000);

  it("writes a reference given as the construct as the expression to its name", async () => {
    writeFileSync(path.join(copy, "main.ts"), original);
    expect(original).toContain('kvBindings: [{ name: "SESSIONS", resource: sessions }]');
    const failed = await synth();
    expect(failed, `${failed?.stdout ?? ""}${failed?.stderr ?? ""}`).toBeUndefined();
    const doc = JSON.parse(readFileSync(path.join(out, "stacks", "edge-app", "cdk.tf.json"), "utf8")) as {
      resource: Record<string, Record<string, Record<string, unknown>>>;
    };
    const r = doc.resource;
    const stable = r["takoform_worker_version"]!["shop-stable"]!;
    expect(stable).toMatchObject({
      worker: "${takoform_module_worker.shop.name}",
      bundle: "${takoform_worker_bundle.shop-bundle.name}",
      assets: { bundle: "${takoform_static_asset_bundle.shop-assets.name}" },
      kv_bindings: [{ name: "SESSIONS", resource: "${takoform_edge_kv_namespace.sessions.name}" }],
      sqlite_bindings: [{ name: "DB", resource: "${takoform_sqlite_database.db.name}" }],
      queue_producer_bindings: [{ name: "ORDERS", resource: "${takoform_at_least_once_queue.orders.name}" }],
      service_bindings: [{ name: "AUTH", resource: "${takoform_module_worker.auth.name}" }],
    });
    expect(r["takoform_worker_deployment"]!["shop-deployment"]!["versions"]).toContainEqual({
      weight: expect.any(Number),
      worker_version: "${takoform_worker_version.shop-stable.name}",
    });
    expect(r["takoform_queue_consumer"]!["order-consumer"]).toMatchObject({
      queue: "${takoform_at_least_once_queue.orders.name}",
      dead_letter_queue: "${takoform_at_least_once_queue.orders-dead.name}",
      worker: "${takoform_module_worker.shop.name}",
    });
    expect(r["takoform_sqlite_migration_application"]!["migrate"]).toMatchObject({
      database: "${takoform_sqlite_database.db.name}",
      migration_set: "${takoform_sqlite_migration_set.schema.name}",
    });
    // The revision name hashes the reference expressions, never a construct's internals.
    expect(stable["name"]).toContain('"resource" = takoform_edge_kv_namespace.sessions.name');
  }, 180_000);
});
