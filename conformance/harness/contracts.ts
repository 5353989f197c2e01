// Pinned Interface and Binding contracts, and what the runner reads out of them.

import type { InstalledInterface, InterfaceRef } from "../../corpus/lib/index.js";
import type { CheckContext } from "./context.js";
import { CorpusGap } from "./corpus.js";

export function pinnedInterface(ctx: CheckContext, name: string, version?: string): InstalledInterface {
  const found = ctx.corpus.catalog.interfaces().find((i) => i.ref.name === name && (version === undefined || i.ref.version === version));
  if (!found) throw new CorpusGap(`the pinned corpus holds no Interface ${name}${version ? "@" + version : ""}`);
  return found;
}

/** The runtime contract a Form provides whose loadModule operation declares handlers (worker.runtime). */
export function runtimeContract(ctx: CheckContext): { ref: InterfaceRef; handlers: string[] } {
  for (const i of ctx.corpus.catalog.interfaces()) {
    const ops = (i.definition.operations ?? []) as { name: string; inputSchema?: { properties?: Record<string, { items?: { enum?: unknown } }> } }[];
    const load = ops.find((o) => o.name === "loadModule");
    const handlers = load?.inputSchema?.properties?.["declaredHandlers"]?.items?.enum;
    if (Array.isArray(handlers)) return { ref: i.ref, handlers: handlers as string[] };
  }
  throw new CorpusGap("the pinned corpus holds no runtime contract declaring a handler vocabulary (loadModule declaredHandlers)");
}

/** Every string key anywhere in `value` (for scans of forbidden members). */
export function allKeys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      allKeys(v, out);
    }
  }
  return out;
}
