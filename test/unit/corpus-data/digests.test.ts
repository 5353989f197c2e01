// Every digest the corpus pins matches the bytes it names, recomputed here; pin.ts has nothing
// left to change; and an edit to one document cascades through every digest that names it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalDigest, fileDigest, verifyTree } from "../../../corpus/lib/index.js";
import { pinCorpus } from "../../../corpus/tools/pin/pin-corpus.js";
import { copyCorpusData, corpusDir, corpusForm, filesBelow, readJson } from "./corpus-files.js";

interface Entry {
  path: string;
  digest: string;
  identity: Record<string, unknown>;
}
const index = readJson<Record<string, unknown>>(path.join(corpusDir, "index.json"));
const section = (name: string) => index[name] as Entry[];

describe("corpus/index.json", () => {
  it("has every section, each sorted by path and non-empty", () => {
    for (const name of ["formPackages", "formDefinitions", "interfaces", "bindings", "schemas", "tables", "artifactManifests"]) {
      const entries = section(name);
      expect(entries.length, name).toBeGreaterThan(0);
      expect(
        entries.map((e) => e.path),
        name,
      ).toEqual([...entries.map((e) => e.path)].sort());
    }
  });

  it("lists every pinned document the corpus holds", () => {
    const all = filesBelow(corpusDir);
    const pinnedFiles = new Set(
      [
        ...section("formDefinitions"),
        ...section("interfaces"),
        ...section("bindings"),
        ...section("schemas"),
        ...section("tables"),
        ...section("artifactManifests"),
      ].map((e) => e.path),
    );
    const expectedFiles = all.filter((f) =>
      /^(forms\/.*\/definition\.json|interfaces\/.*|bindings\/.*|schemas\/.*\.json|artifacts\/.*\/manifest\.json)$/.test(f),
    );
    expect(new Set(expectedFiles)).toEqual(pinnedFiles);
    const packages = all.filter((f) => f.endsWith("/package-index.json")).map((f) => path.posix.dirname(f));
    expect(new Set(packages)).toEqual(new Set(section("formPackages").map((e) => e.path)));
  });

  it.each(
    [
      ...section("formDefinitions"),
      ...section("interfaces"),
      ...section("bindings"),
      ...section("schemas"),
      ...section("tables"),
      ...section("artifactManifests"),
    ].map((e) => [e.path, e] as const),
  )("%s: canonical digest matches", (_, entry) => {
    const doc = readJson<Record<string, unknown>>(path.join(corpusDir, entry.path));
    expect(entry.digest).toBe(canonicalDigest(doc));
    for (const [member, value] of Object.entries(entry.identity)) expect(doc[member], member).toEqual(value);
  });

  it.each(section("formPackages").map((e) => [e.path, e] as const))("%s: package digest and every file digest match", (_, entry) => {
    const packageIndex = readJson<{ formRef: Record<string, string>; files: { path: string; size: number; digest: string }[]; definitionPath: string }>(
      path.join(corpusDir, entry.path, "package-index.json"),
    );
    expect(entry.digest).toBe(canonicalDigest(packageIndex));
    expect(entry.identity).toEqual(packageIndex.formRef);
    const definition = readJson(path.join(corpusDir, entry.path, packageIndex.definitionPath));
    expect(packageIndex.formRef.schemaDigest).toBe(canonicalDigest(definition));
    const onDisk = filesBelow(path.join(corpusDir, entry.path)).filter((f) => f !== "package-index.json");
    expect(packageIndex.files.map((f) => f.path)).toEqual(onDisk);
    for (const file of packageIndex.files) {
      const bytes = readFileSync(path.join(corpusDir, entry.path, file.path));
      expect(file.size, file.path).toBe(bytes.length);
      expect(file.digest, file.path).toBe(fileDigest(bytes));
    }
  });

  it.each(section("artifactManifests").map((e) => [e.path, e] as const))("%s: every blob's size and sha256 match its bytes", (_, entry) => {
    const manifest = readJson<{ modules?: { name: string; size: number; digest: string }[]; files?: { path: string; size: number; digest: string }[] }>(
      path.join(corpusDir, entry.path),
    );
    const dir = path.join(corpusDir, path.posix.dirname(entry.path));
    const blobs = [...(manifest.modules ?? []).map((m) => ({ ...m, path: m.name })), ...(manifest.files ?? [])];
    expect(blobs.length).toBeGreaterThan(0);
    for (const blob of blobs) {
      const bytes = readFileSync(path.join(dir, blob.path));
      expect(blob.size, blob.path).toBe(bytes.length);
      expect(blob.digest, blob.path).toBe(fileDigest(bytes));
    }
  });
});

