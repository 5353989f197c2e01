// Writes conformance/probe-corpus/ (the Form Packages a host installs for conformance, see
// conformance/harness/probe-corpus.ts) from the pinned corpus.
//
//   npx tsx conformance/tools/write-probe-corpus.ts [--check]
//
// --check exits 1 when the committed directory differs from what the generator writes.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { corpusRoot, loadCatalog } from "../../corpus/lib/index.js";
import { probeCorpusDir, writeProbeCorpus } from "../harness/probe-corpus.js";

function files(dir: string, base = dir): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) for (const [k, v] of files(full, base)) out.set(k, v);
    else out.set(path.relative(base, full), readFileSync(full, "utf8"));
  }
  return out;
}

const pinned = loadCatalog([corpusRoot()]);
if (process.argv.includes("--check")) {
  const tmp = mkdtempSync(path.join(tmpdir(), "probe-corpus-"));
  try {
    writeProbeCorpus(tmp, pinned);
    const want = files(tmp);
    const have = files(probeCorpusDir());
    const differ = [...new Set([...want.keys(), ...have.keys()])].filter((f) => want.get(f) !== have.get(f));
    if (differ.length) {
      console.error(`write-probe-corpus: conformance/probe-corpus is stale (${differ.join(", ")}); run npx tsx conformance/tools/write-probe-corpus.ts`);
      process.exit(1);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  for (const pkg of writeProbeCorpus(probeCorpusDir(), pinned)) console.log(path.relative(process.cwd(), pkg));
}
