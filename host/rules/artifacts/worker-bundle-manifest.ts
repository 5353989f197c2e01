// WorkerBundle manifest rules: modules use exactly the loadable set plus the auxiliary set;
// mainModule is listed and is loadable (an auxiliary mainModule is artifact_invalid, carrying one
// is not); a source map ("<module>.map", decided in ADR 0064) must have its target module present.

import { refuse, type Refusal } from "../outcome.js";
import { artifactPathProblem } from "./relative-path.js";
import { checkEntries, type ManifestEntry } from "./manifest-entries.js";
import type { ManifestLimits } from "./limits.js";
import type { ModuleMediaTypes } from "./media-types.js";

export const SOURCE_MAP_SUFFIX = ".map";

export function checkWorkerBundle(
  doc: Record<string, unknown>,
  limits: ManifestLimits,
  types: ModuleMediaTypes,
): { mainModule: string; modules: ManifestEntry[] } | Refusal {
  const listed = checkEntries(doc["modules"], "modules", "name", limits);
  if ("ok" in listed) return listed;
  const modules = listed.entries;
  for (let i = 0; i < modules.length; i++) {
    const m = modules[i]!;
    if (!types.loadable.includes(m.mediaType) && !types.auxiliary.includes(m.mediaType)) {
      return refuse(
        "artifact_invalid",
        `/modules/${i}/mediaType: "${m.mediaType}" is not a module type this runtime loads (${types.loadable.join(", ")}) or carries (${types.auxiliary.join(", ")})`,
        `/modules/${i}/mediaType`,
      );
    }
  }
  const problem = artifactPathProblem(doc["mainModule"]);
  if (problem !== undefined) return refuse("artifact_invalid", `/mainModule: ${problem}`, "/mainModule");
  const mainModule = doc["mainModule"] as string;
  const main = modules.find((m) => m.name === mainModule);
  if (main === undefined) return refuse("artifact_invalid", `/mainModule: "${mainModule}" is not listed in /modules`, "/mainModule");
  if (!types.loadable.includes(main.mediaType)) {
    return refuse(
      "artifact_invalid",
      `/mainModule: "${mainModule}" is ${main.mediaType}, an auxiliary module the runtime never loads; the main module must be loadable`,
      "/mainModule",
    );
  }
  for (let i = 0; i < modules.length; i++) {
    const m = modules[i]!;
    if (!types.auxiliary.includes(m.mediaType)) continue;
    const target = m.name.endsWith(SOURCE_MAP_SUFFIX) ? m.name.slice(0, -SOURCE_MAP_SUFFIX.length) : undefined;
    const targetEntry = target === undefined ? undefined : modules.find((t) => t.name === target && types.loadable.includes(t.mediaType));
    if (targetEntry === undefined) {
      return refuse(
        "artifact_invalid",
        `/modules/${i}/name: source map "${m.name}" must be named "<module>${SOURCE_MAP_SUFFIX}" after a loadable module of this bundle` +
          (target === undefined ? "" : `, and "${target}" is not one`),
        `/modules/${i}/name`,
      );
    }
  }
  return { mainModule, modules };
}
