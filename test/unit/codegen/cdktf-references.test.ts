// References in the generated CDKTF classes accept the target construct as well as its name
// (ADR 0270): every reference of the model is typed `string | <TargetClass>`, a construct of
// another kind fails type-checking, and a construct synthesizes to the same reference expression.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { App, TerraformStack } from "cdktf";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { className, constructReferences, referenceSettings } from "../../../codegen/emit/cdktf/references.js";
import { resourceFile } from "../../../codegen/emit/cdktf/typed-unions.js";
import { corpus, generatedDir, repoDir, walk } from "./helpers.js";
import {
  AtLeastOnceQueue,
  EdgeKvNamespace,
  ModuleWorker,
  QueueConsumer,
  TakoformProvider,
  WorkerDeployment,
  WorkerVersion,
} from "../../../generated/cdktf/index.js";

const { model } = corpus();
const source = (typeName: string): string => readFileSync(path.join(generatedDir, "cdktf", resourceFile(typeName)), "utf8");

describe("codegen: construct references", () => {
  const all = model.resources.flatMap((r) =>
    walk(r.attributes)
      .filter((w) => w.a.reference !== undefined)
      .map((w) => ({ r, ...w })),
  );

  it("finds every reference of the model, each with the class of its target kind", () => {
    expect(all.length).toBeGreaterThanOrEqual(15);
    const settings = model.resources.flatMap((r) => referenceSettings(r, model.resources));
    expect(settings).toHaveLength(all.length);
    expect(settings).toContainEqual({ iface: "WorkerVersionKvBindings", property: "resource", topLevel: false, targetType: "takoform_edge_kv_namespace" });
    expect(settings).toContainEqual({ iface: "WorkerVersionAssets", property: "bundle", topLevel: false, targetType: "takoform_static_asset_bundle" });
    expect(settings).toContainEqual({ iface: "WorkerVersionConfig", property: "bundle", topLevel: true, targetType: "takoform_worker_bundle" });
    expect(settings).toContainEqual({ iface: "WorkerDeploymentVersions", property: "workerVersion", topLevel: false, targetType: "takoform_worker_version" });
    expect(settings).toContainEqual({ iface: "QueueConsumerConfig", property: "deadLetterQueue", topLevel: true, targetType: "takoform_at_least_once_queue" });
  });

  it.each(model.resources.filter((r) => referenceSettings(r, model.resources).length > 0).map((r) => [r.typeName, r] as const))(
    "%s: each reference setting is typed with its target's class and rendered through referenceName",
    (typeName, r) => {
      const text = source(typeName);
      for (const s of referenceSettings(r, model.resources)) {
        const target = className(s.targetType);
        expect(text).toMatch(new RegExp(`\\n  readonly ${s.property}\\??: string \\| ${target};`));
        expect(text).toContain(`public set ${s.property}(value: string | ${target}) {\n    this._${s.property} = referenceName(value);`);
        // The getter stays a string (the attribute's token) instead of taking the setter's type.
        expect(text).toContain(`public get ${s.property}(): string {\n    return this.getStringAttribute(`);
        if (s.topLevel) expect(text).toContain(`this._${s.property} = referenceName(config.${s.property});`);
        else expect(text).toContain(`cdktf.stringToTerraform(referenceName(struct!.${s.property}))`);
        expect(text).toContain(`import type { ${target} } from '../${resourceFile(s.targetType).replace("providers/takoform/", "").replace(".ts", ".js")}';`);
      }
      expect(text).toContain("import { referenceName } from '../reference.js';");
      // No reference setting is left a bare string.
      expect(text).not.toMatch(/Holds the name of the referenced[^\n]*\n[^\n]*\n[^\n]*\n  \*\/\n  readonly \w+\??: string;/);
    },
  );

  it("the generator's class name is the type name in PascalCase", () => {
    expect(className("takoform_edge_kv_namespace")).toBe("EdgeKvNamespace");
    expect(className("takoform_sqlite_migration_application")).toBe("SqliteMigrationApplication");
  });

  it("fails codegen, naming the declaration, when the generator's output does not have the expected shape", () => {
    const r = model.resources.find((x) => x.kind === "WorkerDeployment")!;
    const text = source(r.typeName);
    const settings = referenceSettings(r, model.resources);
    const plain = text.replace("export interface WorkerDeploymentVersions {", "export interface WorkerDeploymentVersion {");
    expect(() => constructReferences(plain, settings)).toThrow(/export interface WorkerDeploymentVersions/);
  });

  it("refuses a reference kind that no resource type of the model provides", () => {
    const r = model.resources.find((x) => x.kind === "QueueConsumer")!;
    expect(() => referenceSettings(r, [r])).toThrow(/queue: no resource type of edge\.forms\.takoform\.com\/v1beta1 AtLeastOnceQueue/);
  });
});

