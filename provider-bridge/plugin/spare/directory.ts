// The spare directory admits only its owner: the launcher hands a spare Terraform's session by
// renaming a marker in it, and a spare adopts the environment of the process named in the
// claim. So the directory (and its ready/ and claimed/) must be this user's own, not links, and
// closed to group and others; and its parent must not let anyone else replace it (this user's or
// root's, and not writable by others unless sticky, as /tmp is). They are made so when absent,
// and refused (no spares) when they are not.
import { lstatSync, mkdirSync, rmdirSync, statSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";

export const READY = "ready";
export const CLAIMED = "claimed";

/** Why `stats` (from lstat) cannot hold spares for `uid`, or undefined when it can. */
export function unsafeBecause(path: string, stats: Pick<Stats, "uid" | "mode" | "isDirectory" | "isSymbolicLink">, uid: number): string | undefined {
  if (stats.isSymbolicLink()) return `${path} is a symbolic link`;
  if (!stats.isDirectory()) return `${path} is not a directory`;
  if (stats.uid !== uid) return `${path} belongs to uid ${stats.uid}, not ${uid}`;
  if ((stats.mode & 0o077) !== 0) return `${path} is open to group or others (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}

/** Why the parent (stat: links followed) would let another user replace the directory, or undefined. */
export function unsafeParentBecause(path: string, stats: Pick<Stats, "uid" | "mode" | "isDirectory">, uid: number): string | undefined {
  if (!stats.isDirectory()) return `${path} is not a directory`;
  if (stats.uid !== uid && stats.uid !== 0) return `${path} belongs to uid ${stats.uid}, neither ${uid} nor root`;
  if ((stats.mode & 0o022) !== 0 && (stats.mode & 0o1000) === 0)
    return `${path} is writable by group or others without the sticky bit (mode ${(stats.mode & 0o7777).toString(8)})`;
  return undefined;
}

/** Makes (when absent) and checks the directory, its parent and its ready/ and claimed/ folders. */
export function prepareSpareDir(dir: string, uid: number): string | undefined {
  const parent = dirname(dir);
  try {
    mkdirSync(parent, { recursive: true, mode: 0o700 });
  } catch (error) {
    return `${parent}: ${(error as Error).message}`;
  }
  const why = unsafeParentBecause(parent, statSync(parent), uid);
  if (why !== undefined) return why;
  for (const path of [dir, join(dir, READY), join(dir, CLAIMED)]) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return `${path}: ${(error as Error).message}`;
    }
    const why = unsafeBecause(path, lstatSync(path), uid);
    if (why !== undefined) return why;
  }
  return undefined;
}

/**
 * Removes a command's folder (ADR 0290) once nothing is left in it: its ready/ and claimed/, then
 * the folder, each skipped when already gone; stops at the first that is not empty (another spare
 * of the same command still uses it, and makes them again before it offers itself).
 */
export function removeCommandFolder(folder: string): void {
  for (const path of [join(folder, READY), join(folder, CLAIMED), folder]) {
    try {
      rmdirSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return;
    }
  }
}
