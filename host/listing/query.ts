// The query of the resource listing (a takoform host extension, outside the v1beta1 lane; see
// host/README.md "Resource listing"): space, kind, cursor and limit, each at most once. Every
// refusal is invalid_argument naming the parameter, what it must be and what to do; the
// parameter is also in details.parameter so a client can point at it.

import { refuse, type HostError } from "../errors.js";
import { spaceIdProblem } from "../rules/shared-wire-rules/space-id-grammar.js";
import type { QueryPairs } from "../rules/shared-wire-rules/strict-query.js";

export const LISTING_PARAMETERS = ["space", "kind", "cursor", "limit"] as const;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

export interface ListingQuery {
  /** Absent: every space of the tenant. */
  space?: string;
  kind?: string;
  cursor?: string;
  limit: number;
}

function badParameter(parameter: string, message: string): HostError {
  return refuse.invalid_argument(`query parameter ${JSON.stringify(parameter)} ${message}`, { details: { parameter } });
}

/** limit: a decimal integer 1..MAX_LIMIT without sign or leading zeros. */
export function limitProblem(text: string): string | undefined {
  if (!/^[1-9][0-9]{0,5}$/.test(text) || Number(text) > MAX_LIMIT) {
    return `must be an integer from 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}); got ${JSON.stringify(text.slice(0, 40))}`;
  }
  return undefined;
}

/** kind: one of the kinds installed on this host (any group). */
export function kindProblem(text: string, installedKinds: readonly string[]): string | undefined {
  if (installedKinds.includes(text)) return undefined;
  return `names no installed kind; got ${JSON.stringify(text.slice(0, 80))}; use one of ${installedKinds.join(", ")}`;
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/**
 * The query string split into pairs, decoded strictly like every query of the host
 * (strict-query.ts), but a pair that does not decode is refused naming its parameter.
 */
export function listingPairs(rawQuery: string): QueryPairs | HostError {
  const pairs: QueryPairs = [];
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const rawKey = equals < 0 ? part : part.slice(0, equals);
    const key = decoded(rawKey);
    if (key === undefined) return badParameter(rawKey.slice(0, 80), "is not valid percent-encoded UTF-8");
    const value = decoded(equals < 0 ? "" : part.slice(equals + 1));
    if (value === undefined) return badParameter(key.slice(0, 80), "has a value that is not valid percent-encoded UTF-8");
    pairs.push([key, value]);
  }
  return pairs;
}

export function listingQuery(pairs: QueryPairs, installedKinds: readonly string[]): ListingQuery | HostError {
  const values = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (!(LISTING_PARAMETERS as readonly string[]).includes(key)) {
      return badParameter(key.slice(0, 80), `is not a parameter of the resource listing; use ${LISTING_PARAMETERS.join(", ")}`);
    }
    if (values.has(key)) return badParameter(key, "is repeated; give it at most once");
    values.set(key, value);
  }
  const query: ListingQuery = { limit: DEFAULT_LIMIT };
  const space = values.get("space");
  if (space !== undefined) {
    const problem = spaceIdProblem(space);
    if (problem !== undefined) return badParameter("space", `is not a valid SpaceID: it ${problem}; omit it to list every space`);
    query.space = space;
  }
  const kind = values.get("kind");
  if (kind !== undefined) {
    const problem = kindProblem(kind, installedKinds);
    if (problem !== undefined) return badParameter("kind", problem);
    query.kind = kind;
  }
  const limit = values.get("limit");
  if (limit !== undefined) {
    const problem = limitProblem(limit);
    if (problem !== undefined) return badParameter("limit", problem);
    query.limit = Number(limit);
  }
  const cursor = values.get("cursor");
  if (cursor !== undefined) query.cursor = cursor;
  return query;
}

/** The cursor refusal (the cursor is checked against the listing it continues, in cursor.ts). */
export function badCursor(message: string): HostError {
  return badParameter("cursor", `${message}; pass the nextCursor of the previous page unchanged, with the same space, or omit it to start again`);
}
