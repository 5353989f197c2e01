// Values a host canonicalizes before it stores them, so the representation it serves spells them
// differently from what the author wrote: a WorkerCustomDomain's hostname loses its trailing root
// dot and its ASCII upper case (Host API v1beta1, "A WorkerCustomDomain's hostname is
// canonicalized ..."). Read keeps the author's spelling while the host's value is its canonical
// form; otherwise every plan would see the configuration differ from state and plan a
// replacement, forever (a perpetual diff, found by test/e2e/plan-stability.test.ts).
import type { CtyObject } from "../wire/value.js";
import type { Lifecycle } from "./context.js";

type Canonicalize = (written: string) => string;

const canonicalHostname: Canonicalize = (written) => written.replace(/\.$/, "").replace(/[A-Z]/g, (c) => c.toLowerCase());

/** kind -> attribute name -> how the host canonicalizes it. */
const CANONICALIZED: Record<string, Record<string, Canonicalize>> = {
  WorkerCustomDomain: { hostname: canonicalHostname },
};

/** In `next` (read from the host), restores each canonicalized attribute to the prior spelling when the host holds its canonical form. */
export function keepAuthorSpelling(lc: Lifecycle, prior: CtyObject, next: CtyObject): void {
  const rules = CANONICALIZED[lc.model.kind];
  if (rules === undefined) return;
  for (const [name, canonicalize] of Object.entries(rules)) {
    const written = prior[name];
    const held = next[name];
    if (typeof written === "string" && typeof held === "string" && written !== held && canonicalize(written) === held) next[name] = written;
  }
}
