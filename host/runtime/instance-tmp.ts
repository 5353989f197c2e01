// Where a Miniflare instance keeps its temporary directory. Miniflare makes one under
// os.tmpdir() as it is constructed (workflows, storage that is not persisted) and removes it when
// disposed or when the process exits normally. A host killed without closing (SIGKILL, the OOM
// killer) left one in the machine's temporary folder per instance, for good. The runtime's
// instances make theirs under DATA/runtime/tmp instead, and a starting runtime empties that folder
// once the workerd an earlier host left running are ended (orphans.ts).

import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

export const instanceTmpDir = (dataDir: string): string => path.join(dataDir, "runtime", "tmp");

/** Runs `create` (a synchronous Miniflare constructor) with os.tmpdir() answering `dir`. */
export function constructedIn<T>(dir: string, create: () => T): T {
  mkdirSync(dir, { recursive: true });
  const before = process.env["TMPDIR"];
  process.env["TMPDIR"] = dir;
  try {
    return create();
  } finally {
    if (before === undefined) delete process.env["TMPDIR"];
    else process.env["TMPDIR"] = before;
  }
}

/** Removes what instances of an earlier host of this data directory left. Call before the first instance starts. */
export function clearInstanceTmp(dataDir: string): void {
  rmSync(instanceTmpDir(dataDir), { recursive: true, force: true, maxRetries: 3 });
}
