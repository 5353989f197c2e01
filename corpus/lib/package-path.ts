// The canonical relative path grammar of Form Package payload entries.

const SEGMENTS = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
export const MAX_PACKAGE_PATH_LENGTH = 240;

/** Why `p` is not a canonical package path, or undefined when it is one. */
export function packagePathProblem(p: unknown): string | undefined {
  if (typeof p !== "string") return "path must be a string";
  if (p.length === 0 || p.length > MAX_PACKAGE_PATH_LENGTH) return `path must be 1..${MAX_PACKAGE_PATH_LENGTH} characters`;
  if (!SEGMENTS.test(p)) return "path must be relative, slash-separated, and use only A-Z a-z 0-9 . _ - (no absolute, backslash, URI or volume forms)";
  if (p.split("/").some((segment) => segment === "." || segment === "..")) return "path must not contain . or .. segments (traversal)";
  return undefined;
}
