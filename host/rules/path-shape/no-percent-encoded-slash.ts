// Path shape (check: namespaced-group-travels-as-two-path-segments, decision 0018): a namespaced
// Form group travels as two ordinary path segments and "no path segment ever percent-encodes a
// slash". The check runs on the RAW request path, before any framework decodes it: a segment
// that decodes to a slash names no route of this lane, whatever an intermediary would have done
// with it.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function noPercentEncodedSlash(rawPath: string): RuleOutcome {
  if (!rawPath.includes("%")) return accept();
  for (const segment of rawPath.split("/")) {
    if (!segment.includes("%")) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return refuse.invalid_argument("the request path carries malformed percent-encoding");
    }
    if (decoded.includes("/") || decoded.includes("\\")) {
      return refuse.resource_not_found("no route: a path segment percent-encodes a slash; a Form group travels as two path segments");
    }
  }
  return accept();
}
