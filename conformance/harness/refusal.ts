// Comparing two answers for indistinguishability: a refusal about another tenant's resource must
// be byte-for-byte the refusal about a name nobody created, apart from request-specific ids (and
// the name the request itself carried). Condition transition times are request-time facts, not
// facts about any tenant, so they are compared as placeholders too (docs/decisions/0031-*).

import { fail, show } from "./assert.js";
import { describeResponse, errorOf, type HostResponse } from "./http.js";

/** The response text with the request's own name and the requestId replaced by placeholders. */
export function normalized(res: HostResponse, names: string[]): string {
  let text = res.text;
  const requestId = errorOf(res)?.requestId;
  if (requestId) text = text.split(JSON.stringify(requestId)).join('"<requestId>"');
  for (const n of names) text = text.split(n).join("<name>");
  return text.replace(/"lastTransitionTime":"[^"]*"/g, '"lastTransitionTime":"<time>"');
}

/** Fails unless `a` and `b` carry the same status and the same body modulo names and requestId. */
export function expectIndistinguishable(a: HostResponse, aNames: string[], b: HostResponse, bNames: string[], what: string): void {
  if (a.status !== b.status) {
    fail(`${what}: the two answers differ in status: ${describeResponse(a)} versus ${describeResponse(b)}`);
  }
  const na = normalized(a, aNames);
  const nb = normalized(b, bNames);
  if (na !== nb) fail(`${what}: the two answers differ: ${show(na)} versus ${show(nb)}`);
  for (const h of ["content-type", "etag", "retry-after"]) {
    if (a.headers[h] !== b.headers[h]) fail(`${what}: header ${h} differs: ${show(a.headers[h])} versus ${show(b.headers[h])}`);
  }
}
