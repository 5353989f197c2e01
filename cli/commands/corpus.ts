// `takoform corpus verify [DIR] [--json]`  verify every package, definition and declared digest below DIR
// `takoform corpus digest FILE...`         print the raw-byte and RFC 8785 canonical digests of files

import { readFileSync } from "node:fs";
import path from "node:path";
import { canonicalDigest, corpusRoot, decodeJsonBytes, fileDigest, verifyTree } from "../../corpus/lib/index.js";
import type { Subcommand } from "../main.js";

const USAGE = `usage: takoform corpus verify [DIR] [--json]
       takoform corpus digest FILE...

verify  recomputes every Form Package file digest, schemaDigest and package digest, every
        Interface/Binding Definition digest, every digest a JSON document below DIR declares,
        and every corpus index.json entry. DIR defaults to the built-in corpus.
        Exits 1 when anything does not match.
digest  prints "<raw sha256>  <canonical sha256>  FILE" (canonical only for JSON files).`;

function verify(args: string[]): number {
  const json = args.includes("--json");
  const rest = args.filter((a) => a !== "--json");
  if (rest.length > 1 || rest.some((a) => a.startsWith("-"))) {
    console.error(USAGE);
    return 2;
  }
  const dir = path.resolve(rest[0] ?? corpusRoot());
  let result;
  try {
    result = verifyTree(dir);
  } catch (error) {
    console.error(`takoform corpus verify: ${dir}: ${(error as Error).message}`);
    return 2;
  }
  if (json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    for (const problem of result.problems) console.error(`problem: ${problem}`);
    console.log(
      `${result.problems.length > 0 ? "FAILED" : result.checked === 0 ? "NOTHING VERIFIED" : "ok"}: ${dir}: ${result.packages} form packages, ${result.interfaces} interfaces, ` +
        `${result.bindings} bindings, ${result.indexEntries} index entries; ${result.checked} digests checked, ` +
        `${result.unresolved} declarations name definitions outside this tree; ${result.problems.length} problems`,
    );
  }
  return result.problems.length === 0 && result.checked > 0 ? 0 : 1;
}

function digest(files: string[]): number {
  if (files.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let status = 0;
  for (const file of files) {
    try {
      const bytes = readFileSync(file);
      let canonical = "-";
      if (file.endsWith(".json")) {
        const decoded = decodeJsonBytes(bytes, file);
        if (decoded.ok) canonical = canonicalDigest(decoded.value);
        else {
          console.error(decoded.problem);
          status = 1;
        }
      }
      console.log(`${fileDigest(bytes)}  ${canonical}  ${file}`);
    } catch (error) {
      console.error(`${file}: ${(error as Error).message}`);
      status = 1;
    }
  }
  return status;
}

const command: Subcommand = {
  summary: "verify the pinned corpus (digests, packages, definitions) or print file digests",
  async run(args) {
    const [sub, ...rest] = args;
    if (sub === "verify") return verify(rest);
    if (sub === "digest") return digest(rest);
    console.error(USAGE);
    return sub === "--help" || sub === "-h" ? 0 : 2;
  },
};
export default command;
