// generated/cdktf: the classes type-check under the project's compiler settings, and a CDKTF app
// using them synthesizes a cdk.tf.json whose resources carry the wire-correct names and values.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { materializeDefaults, validateAgainst } from "../../../corpus/lib/index.js";
import { corpus, generatedDir, repoDir } from "./helpers.js";
import { MANIFEST_DIGEST, synthesize } from "./fixtures/cdktf-app.js";
import { toWire } from "./wire.js";

function diagnosticsOf(configPath: string, rootNames?: string[]): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (parsed === undefined) throw new Error(`cannot read ${configPath}`);
  const program = ts.createProgram(rootNames ?? parsed.fileNames, { ...parsed.options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("generated CDKTF classes", () => {
  it("type-check with generated/cdktf/tsconfig.json (the project's settings)", () => {
    const config = path.join(generatedDir, "cdktf", "tsconfig.json");
    const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    expect(parsed.options.strict).toBe(true);
    expect(parsed.options.noImplicitOverride).toBe(true);
    expect(parsed.fileNames.length).toBeGreaterThan(15);
    expect(diagnosticsOf(config)).toEqual([]);
  });

  it("compile an app using them under the root tsconfig", () => {
    const app = path.join(repoDir, "test/unit/codegen/fixtures/cdktf-app.ts");
    expect(diagnosticsOf(path.join(repoDir, "tsconfig.json"), [app])).toEqual([]);
  });

  it("type closed string sets as unions, so a misspelt value fails type-checking", () => {
    const text = readFileSync(path.join(generatedDir, "cdktf/providers/takoform/worker-version/index.ts"), "utf8");
    expect(text).toContain("readonly handlers: ('fetch' | 'scheduled' | 'queue')[];");
    expect(text).toContain("readonly notFoundHandling: 'none' | 'single_page_application';");
    const dir = mkdtempSync(path.join(repoDir, "test/unit/codegen/fixtures/.union-"));
    try {
      const file = path.join(dir, "typo.ts");
      writeFileSync(
        file,
        `import type { WorkerVersionConfig } from "../../../../../generated/cdktf/providers/takoform/worker-version/index.js";
export const v: WorkerVersionConfig = { name: "v", worker: "w", bundle: "b", handlers: ["fetch", "schedule"] };
`,
      );
      expect(diagnosticsOf(path.join(repoDir, "tsconfig.json"), [file]).join("\n")).toMatch(/"schedule"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("carry the schema's descriptions as JSDoc", () => {
    const text = readFileSync(path.join(generatedDir, "cdktf/providers/takoform/worker-version/index.ts"), "utf8");
    const handlers = corpus()
      .model.resources.find((r) => r.kind === "WorkerVersion")!
      .attributes.find((a) => a.name === "handlers")!;
    expect(text).toContain(handlers.description.slice(0, 60));
  });
});

describe("a CDKTF app using them", () => {
  const outdir = mkdtempSync(path.join(tmpdir(), "takoform-cdktf-app-"));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  const stackName = synthesize(outdir);
  const synth = JSON.parse(readFileSync(path.join(outdir, "stacks", stackName, "cdk.tf.json"), "utf8")) as {
    provider: Record<string, Record<string, unknown>[]>;
    terraform: { required_providers: Record<string, { source: string }> };
    resource: Record<string, Record<string, Record<string, unknown>>>;
  };
  const { model, forms } = corpus();

  it("declares the provider by its fully qualified source, with its configuration", () => {
    expect(synth.terraform.required_providers.takoform!.source).toBe("registry.terraform.io/takoform/takoform");
    // The provider class carries its version constraint: no addOverride in the author's code.
    expect((synth.terraform.required_providers.takoform as { version?: string }).version).toBe("~> 0.1");
    expect(synth.provider.takoform![0]).toMatchObject({ endpoint: "https://host.example/api", space: "production" });
  });

  it("writes Terraform attribute names and reference expressions", () => {
    const version = synth.resource.takoform_worker_version!.v1!;
    expect(version).toMatchObject({
      name: "api-v1",
      worker: "${takoform_module_worker.api.name}",
      bundle: "${takoform_worker_bundle.bundle.name}",
      handlers: ["fetch", "queue"],
      kv_bindings: [{ name: "CACHE", resource: "${takoform_edge_kv_namespace.cache.name}" }],
      vars: { LOG_LEVEL: "info", limits: { burst: 10, enabled: true } },
    });
    expect(synth.resource.takoform_worker_deployment!.live!.versions).toEqual([{ weight: 10000, worker_version: "${takoform_worker_version.v1.name}" }]);
    expect(synth.resource.takoform_worker_bundle!.bundle!.manifest_digest).toBe(MANIFEST_DIGEST);
  });

  it("synthesizes resources whose wire specs validate against their Form definitions", () => {
    const lookup = (typeName: string, label: string): string => {
      const name = synth.resource[typeName]?.[label]?.name;
      if (typeof name !== "string") throw new Error(`unresolved reference ${typeName}.${label}`);
      return name;
    };
    let checked = 0;
    for (const [typeName, byLabel] of Object.entries(synth.resource)) {
      const r = model.resources.find((x) => x.typeName === typeName)!;
      const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
      for (const config of Object.values(byLabel)) {
        // "//" is CDKTF's own metadata (construct path); the rest are Terraform meta-arguments.
        const { name, space, provider, depends_on, lifecycle, count, for_each, "//": meta, ...desired } = config;
        void [space, provider, depends_on, lifecycle, count, for_each, meta];
        expect(typeof name).toBe("string");
        const wire = materializeDefaults(form.definition.desiredSchema, toWire(r.attributes, desired, lookup));
        expect(validateAgainst(form.definition.desiredSchema, wire), `${typeName}.${String(name)}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBe(8);
  });

  it("resolves a reference to the wire object the host expects", () => {
    const r = model.resources.find((x) => x.typeName === "takoform_worker_version")!;
    const { name: _n, "//": _meta, ...desired } = synth.resource.takoform_worker_version!.v1!;
    const wire = toWire(r.attributes, desired, (t, l) => String(synth.resource[t]![l]!.name));
    expect(wire.worker).toEqual({ apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name: "api" });
    expect(wire.kvBindings).toEqual([{ name: "CACHE", resource: { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "EdgeKVNamespace", name: "cache" } }]);
  });
});
