// The handler vocabulary is the runtime contract's, not a host constant: worker.runtime@1.0.0's
// loadModule operation declares it as the enum of declaredHandlers. A WorkerVersion declaring a
// handler outside it is refused invalid_argument on validate, prepare and apply alike.

import type { InterfaceDefinition } from "../../../corpus/lib/index.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

/** The handler vocabulary a runtime Interface defines, or undefined when the definition states none. */
export function runtimeHandlerVocabulary(runtime: InterfaceDefinition): string[] | undefined {
  const load = (runtime.operations ?? []).find((op) => op.name === "loadModule");
  const schema = load?.["inputSchema"] as { properties?: { declaredHandlers?: { items?: { enum?: unknown } } } } | undefined;
  const values = schema?.properties?.declaredHandlers?.items?.enum;
  if (!Array.isArray(values) || !values.every((v) => typeof v === "string")) return undefined;
  return [...values];
}

export function declaredHandlersInVocabulary(spec: Record<string, unknown>, vocabulary: readonly string[]): RuleOutcome {
  const handlers = spec["handlers"];
  if (!Array.isArray(handlers)) return accept();
  for (let i = 0; i < handlers.length; i++) {
    const h = handlers[i];
    if (typeof h === "string" && vocabulary.includes(h)) continue;
    return refuse(
      "invalid_argument",
      `/handlers/${i}: ${JSON.stringify(h)} is not a handler the runtime contract defines; the vocabulary is ${vocabulary.join(", ")}`,
      `/handlers/${i}`,
    );
  }
  return accept();
}
