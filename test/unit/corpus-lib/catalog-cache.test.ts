// The verified-catalog cache (ADR 0140): an unchanged directory is installed from the cache, a
// changed byte anywhere means full verification (a tampered package is still refused), and only
// directories under the cache's roots are remembered.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultCatalogCache, type CatalogCache } from "../../../corpus/lib/catalog-cache.js";
import { CatalogError, loadCatalog, type Catalog } from "../../../corpus/lib/index.js";
import { repoDir } from "./paths.js";

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A private copy of the project's built-in corpus and a cache whose only root is that copy. */
function copiedCorpus(): { forms: string; interfaces: string; bindings: string; cache: CatalogCache } {
  const base = mkdtempSync(path.join(tmpdir(), "takoform-catalog-cache-"));
  temps.push(base);
  const corpus = path.join(base, "corpus");
  for (const part of ["forms", "interfaces", "bindings"]) cpSync(path.join(repoDir, "corpus", part), path.join(corpus, part), { recursive: true });
  return {
    forms: path.join(corpus, "forms"),
    interfaces: path.join(corpus, "interfaces"),
    bindings: path.join(corpus, "bindings"),
    cache: { dir: path.join(base, "cache"), roots: [corpus] },
  };
}

const dirsOf = (c: ReturnType<typeof copiedCorpus>) => [c.forms, c.interfaces, c.bindings];
const cacheFiles = (cache: CatalogCache) => (existsSync(cache.dir) ? readdirSync(cache.dir).filter((f) => f.endsWith(".json")) : []);
const snapshot = (catalog: Catalog) => ({ forms: catalog.forms(), interfaces: catalog.interfaces(), bindings: catalog.bindings() });
const KV = "edge/v1beta1/edge-kv-namespace/0.1.0";

describe("verified-catalog cache", () => {
  it("remembers each verified directory and installs the same catalog from it", () => {
    const corpus = copiedCorpus();
    const verified = loadCatalog(dirsOf(corpus), { cache: null });
    expect(cacheFiles(corpus.cache)).toEqual([]);
    const first = loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    expect(cacheFiles(corpus.cache)).toHaveLength(3);
    const second = loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    expect(snapshot(first)).toEqual(snapshot(verified));
    expect(snapshot(second)).toEqual(snapshot(verified));
    expect(second.forms().length).toBeGreaterThan(5);
    const kv = second.forms().find((form) => form.dir === path.join(corpus.forms, KV));
    expect(kv).toBeDefined();
    expect(second.form(kv!.ref)?.packageDigest).toBe(kv!.packageDigest);
  });

  it("is what a hit installs: an entry whose key still matches is used as stored", () => {
    const corpus = copiedCorpus();
    loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    // Proves the hit path is taken (the cache is trusted like the code beside it, ADR 0140).
    for (const file of cacheFiles(corpus.cache)) {
      const full = path.join(corpus.cache.dir, file);
      writeFileSync(full, readFileSync(full, "utf8").replaceAll('"title":"', '"title":"cached '));
    }
    const hit = loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    expect(hit.forms().every((form) => form.definition.title.startsWith("cached "))).toBe(true);
  });

  it("still refuses a tampered package after the unchanged corpus was cached", () => {
    const corpus = copiedCorpus();
    loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    const definition = path.join(corpus.forms, KV, "definition.json");
    const bytes = readFileSync(definition, "utf8");
    // Same size, one character changed: only the bytes tell.
    const tampered = bytes.replace(/"title": "(.)/, (_m, c: string) => `"title": "${c === "X" ? "Y" : "X"}`);
    expect(tampered).not.toBe(bytes);
    expect(tampered.length).toBe(bytes.length);
    writeFileSync(definition, tampered);
    expect(() => loadCatalog(dirsOf(corpus), { cache: corpus.cache })).toThrow(CatalogError);
    try {
      loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    } catch (error) {
      expect((error as CatalogError).problems.join("\n")).toContain("definition.json");
    }
    // Restored bytes verify again (and hit the entry stored for them).
    writeFileSync(definition, bytes);
    expect(loadCatalog(dirsOf(corpus), { cache: corpus.cache }).forms().length).toBeGreaterThan(5);
  });

  it("re-verifies when a file is added to a cached directory", () => {
    const corpus = copiedCorpus();
    loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    writeFileSync(path.join(corpus.forms, KV, "stray.txt"), "not in the package index\n");
    expect(() => loadCatalog(dirsOf(corpus), { cache: corpus.cache })).toThrow(CatalogError);
  });

  it("ignores a malformed cache file and verifies instead", () => {
    const corpus = copiedCorpus();
    loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    for (const file of cacheFiles(corpus.cache)) writeFileSync(path.join(corpus.cache.dir, file), "{ not json");
    const catalog = loadCatalog(dirsOf(corpus), { cache: corpus.cache });
    expect(snapshot(catalog)).toEqual(snapshot(loadCatalog(dirsOf(corpus), { cache: null })));
  });

  it("never remembers a directory outside its roots, nor one that failed", () => {
    const corpus = copiedCorpus();
    loadCatalog(dirsOf(corpus), { cache: { dir: corpus.cache.dir, roots: [path.join(tmpdir(), "elsewhere")] } });
    expect(cacheFiles(corpus.cache)).toEqual([]);
    writeFileSync(path.join(corpus.forms, KV, "stray.txt"), "x");
    expect(() => loadCatalog([corpus.forms], { cache: corpus.cache })).toThrow(CatalogError);
    expect(cacheFiles(corpus.cache)).toEqual([]);
  });

  it("by default covers the built-in corpus only, and TAKOFORM_CATALOG_CACHE=off disables it", () => {
    const cache = defaultCatalogCache();
    if (cache !== undefined) expect(cache.roots).toEqual([path.join(repoDir, "corpus")]);
    const saved = process.env.TAKOFORM_CATALOG_CACHE;
    process.env.TAKOFORM_CATALOG_CACHE = "off";
    try {
      expect(defaultCatalogCache()).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.TAKOFORM_CATALOG_CACHE;
      else process.env.TAKOFORM_CATALOG_CACHE = saved;
    }
  });
});
