// Which bundle a spare runs. A spare keeps the code it loaded at its start; a launcher claiming
// it later expects the installed bundle as it is now. `takoform provider install` rewrites the
// bundle and its stamp in place (same paths, so the same spare directory), so a spare compares the
// bytes it started from with the files at each claim and declines when they differ (ADR 0282).
import { fileChange, recordFile, type RecordedFile } from "../../../launch/stamp.js";

export interface FileIdentity extends RecordedFile {
  path: string;
}

/** The files as they are now; the inode is recorded too, so a file rewritten in place with the same time is hashed again. */
export function identify(paths: readonly string[]): FileIdentity[] {
  return paths.map((path) => ({ path, ...recordFile(path) }));
}

/** Why the files no longer are those `started` recorded, or undefined when they are (same bytes). */
export function changedSince(started: readonly FileIdentity[]): string | undefined {
  for (const was of started) {
    const change = fileChange(was.path, was);
    if (change === "gone") return `${was.path} is gone`;
    if (change === "changed") return `${was.path} changed since the spare started`;
  }
  return undefined;
}
