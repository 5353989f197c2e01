// The exact FormRef query of {api}/forms, {api}/form-definitions/... and the resource routes:
// the closed vocabulary space, group, kind, definitionVersion, schemaDigest, each at most once
// (an unknown or repeated key is invalid_argument; packageDigest has no key because it is never
// identity). space is required and must be a valid SpaceID.
//
// The four identity members are answered about as a WHOLE: a missing or malformed member names
// no installed definition and fails form_unknown like any other unknown identity (decision 0022
// rule 2). On routes whose path carries the group and kind, the query may omit them; when it
// repeats them they must equal the path.

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { refuse, type HostError } from "../../errors.js";
import { formRefProblem, toFormRef } from "../../wire/form-ref.js";
import { spaceIdGrammar } from "./space-id-grammar.js";
import type { QueryPairs } from "./strict-query.js";

export const EXACT_QUERY_KEYS = ["space", "group", "kind", "definitionVersion", "schemaDigest"] as const;

export interface ExactFormQuery {
  space: string;
  ref: ExactFormRef;
}

export function exactFormQuery(pairs: QueryPairs, fromPath?: { apiVersion: string; kind: string }): ExactFormQuery | HostError {
  const values = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (!(EXACT_QUERY_KEYS as readonly string[]).includes(key)) {
      return refuse.invalid_argument(`unknown query key ${JSON.stringify(key)}; the exact Form query vocabulary is closed`);
    }
    if (values.has(key)) return refuse.invalid_argument(`query key ${JSON.stringify(key)} is repeated`);
    values.set(key, value);
  }
  const space = values.get("space");
  if (space === undefined) return refuse.invalid_argument("the query must name a space");
  const spaceError = spaceIdGrammar(space, "query key space");
  if (!spaceError.ok) return spaceError;

  let group = values.get("group");
  let kind = values.get("kind");
  if (fromPath !== undefined) {
    if ((group !== undefined && group !== fromPath.apiVersion) || (kind !== undefined && kind !== fromPath.kind)) {
      return refuse.invalid_argument("the query's group and kind must equal the request path");
    }
    group = fromPath.apiVersion;
    kind = fromPath.kind;
  }
  const candidate = {
    apiVersion: group,
    kind,
    definitionVersion: values.get("definitionVersion"),
    schemaDigest: values.get("schemaDigest"),
  };
  const problem = formRefProblem(candidate);
  if (problem !== undefined) {
    return refuse.form_unknown(`the query names no installed Form: ${problem}; an exact query names the whole identity`);
  }
  return { space, ref: toFormRef(candidate) };
}
