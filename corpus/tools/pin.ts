// Recomputes every digest the corpus pins: Binding targetInterface digests, every digest inside
// Form Definitions, every package-index.json, every artifact manifest entry and corpus/index.json.
//
//   npx tsx corpus/tools/pin.ts            rewrite what changed
//   npx tsx corpus/tools/pin.ts --check    exit 1 if anything is not pinned; write nothing
//   npx tsx corpus/tools/pin.ts DIR        pin another corpus directory laid out like corpus/

import path from "node:path";
import { fileURLToPath } from "node:url";
import { PinError, pinCorpus } from "./pin/pin-corpus.js";

const args = process.argv.slice(2);
const check = args.includes("--check");
const dirArg = args.find((a) => !a.startsWith("--"));
const root = path.resolve(dirArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));

try {
  const { changed } = pinCorpus(root, { write: !check });
  if (check) {
    if (changed.length > 0) {
      console.error(`not pinned (${changed.length} file(s) would change):\n  ${changed.join("\n  ")}`);
      process.exit(1);
    }
    console.log(`corpus is pinned (${root})`);
  } else {
    console.log(changed.length === 0 ? "nothing to pin" : `pinned ${changed.length} file(s):\n  ${changed.join("\n  ")}`);
  }
} catch (error) {
  if (error instanceof PinError) {
    console.error(`pin failed: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
