// The Form the host benchmark stores: AtLeastOnceQueue (cheap, and updatable in place), with its
// exact FormRef materialized from the built-in corpus through corpus/lib.

import path from "node:path";
import { corpusRoot, loadCatalog, EDGE_GROUP } from "../../corpus/lib/index.js";
import type { WireFormRef } from "./api.js";

export const BENCH_GROUP = EDGE_GROUP;
export const BENCH_KIND = "AtLeastOnceQueue";

export function benchFormRef(): WireFormRef {
  const root = corpusRoot();
  const catalog = loadCatalog([path.join(root, "forms"), path.join(root, "interfaces"), path.join(root, "bindings")]);
  const forms = catalog.formsOf(BENCH_GROUP, BENCH_KIND);
  const form = forms.find((f) => f.capabilities.includes("update"));
  if (form === undefined) throw new Error(`the corpus has no updatable ${BENCH_GROUP} ${BENCH_KIND}`);
  return { ...form.ref };
}
