// Commit-time verification of received bytes against manifest entries (artifact-transport): a
// blob the tenant never uploaded is artifact_missing; bytes whose size or sha256 differ from the
// entry are artifact_invalid. Pure over a reader the host supplies.

import { fileDigest } from "../../../corpus/lib/index.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import type { ManifestEntry } from "./manifest-entries.js";

export function verifyBlobs(member: "modules" | "files", entries: readonly ManifestEntry[], readBlob: (digest: string) => Uint8Array | undefined): RuleOutcome {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const at = `/${member}/${i}`;
    const bytes = readBlob(e.digest);
    if (bytes === undefined) return refuse("artifact_missing", `${at}: blob ${e.digest} for "${e.name}" was never uploaded`, at);
    if (bytes.byteLength !== e.size) {
      return refuse("artifact_invalid", `${at}/size: "${e.name}" declares ${e.size} bytes; the blob has ${bytes.byteLength}`, `${at}/size`);
    }
    const actual = fileDigest(bytes);
    if (actual !== e.digest) return refuse("artifact_invalid", `${at}/digest: the blob for "${e.name}" hashes to ${actual}`, `${at}/digest`);
  }
  return accept();
}
