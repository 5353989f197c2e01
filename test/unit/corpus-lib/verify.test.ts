import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canonicalDigest, fileDigest, verifyFormPackage, verifyTree } from "../../../corpus/lib/index.js";
import { referenceBindingsDir, referenceDir, referenceFormsDir, referenceInterfacesDir } from "./paths.js";
import { describeWithReference } from "../../support/reference.js";

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Copies reference directories into a fresh temp dir, keeping their relative layout. */
function copyReference(...relDirs: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-verify-"));
  temps.push(dir);
  for (const rel of relDirs) cpSync(path.join(referenceDir, rel), path.join(dir, rel), { recursive: true });
  return dir;
}

const WV = "forms/candidates/edge/v1beta1/worker-version";

describeWithReference("verifyTree over bytes we did not write (reference specification)", () => {
  it("verifies every reference Form Package with zero problems", () => {
    const result = verifyTree(referenceFormsDir);
    expect(result.problems).toEqual([]);
    expect(result.packages).toBe(15);
    // every payload file digest + 15 schemaDigests + the candidate set's 15 formRef/packageDigest pairs
    expect(result.checked).toBeGreaterThan(100);
  });
  it("verifies every reference Interface and Binding Definition against their candidate sets", () => {
    const interfaces = verifyTree(referenceInterfacesDir);
    expect(interfaces.problems).toEqual([]);
    expect(interfaces.interfaces).toBe(6);
    expect(interfaces.checked).toBe(6);
    const bindings = verifyTree(referenceBindingsDir);
    expect(bindings.problems).toEqual([]);
    expect(bindings.bindings).toBe(5);
    expect(bindings.checked).toBe(5);
  });
  it("cross-checks every InterfaceRef, BindingRef and FormRef the forms declare when verified together", () => {
    const dir = copyReference("forms", "interfaces", "bindings");
    const result = verifyTree(dir);
    expect(result.problems).toEqual([]);
    expect(result.unresolved).toBe(0);
    expect(result.checked).toBeGreaterThan(150);
  });
  it("verifies the conformance contract's raw-byte pins", () => {
    const result = verifyTree(path.join(referenceDir, "conformance/portable-host-v1beta1"));
    expect(result.problems).toEqual([]);
    expect(result.checked).toBeGreaterThanOrEqual(15);
  });
});

