// Strict decoding of a URL query string (application/x-www-form-urlencoded): "+" is a space and
// every percent-escape must decode to valid UTF-8. A query that does not decode exactly is
// invalid_argument rather than silently repaired (Shared wire rules, "Space identity": decoding
// MUST recover the same code-point sequence).

import { refuse, type HostError } from "../../errors.js";

export type QueryPairs = Array<[string, string]>;

export function strictQuery(rawQuery: string): QueryPairs | HostError {
  const pairs: QueryPairs = [];
  if (rawQuery === "") return pairs;
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const rawKey = equals < 0 ? part : part.slice(0, equals);
    const rawValue = equals < 0 ? "" : part.slice(equals + 1);
    try {
      pairs.push([decodeURIComponent(rawKey.replace(/\+/g, " ")), decodeURIComponent(rawValue.replace(/\+/g, " "))]);
    } catch {
      return refuse.invalid_argument("the query string carries malformed percent-encoding or invalid UTF-8");
    }
  }
  return pairs;
}
