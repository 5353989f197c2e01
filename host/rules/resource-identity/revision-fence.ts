// Resource identity (checks: revision-etag-exact, stale-revision-rejected, delete-revision-fence):
// the strong ETag is the quoted revision, If-Match fences on it, and a stale value fails
// revision_conflict (412). A delete honours If-Match when sent and never requires it.
//
// If-Match uses strong comparison (RFC 9110): a weak tag never matches; "*" matches any current
// representation; a list matches when any member does.

import { refuse } from "../../errors.js";
import { revisionETag } from "../../wire/decimal.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function revisionFence(currentRevision: string, ifMatch: string | undefined): RuleOutcome {
  if (ifMatch === undefined) return accept();
  const tags = ifMatch
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
  if (tags.length === 0) return refuse.invalid_argument("If-Match carries no entity tag");
  const current = revisionETag(currentRevision);
  if (tags.some((tag) => tag === "*" || tag === current)) return accept();
  return refuse.revision_conflict("If-Match does not name the current revision of this resource");
}