describeWithReference("verify reports the precise problem after one mutation", () => {
  it("a flipped byte in a fixture: that file's digest, expected and actual", () => {
    const dir = copyReference(WV);
    const fixture = path.join(dir, WV, "fixtures/desired.json");
    const bytes = readFileSync(fixture);
    const original = fileDigest(bytes);
    const at = bytes.indexOf("bundle");
    bytes[at] = "B".charCodeAt(0);
    writeFileSync(fixture, bytes);
    const result = verifyTree(dir);
    expect(result.problems).toEqual([`${WV}/fixtures/desired.json: digest mismatch: expected ${original}, actual ${fileDigest(bytes)}`]);
  });
  it("one character changed in the definition: file digest and schemaDigest both reported", () => {
    const dir = copyReference(WV);
    const file = path.join(dir, WV, "definition.json");
    const text = readFileSync(file, "utf8");
    const changed = text.replace('"title": "Worker Version"', '"title": "Worker VersioN"');
    expect(changed).not.toBe(text);
    writeFileSync(file, changed);
    const index = JSON.parse(readFileSync(path.join(dir, WV, "package-index.json"), "utf8"));
    const result = verifyTree(dir);
    expect(result.problems).toEqual([
      `${WV}/definition.json: digest mismatch: expected ${index.files[0].digest}, actual ${fileDigest(changed)}`,
      `${WV}/definition.json: schemaDigest mismatch: formRef declares ${index.formRef.schemaDigest}, canonical digest of the definition is ${canonicalDigest(JSON.parse(changed))}`,
    ]);
  });
  it("reformatting the definition changes its file digest but not its schemaDigest", () => {
    const dir = copyReference(WV);
    const file = path.join(dir, WV, "definition.json");
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, "utf8"))));
    const problems = verifyFormPackage(path.join(dir, WV)).problems;
    expect(problems.some((p) => p.includes("definition.json: digest mismatch"))).toBe(true);
    expect(problems.some((p) => p.includes("size mismatch"))).toBe(true);
    expect(problems.some((p) => p.includes("schemaDigest"))).toBe(false);
  });
  it("an unlisted extra file, a missing file, a symlink and an executable file", () => {
    const dir = copyReference(WV);
    const pkg = path.join(dir, WV);
    writeFileSync(path.join(pkg, "fixtures/extra.json"), "{}");
    rmSync(path.join(pkg, "fixtures/negative-unexpected-property.json"));
    symlinkSync("desired.json", path.join(pkg, "fixtures/link.json"));
    chmodSync(path.join(pkg, "fixtures/desired.json"), 0o755);
    const problems = verifyFormPackage(pkg, "wv").problems;
    expect(problems).toContain("wv/fixtures/extra.json: unlisted payload file (not in package-index.json)");
    expect(problems).toContain("wv/fixtures/negative-unexpected-property.json: listed in package-index.json but missing");
    expect(problems).toContain("wv/fixtures/link.json: symlink is not allowed in a Form Package (regular files only)");
    expect(problems).toContain("wv/fixtures/desired.json: executable mode bits are not allowed");
  });
  it("traversal paths, unsorted and duplicate entries in the index", () => {
    const dir = copyReference(WV);
    const indexFile = path.join(dir, WV, "package-index.json");
    const index = JSON.parse(readFileSync(indexFile, "utf8"));
    index.files.push({ ...index.files[1], path: "../escape.json" });
    index.files.push({ ...index.files[1] });
    writeFileSync(indexFile, JSON.stringify(index));
    const problems = verifyFormPackage(path.join(dir, WV), "wv").problems;
    const n = index.files.length;
    expect(problems).toContain(`wv/package-index.json: /files/${n - 2}/path: path must not contain . or .. segments (traversal)`);
    expect(problems.some((p) => p.startsWith(`wv/package-index.json: /files/${n - 2}/path: files must be sorted`))).toBe(true);
    expect(problems.some((p) => p.includes("escape.json") && p.includes("missing"))).toBe(true);
  });
  it("a duplicate member in the index is refused before canonicalization", () => {
    const dir = copyReference(WV);
    const indexFile = path.join(dir, WV, "package-index.json");
    writeFileSync(indexFile, readFileSync(indexFile, "utf8").replace('"kind": "FormPackage",', '"kind": "FormPackage", "kind": "FormPackage",'));
    const problems = verifyFormPackage(path.join(dir, WV), "wv").problems;
    expect(problems).toEqual([expect.stringMatching(/^wv\/package-index.json: not I-JSON: \/kind: duplicate member name "kind"/)]);
  });
  it("an interface edited after a form pinned it: the form's stale InterfaceRef is named", () => {
    const dir = copyReference("forms", "interfaces");
    const file = path.join(dir, "interfaces/candidates/v1alpha1/edge.kv/definition.json");
    const doc = JSON.parse(readFileSync(file, "utf8"));
    doc.title += ".";
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const problems = verifyTree(dir).problems;
    expect(problems).toContain(
      `interfaces/candidates/v1alpha1/candidate-set.json: /interfaces/0: schemaDigest mismatch for interface edge.kv@1.0.0: expected sha256:231cfe2a7d8a6a9234f2ca84d4c4fc5b52857e5b632ab613ab2f9eca0116e082, actual ${canonicalDigest(doc)} (interfaces/candidates/v1alpha1/edge.kv/definition.json)`,
    );
    expect(
      problems.some((p) => p.startsWith("forms/candidates/edge/v1beta1/edge-kv-namespace/definition.json: /providedInterfaces/0: schemaDigest mismatch")),
    ).toBe(true);
    expect(
      problems.some((p) =>
        p.startsWith(
          "forms/candidates/edge/v1beta1/worker-version/definition.json: /desiredSchema/properties/kvBindings/items/properties/resource/x-takoform-required-interface",
        ),
      ),
    ).toBe(true);
  });
});

describeWithReference("corpus index.json entries", () => {
  it("verifies package, definition and raw-file pins and names each mismatch", () => {
    const dir = copyReference(WV, "interfaces/candidates/v1alpha1/edge.kv");
    const pkgIndex = readFileSync(path.join(dir, WV, "package-index.json"), "utf8");
    const kv = readFileSync(path.join(dir, "interfaces/candidates/v1alpha1/edge.kv/definition.json"));
    const good = {
      entries: [
        { path: WV, identity: JSON.parse(pkgIndex).formRef, digest: canonicalDigest(JSON.parse(pkgIndex)) },
        {
          path: "interfaces/candidates/v1alpha1/edge.kv/definition.json",
          identity: { name: "edge.kv", version: "1.0.0" },
          digest: canonicalDigest(JSON.parse(kv.toString())),
        },
        { path: `${WV}/fixtures/desired.json`, digest: fileDigest(readFileSync(path.join(dir, WV, "fixtures/desired.json"))) },
      ],
    };
    writeFileSync(path.join(dir, "index.json"), JSON.stringify(good));
    const ok = verifyTree(dir);
    expect(ok.problems).toEqual([]);
    expect(ok.indexEntries).toBe(3);

    const zero = "sha256:" + "0".repeat(64);
    const bad = structuredClone(good);
    bad.entries[0]!.digest = zero;
    bad.entries[1]!.identity = { name: "edge.kv", version: "2.0.0" };
    bad.entries[2]!.path = "missing.json";
    writeFileSync(path.join(dir, "index.json"), JSON.stringify(bad));
    expect(verifyTree(dir).problems).toEqual([
      `index.json: /entries/0 (${WV}): digest mismatch: expected ${zero}, actual ${good.entries[0]!.digest}`,
      `index.json: /entries/1 (interfaces/candidates/v1alpha1/edge.kv/definition.json): identity.version mismatch: expected "2.0.0", actual "1.0.0"`,
      `index.json: /entries/2 (missing.json): pinned path does not exist`,
    ]);
  });
});
