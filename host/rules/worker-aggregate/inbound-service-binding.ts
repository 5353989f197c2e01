// Inbound service bindings (decision 0016): a module-worker.service binding to a worker that is
// not Available (no deployment, or one that serves no fetch) is refused at BIND time with
// unsupported_capability, rather than stored and reported not-Ready.

import type { RelationRecord, RenderedCondition } from "../relations/view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { SERVICE_BINDING } from "./aggregate.js";

export function inboundServiceBindingsServed(records: readonly RelationRecord[], readinessOf: (workerUid: string) => RenderedCondition): RuleOutcome {
  for (const record of records) {
    if (record.bindingRef?.name !== SERVICE_BINDING) continue;
    const ready = readinessOf(record.targetUid);
    if (ready.status === "True") continue;
    return refuse(
      "unsupported_capability",
      `binding ${record.pointer}: worker "${record.targetName}" does not serve fetch (${ready.reason}: ${ready.hostReason ?? "not Available"}); ` +
        `a module-worker.service binding needs a worker whose active deployment exports fetch`,
      record.pointer,
    );
  }
  return accept();
}