describe("pin.ts", () => {
  it("has nothing left to change in the committed corpus", () => {
    expect(pinCorpus(corpusDir, { write: false }).changed).toEqual([]);
  });

  it("corpus/lib's verifyTree finds no problem in the corpus", () => {
    const result = verifyTree(corpusDir);
    expect(result.problems).toEqual([]);
    expect(result.unresolved).toBe(0);
    expect(result.packages).toBe(16);
  });

  describe("on a copy whose edge.queue interface text was edited", () => {
    const copy = mkdtempSync(path.join(tmpdir(), "takoform-pin-"));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));
    copyCorpusData(copy);
    const queueFile = path.join(copy, "interfaces/v1alpha1/edge.queue/1.0.0/definition.json");
    const queue = readJson<Record<string, unknown>>(queueFile);
    queue.title = "At-least-once queue (edited)";
    writeFileSync(queueFile, JSON.stringify(queue, null, 2) + "\n");

    it("the copy is detectably stale before pinning", () => {
      expect(verifyTree(copy).problems.length).toBeGreaterThan(0);
      expect(pinCorpus(copy, { write: false }).changed.length).toBeGreaterThan(0);
    });

    it("one pin run rewrites every dependent digest, in dependency order", () => {
      const { changed } = pinCorpus(copy, { write: true });
      // The binding targeting edge.queue, the Forms providing or requiring it, the Form pinning one
      // of those by exact ref (WorkerDeployment -> WorkerVersion), their package indexes, the index.
      for (const rel of [
        "bindings/v1alpha1/module-worker.queue-producer/1.0.0/definition.json",
        "forms/edge/v1beta1/at-least-once-queue/0.1.0/definition.json",
        "forms/edge/v1beta1/queue-consumer/0.1.0/definition.json",
        "forms/edge/v1beta1/worker-version/0.1.0/definition.json",
        "forms/edge/v1beta1/worker-deployment/0.1.0/definition.json",
        "forms/edge/v1beta1/worker-deployment/0.1.0/package-index.json",
        "index.json",
      ])
        expect(changed, rel).toContain(rel);
      expect(changed).not.toContain("forms/edge/v1beta1/module-worker/0.1.0/definition.json");
      expect(verifyTree(copy).problems).toEqual([]);
      expect(pinCorpus(copy, { write: false }).changed).toEqual([]);
      const deployment = readJson<{
        desiredSchema: { properties: { versions: { items: { properties: { workerVersion: Record<string, { schemaDigest: string }[]> } } } } };
      }>(path.join(copy, "forms/edge/v1beta1/worker-deployment/0.1.0/definition.json"));
      const pinnedVersion = deployment.desiredSchema.properties.versions.items.properties.workerVersion["x-takoform-target-formrefs"]![0]!.schemaDigest;
      expect(pinnedVersion).toBe(canonicalDigest(readJson(path.join(copy, "forms/edge/v1beta1/worker-version/0.1.0/definition.json"))));
      expect(pinnedVersion).not.toBe(canonicalDigest(corpusForm("WorkerVersion").definition));
    });
  });
});
