// Content-derived names for revision-role resources (ADR 0052): a revision is never updated, so
// a change must be a new name created beside the old one (create_before_destroy) while whatever
// refers to it moves over in the same apply.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/** `prefix-` + 12 hex digits of the canonical JSON of what the revision contains. */
export function revisionName(prefix: string, content: unknown): string {
  const text = canonicalize(content);
  if (text === undefined) throw new Error(`revision ${prefix}: content is not JSON`);
  return `${prefix}-${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
}

/** The lifecycle every revision resource carries. */
export const replaceBeforeDestroy = { createBeforeDestroy: true } as const;
