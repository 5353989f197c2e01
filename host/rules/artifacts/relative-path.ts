// The artifact relative path grammar (artifact-transport): slash-separated segments of
// [A-Za-z0-9._-] that do not start with "." or "-", 1 to 240 characters, no dot or dot-dot
// segment, no absolute prefix, no backslash, no NUL, ASCII only.

export const MAX_ARTIFACT_PATH_LENGTH = 240;

const SEGMENT = "[A-Za-z0-9_][A-Za-z0-9._-]*";
const PATH = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
const DOT_SEGMENT = /(^|\/)\.\.?($|\/)/;

/** Why a value is not an artifact path, or undefined when it is one. */
export function artifactPathProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "must be a string";
  if (value.length === 0) return "must not be empty";
  if (value.length > MAX_ARTIFACT_PATH_LENGTH) return `is ${value.length} characters; at most ${MAX_ARTIFACT_PATH_LENGTH}`;
  if (value.startsWith("/")) return "must be relative (no leading /)";
  if (value.includes("\\")) return "must not contain a backslash";
  if (value.includes("\u0000")) return "must not contain NUL";
  if (DOT_SEGMENT.test(value)) return "must not contain . or .. segments";
  if (!PATH.test(value)) return "must be /-separated segments of A-Z a-z 0-9 . _ - each starting with a letter, digit or _";
  return undefined;
}

export function isArtifactPath(value: unknown): value is string {
  return artifactPathProblem(value) === undefined;
}