function diagnosticsOf(file: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(repoDir, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const program = ts.createProgram([file], { ...parsed.options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

describe("generated classes: a construct where a reference is expected", () => {
  const dir = mkdtempSync(path.join(repoDir, "test/unit/codegen/fixtures/.refs-"));
  const outdir = mkdtempSync(path.join(tmpdir(), "takoform-refs-"));
  afterAll(() => [dir, outdir].forEach((d) => rmSync(d, { recursive: true, force: true })));
  const head = `import { TerraformStack } from "cdktf";
import { AtLeastOnceQueue, EdgeKvNamespace, ModuleWorker, QueueConsumer, SqliteDatabase, WorkerDeployment, WorkerVersion } from "../../../../../generated/cdktf/index.js";
declare const stack: TerraformStack;
const worker = new ModuleWorker(stack, "w", { name: "w" });
const kv = new EdgeKvNamespace(stack, "kv", { name: "kv" });
const db = new SqliteDatabase(stack, "db", { name: "db" });
const queue = new AtLeastOnceQueue(stack, "q", { name: "q", messageRetentionSeconds: 60 });
`;

  it("accepts the construct of the target kind and the name alike", () => {
    const file = path.join(dir, "right.ts");
    writeFileSync(
      file,
      `${head}const v = new WorkerVersion(stack, "v", { name: "v", worker, bundle: "b", handlers: ["fetch"], kvBindings: [{ name: "KV", resource: kv }], sqliteBindings: [{ name: "DB", resource: db.name }] });
new WorkerDeployment(stack, "d", { name: "d", worker, versions: [{ workerVersion: v, weight: 10000 }] });
new QueueConsumer(stack, "c", { name: "c", worker, queue, deadLetterQueue: queue, maxBatchSize: 1, maxBatchTimeoutSeconds: 1, maxConcurrency: 1, maxRetries: 1, retryDelaySeconds: 1 });
v.putKvBindings([{ name: "KV", resource: kv }]);
const names: string[] = [v.worker, v.bundle, v.kvBindings.get(0).resource];
void names;
`,
    );
    expect(diagnosticsOf(file)).toEqual([]);
  });

  it("refuses a construct of another kind, at its line", () => {
    const file = path.join(dir, "wrong.ts");
    const lines = [
      `new WorkerVersion(stack, "v", { name: "v", worker, bundle: "b", handlers: ["fetch"], kvBindings: [{ name: "KV", resource: db }] });`,
      `new WorkerDeployment(stack, "d", { name: "d", worker: kv, versions: [] });`,
      `new WorkerDeployment(stack, "e", { name: "e", worker, versions: [{ workerVersion: worker, weight: 1 }] });`,
      `new QueueConsumer(stack, "c", { name: "c", worker, queue: kv, maxBatchSize: 1, maxBatchTimeoutSeconds: 1, maxConcurrency: 1, maxRetries: 1, retryDelaySeconds: 1 });`,
    ];
    writeFileSync(file, head + lines.join("\n") + "\n");
    const problems = diagnosticsOf(file);
    const first = head.split("\n").length;
    const at = (i: number) => problems.filter((p) => p.startsWith(`${first + i}: `)).join("\n");
    expect(at(0)).toMatch(/'SqliteDatabase' is not assignable to type 'string \| EdgeKvNamespace'/);
    expect(at(1)).toMatch(/'EdgeKvNamespace' is not assignable to type 'string \| ModuleWorker'/);
    expect(at(2)).toMatch(/'ModuleWorker' is not assignable to type 'string \| WorkerVersion'/);
    expect(at(3)).toMatch(/'EdgeKvNamespace' is not assignable to type 'string \| AtLeastOnceQueue'/);
    expect(problems).toHaveLength(4);
  });

  it("synthesizes a construct as the reference expression to its name, as `.name` does", () => {
    const app = new App({ outdir });
    const stack = new TerraformStack(app, "s");
    new TakoformProvider(stack, "takoform", {});
    const worker = new ModuleWorker(stack, "api", { name: "api" });
    const sessions = new EdgeKvNamespace(stack, "sessions", { name: "sessions" });
    const orders = new AtLeastOnceQueue(stack, "orders", { name: "orders", messageRetentionSeconds: 60 });
    const byConstruct = new WorkerVersion(stack, "a", { name: "a", worker, bundle: "b", handlers: ["fetch"], kvBindings: [{ name: "S", resource: sessions }] });
    new WorkerVersion(stack, "b", { name: "b", worker: worker.name, bundle: "b", handlers: ["fetch"], kvBindings: [{ name: "S", resource: sessions.name }] });
    const live = new WorkerDeployment(stack, "live", { name: "live", worker, versions: [{ workerVersion: byConstruct, weight: 10000 }] });
    live.worker = worker; // the setter takes the construct too
    new QueueConsumer(stack, "c", {
      name: "c",
      worker,
      queue: orders,
      maxBatchSize: 1,
      maxBatchTimeoutSeconds: 1,
      maxConcurrency: 1,
      maxRetries: 1,
      retryDelaySeconds: 1,
    });
    app.synth();
    const doc = JSON.parse(readFileSync(path.join(outdir, "stacks", "s", "cdk.tf.json"), "utf8"));
    const versions = doc.resource.takoform_worker_version;
    expect(versions.a.kv_bindings).toEqual([{ name: "S", resource: "${takoform_edge_kv_namespace.sessions.name}" }]);
    expect(versions.a.worker).toBe("${takoform_module_worker.api.name}");
    const { name: _a, "//": _m1, ...a } = versions.a;
    const { name: _b, "//": _m2, ...b } = versions.b;
    expect(a).toEqual(b);
    expect(doc.resource.takoform_worker_deployment.live).toMatchObject({
      worker: "${takoform_module_worker.api.name}",
      versions: [{ weight: 10000, worker_version: "${takoform_worker_version.a.name}" }],
    });
    expect(doc.resource.takoform_queue_consumer.c.queue).toBe("${takoform_at_least_once_queue.orders.name}");
  });
});
