// The runner is not tied to this project's corpus: a host started over the reference candidate
// Form Packages (read from ../shared at run time) and the runner pinned to the same packages
// with --corpus must agree on every implemented check. The reference publishes its second
// ModuleWorker definition only as a conformance fixture, so the test wraps it in a Form Package
// in a temporary directory (digests computed here) and installs it on both sides.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeProbeCorpus } from "../../conformance/harness/probe-corpus.js";
import { canonicalDigest, fileDigest, loadCatalog } from "../../corpus/lib/index.js";
import { describeWithReference } from "../support/reference.js";
import { failures, listChecks, reference, runRunner, startHost, type RunningHost } from "./support.js";

const synthetic = path.join(reference, "conformance/portable-host-v1beta1/fixtures/synthetic-module-worker-second-definition.json");

function packageSyntheticDefinition(root: string): string {
  const dir = path.join(root, "module-worker-0.2.0");
  mkdirSync(dir, { recursive: true });
  const bytes = readFileSync(synthetic);
  const def = JSON.parse(bytes.toString("utf8")) as { apiVersion: string; kind: string; definitionVersion: string };
  writeFileSync(path.join(dir, "definition.json"), bytes);
  const index = {
    apiVersion: "packages.forms.takoform.com/v1alpha4",
    kind: "FormPackage",
    formRef: { apiVersion: def.apiVersion, kind: def.kind, definitionVersion: def.definitionVersion, schemaDigest: canonicalDigest(def) },
    definitionPath: "definition.json",
    files: [{ path: "definition.json", mediaType: "application/vnd.takoform.form-definition.v1+json", size: bytes.length, digest: fileDigest(bytes) }],
  };
  writeFileSync(path.join(dir, "package-index.json"), JSON.stringify(index, null, 2));
  return root;
}

describeWithReference(
  "takoform conformance pinned to the reference candidate packages",
  () => {
    let host: RunningHost;
    let dirs: string[];
    let extra: string;
    let probes: string;
    beforeAll(async () => {
      extra = packageSyntheticDefinition(mkdtempSync(path.join(tmpdir(), "takoform-reference-forms-")));
      dirs = [path.join(reference, "forms"), path.join(reference, "interfaces"), path.join(reference, "bindings"), extra];
      // The probe corpus (docs/decisions/0083, 0211), bound to the reference's own contract digests:
      // installed by the host (--no-builtin-forms leaves the shipped one out) and given to the runner.
      probes = mkdtempSync(path.join(tmpdir(), "takoform-reference-probes-"));
      writeProbeCorpus(probes, loadCatalog(dirs));
      host = await startHost(["--no-builtin-forms", ...[...dirs, probes].flatMap((d) => ["--forms", d])]);
    });
    afterAll(async () => {
      await host?.stop();
      if (extra) rmSync(extra, { recursive: true, force: true });
      if (probes) rmSync(probes, { recursive: true, force: true });
    });

    it("passes every implemented check with --corpus over the same packages", async () => {
      const { implemented } = await listChecks();
      const run = await runRunner(host.url, host.credentials.file, [...dirs.flatMap((d) => ["--corpus", d]), "--probe-corpus", probes]);
      const failed = failures(run.checks);
      expect(failed, `failing checks:\n${failed}`).toBe("");
      expect(run.exitCode).toBe(0);
      expect(run.checks.map((c) => c.name).sort()).toEqual([...implemented].sort());
    }, 600_000);
  },
  "conformance/portable-host-v1beta1/fixtures/synthetic-module-worker-second-definition.json",
);
