// The checks every manifest entry list shares: a non-empty array within the entry ceiling, each
// entry a closed object {<name member>, mediaType, size, digest}, the name in the relative path
// grammar and unique, the size an integer within bounds, the digest well formed, and the sizes
// summing within the aggregate ceiling. Media types are the caller's (per-kind) concern.

import { isDigest } from "../../../corpus/lib/index.js";
import { refuse, type Refusal } from "../outcome.js";
import { artifactPathProblem } from "./relative-path.js";
import { MAX_ENTRY_BYTES, type ManifestLimits } from "./limits.js";

export interface ManifestEntry {
  name: string;
  mediaType: string;
  size: number;
  digest: string;
}

export function checkEntries(
  list: unknown,
  member: "modules" | "files",
  nameMember: "name" | "path",
  limits: ManifestLimits,
): { entries: ManifestEntry[] } | Refusal {
  const at = `/${member}`;
  if (!Array.isArray(list)) return refuse("artifact_invalid", `${at}: must be an array`, at);
  if (list.length === 0) return refuse("artifact_invalid", `${at}: must list at least one entry`, at);
  if (list.length > limits.maxEntries) {
    return refuse("artifact_invalid", `${at}: ${list.length} entries exceed this host's limit of ${limits.maxEntries}`, at);
  }
  const entries: ManifestEntry[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < list.length; i++) {
    const p = `${at}/${i}`;
    const e = list[i] as Record<string, unknown>;
    if (e === null || typeof e !== "object" || Array.isArray(e)) return refuse("artifact_invalid", `${p}: must be an object`, p);
    const extra = Object.keys(e).find((k) => k !== nameMember && k !== "mediaType" && k !== "size" && k !== "digest");
    if (extra !== undefined) return refuse("artifact_invalid", `${p}/${extra}: is not a member of a manifest entry`, `${p}/${extra}`);
    const problem = artifactPathProblem(e[nameMember]);
    if (problem !== undefined) return refuse("artifact_invalid", `${p}/${nameMember}: ${problem}`, `${p}/${nameMember}`);
    const name = e[nameMember] as string;
    if (typeof e["mediaType"] !== "string") return refuse("artifact_invalid", `${p}/mediaType: must be a string`, `${p}/mediaType`);
    const size = e["size"];
    if (typeof size !== "number" || !Number.isInteger(size) || size < 0 || size > MAX_ENTRY_BYTES) {
      return refuse("artifact_invalid", `${p}/size: must be an integer from 0 to ${MAX_ENTRY_BYTES}`, `${p}/size`);
    }
    if (!isDigest(e["digest"])) return refuse("artifact_invalid", `${p}/digest: must be sha256: followed by 64 lowercase hex digits`, `${p}/digest`);
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      return refuse("artifact_invalid", `${p}/${nameMember}: "${name}" is already listed at ${at}/${earlier}`, `${p}/${nameMember}`);
    }
    seen.set(name, i);
    total += size;
    entries.push({ name, mediaType: e["mediaType"] as string, size, digest: e["digest"] as string });
  }
  if (total > limits.maxBytes) {
    return refuse("artifact_invalid", `${at}: entries total ${total} bytes, over this host's limit of ${limits.maxBytes}`, at);
  }
  return { entries };
}
