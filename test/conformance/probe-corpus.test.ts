// The runner's probe corpus: its binding-probe Form Packages (docs/decisions/0083) are real Form Packages: every one
// verifies with corpus/lib, loads into a catalog beside the project corpus, derives one binding
// relation governed by the pinned module-worker.edge-kv contract, and breaks exactly the step it
// is named for.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BINDING_PROBE_GROUP, BINDING_PROBES, probeTargetKind, writeBindingProbePackages } from "../../conformance/harness/aggregate/binding-probes.js";
import { corpusRoot, loadCatalog, verifyFormPackage } from "../../corpus/lib/index.js";
import { probeCorpusDir, SECOND_GROUP } from "../../conformance/harness/probe-corpus.js";

describe("binding-probe Form Packages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-probes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pinned = loadCatalog([corpusRoot()]);
  const packages = writeBindingProbePackages(dir, pinned);
  const contract = pinned.bindings().find((b) => b.ref.name === "module-worker.edge-kv")!;

  it("writes one verifying package per probe", () => {
    expect(packages).toHaveLength(BINDING_PROBES.length);
    for (const pkg of packages) expect(verifyFormPackage(pkg).problems).toEqual([]);
  });

  it("loads beside the corpus, each breaking exactly its own step", () => {
    const catalog = loadCatalog([corpusRoot(), dir]);
    for (const probe of BINDING_PROBES) {
      const [form] = catalog.formsOf(BINDING_PROBE_GROUP, probe.kind);
      expect(form, probe.kind).toBeDefined();
      const def = form!.definition;
      expect(form!.relations.map((r) => [r.pointer, r.binding, r.targetKind])).toEqual([
        ["/kvBindings/*/resource", "module-worker.edge-kv", probeTargetKind(probe)],
      ]);
      const accepted = def.acceptedBindings ?? [];
      expect(accepted.some((a) => a.name === contract.ref.name && a.schemaDigest === contract.ref.schemaDigest)).toBe(probe.step !== 1 && probe.step !== 2);
      expect(accepted.some((a) => a.name === contract.ref.name)).toBe(probe.step !== 1);
      expect(def.role).toBe(probe.step === 3 ? "identity" : "revision");
      const allowed = (contract.definition as { allowedTargetForms: { kind: string }[] }).allowedTargetForms.map((t) => t.kind);
      expect(allowed.includes(probeTargetKind(probe))).toBe(probe.step !== 4);
      expect(form!.relations[0]!.requiredInterface).toEqual((contract.definition as { targetInterface: unknown }).targetInterface);
    }
  });
});

describe("the shipped probe corpus (conformance/probe-corpus)", () => {
  it("is exactly what the generator writes from the pinned corpus", async () => {
    const { execa } = await import("execa");
    const r = await execa("npx", ["tsx", "conformance/tools/write-probe-corpus.ts", "--check"], { cwd: path.resolve(corpusRoot(), ".."), reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it("verifies and loads beside the corpus, holding the binding probes and the synthetic second group", () => {
    const catalog = loadCatalog([corpusRoot(), probeCorpusDir()]);
    for (const probe of BINDING_PROBES) expect(catalog.formsOf(BINDING_PROBE_GROUP, probe.kind), probe.kind).toHaveLength(1);
    const [second] = catalog.formsOf(SECOND_GROUP.apiVersion, SECOND_GROUP.kind);
    expect(second?.definition.role).toBe("identity");
    expect(verifyFormPackage(second!.dir).problems).toEqual([]);
  });
});
