// Generic proxy mutants, parametrised per rule: each instance breaks ONE behaviour of a real host
// (answers one refusal with the wrong code, drops or rewrites one member, lets one fence through,
// shares one replay record too widely) so that the check holding that behaviour must fail. The
// catalogue (mutant-catalogue.ts) names, for every required check, the mutants it must catch.

import { randomBytes } from "node:crypto";
import { errorStatus, type ErrorCode } from "../../corpus/lib/index.js";
import { errorAnswer, jsonOf, withJson, type Answer, type Exchange, type Mutation, type ProxyTools } from "./mutant-proxy.js";
import type { MutantEnv } from "./mutants.js";

export const API = "/apis/forms.takoform.com/v1beta1";
export const pathOf = (req: Exchange): string => req.url.split("?")[0]!;
export const bearer = (req: Exchange): string => (req.headers["authorization"] ?? "").replace(/^Bearer /, "");
export const codeOf = (a: Answer): string | undefined => (jsonOf(a.body) as { error?: { code?: string } } | undefined)?.error?.code;
export const as = (req: Exchange, token: string): Exchange => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } });
const fresh = () => randomBytes(6).toString("hex");

type Doc = Record<string, unknown> & {
  kind?: string;
  metadata?: Record<string, unknown>;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown> & { conditions?: Record<string, unknown>[]; outputs?: Record<string, unknown> };
};

/** The kind a resource request addresses (its body's kind, else the path's kind segment). */
export function kindOf(req: Exchange): string | undefined {
  const body = jsonOf(req.body) as Doc | undefined;
  if (typeof body?.kind === "string") return body.kind;
  return /\/resources\/[^/]+\/[^/]+\/([^/?]+)/.exec(req.url)?.[1];
}

/** The resource a response carries (bare, inside {resource}, or an Operation's result.resource). */
export function resourceIn(doc: unknown): Doc | undefined {
  const d = doc as (Doc & { resource?: Doc; result?: { resource?: Doc } }) | undefined;
  if (!d || typeof d !== "object") return undefined;
  return d.resource ?? d.result?.resource ?? (d.metadata ? d : undefined);
}

/** Which requests a mutant touches. */
export interface Match {
  method?: string | string[];
  path?: RegExp;
  kinds?: readonly string[];
  /** Only a create (If-None-Match: *), or only a non-create. */
  create?: boolean;
  /** Only requests under this credential. */
  token?: keyof MutantEnv["tokens"];
}

export function matches(req: Exchange, m: Match, env: MutantEnv): boolean {
  if (m.method !== undefined && !(Array.isArray(m.method) ? m.method : [m.method]).includes(req.method)) return false;
  if (m.path !== undefined && !m.path.test(pathOf(req))) return false;
  if (m.kinds !== undefined && !m.kinds.includes(kindOf(req) ?? "")) return false;
  if (m.create !== undefined && (req.headers["if-none-match"] === "*") !== m.create) return false;
  if (m.token !== undefined && bearer(req) !== env.tokens[m.token]) return false;
  return true;
}

/** Resource mutations and their prepare/validate surfaces. */
export const RESOURCE_WRITE = /\/resources(?:\/(?:prepare|validate)|\/[^/]+\/[^/]+\/[^/]+\/[^/]+(?:\/import|\/observe)?)$/;

export interface GenericMutant {
  name: string;
  breaks: string;
  make(env: MutantEnv): Mutation;
}

/** The host answers refusal `from` on matching requests with `to` instead (same everything else). */
export function recode(name: string, match: Match, from: ErrorCode, to: ErrorCode, breaks?: string): GenericMutant {
  return {
    name,
    breaks: breaks ?? `${from} is answered as ${to} on ${describeMatch(match)}`,
    make: (env) => ({
      response: (req, res) => (matches(req, match, env) && codeOf(res) === from ? errorAnswer(errorStatus(to), to, `mutant: ${from} recoded`) : res),
    }),
  };
}

/** A terminal Operation error `from` is reported as `to`. */
export function recodeOperationError(name: string, from: readonly ErrorCode[], to: ErrorCode): GenericMutant {
  return {
    name,
    breaks: `a finished operation failing ${from.join("/")} reports ${to}`,
    make: () => ({
      response: (req, res) => {
        const doc = jsonOf(res.body) as { done?: boolean; error?: { code: string } } | undefined;
        if (!pathOf(req).startsWith(`${API}/operations/`) || !doc?.error || !(from as readonly string[]).includes(doc.error.code)) return res;
        return withJson(res, { ...doc, error: { ...doc.error, code: to, retryable: false } });
      },
    }),
  };
}

