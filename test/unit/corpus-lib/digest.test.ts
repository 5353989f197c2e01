import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalDigest, canonicalJson, fileDigest, isDigest } from "../../../corpus/lib/index.js";
import { referenceFormsDir } from "./paths.js";
import { itWithReference } from "../../support/reference.js";

describe("canonicalJson (RFC 8785)", () => {
  it("sorts members by UTF-16 code units and drops insignificant whitespace", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], "\u00e9": 2, A: 0 })).toBe('{"A":0,"a":[true,null,"x"],"b":1,"\u00e9":2}');
  });
  it("serializes numbers the ECMAScript way", () => {
    expect(canonicalJson([1e21, 1.5e-7, -0, 100, 0.1])).toBe("[1e+21,1.5e-7,0,100,0.1]");
  });
  it("refuses values JSON cannot carry", () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(Infinity)).toThrow();
    expect(() => canonicalJson("\ud800")).toThrow();
    expect(() => canonicalJson(undefined)).toThrow();
  });
});

describe("digests", () => {
  it("canonicalDigest is independent of member order and formatting", () => {
    const a = canonicalDigest({ x: 1, y: { b: 2, a: 1 } });
    const b = canonicalDigest(JSON.parse('{ "y": {"a":1, "b":2}, "x": 1 }'));
    expect(a).toBe(b);
    expect(isDigest(a)).toBe(true);
    expect(canonicalDigest({ x: 2 })).not.toBe(canonicalDigest({ x: 1 }));
  });
  it("fileDigest hashes raw bytes (known vector)", () => {
    expect(fileDigest(new Uint8Array())).toBe("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(fileDigest("abc")).toBe(fileDigest(new TextEncoder().encode("abc")));
  });
  itWithReference("matches the schemaDigest the reference declares for a definition it wrote", () => {
    const dir = path.join(referenceFormsDir, "module-worker");
    const index = JSON.parse(readFileSync(path.join(dir, "package-index.json"), "utf8"));
    const raw = readFileSync(path.join(dir, "definition.json"));
    expect(canonicalDigest(JSON.parse(raw.toString("utf8")))).toBe(index.formRef.schemaDigest);
    const entry = index.files.find((f: { path: string }) => f.path === "definition.json");
    expect(fileDigest(raw)).toBe(entry.digest);
  });
  it("isDigest refuses malformed digests", () => {
    expect(isDigest("sha256:" + "A".repeat(64))).toBe(false);
    expect(isDigest("sha512:" + "a".repeat(64))).toBe(false);
    expect(isDigest(42)).toBe(false);
  });
});
