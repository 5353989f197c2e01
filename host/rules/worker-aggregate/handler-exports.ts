// A WorkerVersion declaring a handler the main module of its referenced bundle does not export is
// refused invalid_argument before any mutation (apply, import, and again at a 202's commit). The
// export set comes from host/modules' analysis of the module bytes. When that analysis cannot
// establish a declared handler (an unanalyzable default export), the version is refused too,
// with the analysis' reason: the host cannot run the module to find out (ADR 0062).

import type { HandlerExportReport } from "../../modules/export-analysis.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

export function declaredHandlersExported(spec: Record<string, unknown>, mainModule: string, report: HandlerExportReport): RuleOutcome {
  const handlers = Array.isArray(spec["handlers"]) ? (spec["handlers"] as unknown[]) : [];
  for (let i = 0; i < handlers.length; i++) {
    const h = String(handlers[i]);
    if (report.handlers.includes(h)) continue;
    const pointer = `/handlers/${i}`;
    let why: string;
    if (report.notCallable.includes(h)) why = `its default export has a "${h}" member that is not callable`;
    else if (report.shape === "class") {
      const hint = report.prototypeMethods?.includes(h) ? ` ("${h}" is an instance method of the class)` : "";
      why = `its default export is a class, not a plain object with a "${h}" property${hint}`;
    } else if (report.shape === "object" && report.analyzable) why = `its default export has no "${h}" property`;
    else if (report.analyzable) why = report.reason ?? `it exports no "${h}"`;
    else
      why = `its default export cannot be analyzed statically (${report.reason ?? "unknown shape"}), so "${h}" cannot be shown to exist; export a plain object literal`;
    return refuse("invalid_argument", `${pointer}: the bundle's main module ${mainModule} does not export handler "${h}": ${why}`, pointer);
  }
  return accept();
}