/** Matching successful JSON answers are rewritten by `edit` (which returns false to leave one alone). */
export function rewriteAnswer(name: string, breaks: string, match: Match, edit: (doc: Record<string, unknown>, req: Exchange) => boolean): GenericMutant {
  return {
    name,
    breaks,
    make: (env) => ({
      response: (req, res) => {
        if (res.status >= 300 || !matches(req, match, env)) return res;
        const doc = jsonOf(res.body) as Record<string, unknown> | undefined;
        return doc && typeof doc === "object" && edit(doc, req) ? withJson(res, doc) : res;
      },
    }),
  };
}

/** Matching requests are rewritten by `edit` before the host sees them (returns the same object to leave one alone). */
export function rewriteRequest(
  name: string,
  breaks: string,
  match: Match,
  edit: (req: Exchange, tools: ProxyTools, env: MutantEnv) => Exchange | Answer | Promise<Exchange | Answer>,
): GenericMutant {
  return {
    name,
    breaks,
    make: (env) => ({ request: (req, tools) => (matches(req, match, env) ? edit(req, tools, env) : req) }),
  };
}

/** Matching requests are answered by the proxy alone. */
export function answerWith(name: string, breaks: string, match: Match, answer: (req: Exchange) => Answer): GenericMutant {
  return rewriteRequest(name, breaks, match, (req) => answer(req));
}

/** Drops one request header on matching requests. */
export function dropRequestHeader(name: string, header: string, match: Match): GenericMutant {
  return rewriteRequest(name, `${header} never reaches the host on ${describeMatch(match)}`, match, (req) => {
    if (req.headers[header] === undefined) return req;
    const { [header]: _dropped, ...headers } = req.headers;
    return { ...req, headers };
  });
}

/**
 * A foreign tenant's not-found about an address the first tenant holds becomes 403
 * permission_denied (a host that looked the name up host-wide): the disclosure the isolation
 * checks forbid.
 */
export function foreignDisclosed(name: string, match: Match): GenericMutant {
  return {
    name,
    breaks: `another tenant's ${describeMatch(match)} of a held name answers permission_denied instead of resource_not_found`,
    make: (env) => ({
      response: async (req, res, tools) => {
        if (bearer(req) !== env.tokens.stranger || !matches(req, match, env) || codeOf(res) !== "resource_not_found") return res;
        const url = readUrlOf(req);
        if (url === undefined) return res;
        const held = await tools.forward({ method: "GET", url, headers: { authorization: `Bearer ${env.tokens.primary}` }, body: Buffer.alloc(0) });
        return held.status === 200 ? errorAnswer(403, "permission_denied", "that name belongs to another tenant") : res;
      },
    }),
  };
}

/** The read URL of the resource a request addresses (path and query, or its body). */
export function readUrlOf(req: Exchange): string | undefined {
  const [path, query = ""] = req.url.split("?") as [string, string?];
  const params = new URLSearchParams(query);
  const named = /^(.*\/resources\/[^/]+\/[^/]+\/[^/]+\/[^/]+)(?:\/observe|\/import)?$/.exec(path);
  const body = jsonOf(req.body) as
    | {
        metadata?: { name?: string; space?: string };
        form?: { formRef?: { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } };
      }
    | undefined;
  const ref = body?.form?.formRef;
  if (named && params.has("space")) return `${named[1]}?${params.toString()}`;
  if (!ref || !body?.metadata?.name || !body.metadata.space) return undefined;
  const q = new URLSearchParams({ space: body.metadata.space, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest });
  return `${API}/resources/${ref.apiVersion}/${ref.kind}/${body.metadata.name}?${q.toString()}`;
}

/**
 * The proxy keeps one replay table keyed by `keyOf` and answers a repeat from it without the
 * host: a replay record that is wider (or lives longer) than the rule allows.
 */
export function sharedReplay(name: string, breaks: string, match: Match, keyOf: (req: Exchange) => string | undefined): GenericMutant {
  return {
    name,
    breaks,
    make: (env) => {
      const table = new Map<string, Answer>();
      return {
        request: (req) => {
          if (!matches(req, match, env)) return req;
          const key = keyOf(req);
          return key !== undefined && table.has(key) ? table.get(key)! : req;
        },
        response: (req, res) => {
          const key = matches(req, match, env) ? keyOf(req) : undefined;
          if (key !== undefined && !table.has(key)) table.set(key, res);
          return res;
        },
      };
    },
  };
}

function describeMatch(m: Match): string {
  const parts = [
    Array.isArray(m.method) ? m.method.join("/") : (m.method ?? "any method"),
    m.kinds ? m.kinds.join("/") : "",
    m.create === true ? "create" : m.create === false ? "non-create" : "",
    m.token ? `as ${m.token}` : "",
  ];
  return parts.filter(Boolean).join(" ") + (m.path ? ` ${m.path.source}` : "");
}

export { fresh };
export type { Doc };
