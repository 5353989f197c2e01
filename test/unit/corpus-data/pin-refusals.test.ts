// pin.ts refuses a corpus it cannot pin truthfully, and its command line reports both outcomes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PinError, pinCorpus } from "../../../corpus/tools/pin/pin-corpus.js";
import { copyCorpusData, readJson, repoDir } from "./corpus-files.js";

const copies: string[] = [];
afterEach(() => {
  while (copies.length) rmSync(copies.pop()!, { recursive: true, force: true });
});

function copyCorpus(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-pin-refusal-"));
  copies.push(dir);
  copyCorpusData(dir);
  return dir;
}

function edit(dir: string, rel: string, change: (doc: any) => void): void {
  const file = path.join(dir, rel);
  const doc = readJson<any>(file);
  change(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2) + "\n");
}

const refusal = (dir: string): string => {
  try {
    pinCorpus(dir, { write: false });
  } catch (error) {
    expect(error).toBeInstanceOf(PinError);
    return (error as Error).message;
  }
  throw new Error("pinCorpus accepted the corpus");
};

const DEPLOYMENT = "forms/edge/v1beta1/worker-deployment/0.1.0/definition.json";

describe("pinCorpus refuses", () => {
  it("an exact Form ref naming a definition the corpus does not hold", () => {
    const dir = copyCorpus();
    edit(dir, DEPLOYMENT, (d) => (d.desiredSchema.properties.worker["x-takoform-target-formrefs"][0].definitionVersion = "9.9.9"));
    expect(refusal(dir)).toMatch(/ModuleWorker@9\.9\.9 is not in the corpus/);
  });

  it("a cycle of exact Form refs", () => {
    const dir = copyCorpus();
    edit(dir, "forms/edge/v1beta1/worker-bundle/0.1.0/definition.json", (d) => {
      d.desiredSchema.properties.builtFor = {
        type: "object",
        additionalProperties: false,
        required: ["apiVersion", "kind", "name"],
        properties: {
          apiVersion: { type: "string", const: "edge.forms.takoform.com/v1beta1" },
          kind: { type: "string", const: "WorkerDeployment" },
          name: { type: "string" },
        },
        "x-takoform-target-formrefs": [
          { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "WorkerDeployment", definitionVersion: "0.1.0", schemaDigest: `sha256:${"0".repeat(64)}` },
        ],
      };
    });
    expect(refusal(dir)).toMatch(/cycle: .*WorkerBundle.*WorkerDeployment/);
  });

  it("an interface requirement naming an interface the corpus does not hold", () => {
    const dir = copyCorpus();
    edit(
      dir,
      "forms/edge/v1beta1/worker-endpoint/0.1.0/definition.json",
      (d) => (d.desiredSchema.properties.worker["x-takoform-required-interface"].version = "2.0.0"),
    );
    expect(refusal(dir)).toMatch(/worker\.runtime@2\.0\.0 is not in the corpus/);
  });

  it("a desired field named after placement authority", () => {
    const dir = copyCorpus();
    edit(dir, "forms/edge/v1beta1/at-least-once-queue/0.1.0/definition.json", (d) => (d.desiredSchema.properties.homeRegion = { type: "string" }));
    expect(refusal(dir)).toMatch(/homeRegion" names placement authority \("region"\)/);
  });

  it("a definition stored under the wrong definition version", () => {
    const dir = copyCorpus();
    edit(dir, "forms/edge/v1beta1/module-worker/0.2.0/definition.json", (d) => (d.definitionVersion = "0.3.0"));
    expect(refusal(dir)).toMatch(/belongs at forms\/edge\/v1beta1\/<kebab-kind>\/0\.3\.0/);
  });

  it("an artifact file its manifest does not list", () => {
    const dir = copyCorpus();
    writeFileSync(path.join(dir, "artifacts/worker-bundles/fetch-only/extra.js"), "export {};\n");
    expect(refusal(dir)).toMatch(/extra\.js is in the artifact directory but not in the manifest/);
  });
});

describe("the pin command line", () => {
  const pin = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", path.join(repoDir, "corpus/tools/pin.ts"), ...args], { cwd: repoDir, encoding: "utf8" });

  it("--check exits 0 on the committed corpus", () => {
    const run = pin("--check");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/corpus is pinned/);
  });

  it("--check exits 1 and names the stale files; a plain run pins them", () => {
    const dir = copyCorpus();
    edit(dir, "bindings/v1alpha1/module-worker.service/1.0.0/definition.json", (d) => (d.title = "Service binding (edited)"));
    const stale = pin("--check", dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/forms\/edge\/v1beta1\/worker-version\/0\.1\.0\/definition\.json/);
    expect(pin(dir).status).toBe(0);
    expect(pin("--check", dir).status).toBe(0);
  });
});
