// Which bundle a spare runs. A spare keeps the code it loaded at its start; a launcher claiming
// it later expects the installed bundle as it is now. `takoform provider install` rewrites the
// bundle and its stamp in place (same paths, so the same spare directory), so a spare compares the
// bytes it started from with the files at each claim and declines when they differ (ADR 0282).
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";

export interface FileIdentity {
  path: string;
  size: number;
  mtimeMs: number;
  ino: number;
  sha256: string;
}

function sha256Of(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

export function identify(paths: readonly string[]): FileIdentity[] {
  return paths.map((path) => {
    const st = statSync(path);
    return { path, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, sha256: sha256Of(path) };
  });
}

/** Why the files no longer are those `started` recorded, or undefined when they are (same bytes). */
export function changedSince(started: readonly FileIdentity[]): string | undefined {
  for (const was of started) {
    const st = statSync(was.path, { throwIfNoEntry: false });
    if (st === undefined) return `${was.path} is gone`;
    if (st.size !== was.size) return `${was.path} changed since the spare started`;
    const untouched = st.mtimeMs === was.mtimeMs && st.ino === was.ino;
    if (!untouched && sha256Of(was.path) !== was.sha256) return `${was.path} changed since the spare started`;
  }
  return undefined;
}
