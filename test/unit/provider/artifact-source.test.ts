// Manifests built from local directories (ADR 0102): the same bytes the
// corpus pins give the same canonical digest as its committed manifests;
// unusable directories are refused with the reason.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canonicalDigest } from "../../../corpus/lib/digest.js";
import { corpusRoot } from "../../../corpus/lib/root.js";
import { ArtifactSourceError, localArtifact } from "../../../provider-bridge/lifecycle/artifact-source.js";

const dirs: string[] = [];
function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), "takoform-artifact-src-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function copyWithoutManifest(from: string, to: string): void {
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.name === "manifest.json") continue;
    if (e.isDirectory()) {
      mkdirSync(join(to, e.name));
      copyWithoutManifest(join(from, e.name), join(to, e.name));
    } else copyFileSync(join(from, e.name), join(to, e.name));
  }
}

describe("manifests from local files", () => {
  for (const [kind, sub] of [
    ["WorkerBundle", "worker-bundles/all-handlers"],
    ["MigrationBundle", `migrations/${readdirSync(join(corpusRoot(), "artifacts", "migrations"))[0]}`],
  ] as const) {
    it(`${kind} from ${sub} has the corpus manifest's digest`, () => {
      const src = join(corpusRoot(), "artifacts", sub);
      const d = scratch();
      copyWithoutManifest(src, d);
      const built = localArtifact(kind, d, "/");
      const pinned = JSON.parse(readFileSync(join(src, "manifest.json"), "utf8"));
      expect(built.manifest).toEqual(pinned);
      expect(built.digest).toBe(canonicalDigest(pinned));
      expect(built.files.size).toBeGreaterThan(0);
    });
  }

  it("refuses an empty directory, a missing one, a bundle without a main module and a migration that is not SQL", () => {
    const d = scratch();
    expect(() => localArtifact("WorkerBundle", d, "/")).toThrow(ArtifactSourceError);
    expect(() => localArtifact("WorkerBundle", join(d, "absent"), "/")).toThrow(/cannot read/);
    writeFileSync(join(d, "a.js"), "export default {}");
    writeFileSync(join(d, "b.js"), "export default {}");
    expect(() => localArtifact("WorkerBundle", d, "/")).toThrow(/main module/);
    writeFileSync(join(d, "index.js"), "export default {}");
    expect(localArtifact("WorkerBundle", d, "/").manifest["mainModule"]).toBe("index.js");
    expect(() => localArtifact("MigrationBundle", d, "/")).toThrow(/\.js file/);
  });
});
