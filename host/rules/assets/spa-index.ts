// Static assets on a Worker Version (decision 0033): single_page_application answers a missing
// path with the bundle's index.html, so the host resolves the EXACT referenced manifest and refuses
// the version with invalid_argument, before mutation, when that manifest has no index.html.

import { accept, refuse, type RuleOutcome } from "../outcome.js";

export const SPA_INDEX = "index.html";

export function spaIndexPresent(spec: Record<string, unknown>, manifest: { files?: readonly { path: string }[] } | undefined): RuleOutcome {
  const assets = spec["assets"] as Record<string, unknown> | undefined;
  if (assets === undefined || assets["notFoundHandling"] !== "single_page_application") return accept();
  if ((manifest?.files ?? []).some((f) => f.path === SPA_INDEX)) return accept();
  return refuse(
    "invalid_argument",
    `/assets/notFoundHandling: single_page_application needs ${SPA_INDEX} in the StaticAssetBundle manifest /assets/bundle references, and it has none`,
    "/assets/notFoundHandling",
  );
}
