// Mutants: each breaks exactly ONE rule of the lane in front of a real host, and names the
// conformance check that must catch it.

import { randomBytes } from "node:crypto";
import type { Catalog } from "../../corpus/lib/index.js";
import { errorAnswer, jsonOf, withJson, type Answer, type Exchange, type Mutation, type ProxyTools } from "./mutant-proxy.js";

export interface MutantEnv {
  tokens: { primary: string; peer: string; stranger: string };
  catalog: Catalog;
}

export interface Mutant {
  name: string;
  /** The rule the mutant breaks. */
  breaks: string;
  /** The check(s) that must fail against it. */
  caughtBy: string[];
  make(env: MutantEnv): Mutation;
}

const API = "/apis/forms.takoform.com/v1beta1";
const bearer = (req: Exchange) => (req.headers["authorization"] ?? "").replace(/^Bearer /, "");
const isError = (res: Answer, code: string) => (jsonOf(res.body) as { error?: { code?: string } } | undefined)?.error?.code === code;
const fresh = () => randomBytes(8).toString("hex");

function splitUrl(url: string): { path: string; params: URLSearchParams } {
  const i = url.indexOf("?");
  return i < 0 ? { path: url, params: new URLSearchParams() } : { path: url.slice(0, i), params: new URLSearchParams(url.slice(i + 1)) };
}

/** The read URL of the resource a request addresses (from its path and query, or its body). */
function readUrlOf(req: Exchange): string | undefined {
  const { path, params } = splitUrl(req.url);
  const named = /^(.*\/resources\/[^/]+\/[^/]+\/[^/]+\/[^/]+)(?:\/observe|\/import)?$/.exec(path);
  const body = jsonOf(req.body) as
    | {
        metadata?: { name?: string; space?: string };
        form?: { formRef?: { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } };
      }
    | undefined;
  if (named && params.has("space")) return `${named[1]}?${params.toString()}`;
  const ref = body?.form?.formRef;
  if (!ref || !body?.metadata?.name || !body.metadata.space) return undefined;
  const q = new URLSearchParams({ space: body.metadata.space, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest });
  return `${API}/resources/${ref.apiVersion}/${ref.kind}/${body.metadata.name}?${q.toString()}`;
}

export const MUTANTS: Mutant[] = [
  {
    name: "foreign-tenant-gets-permission-denied",
    breaks: "a foreign tenant's name answers 403 permission_denied instead of the not-found refusal",
    caughtBy: ["resource-read-is-tenant-isolated"],
    make: ({ tokens }) => ({
      // A host that looks the name up host-wide, and refuses the stranger because it exists elsewhere.
      response: async (req, res, tools) => {
        if (req.method !== "GET" || bearer(req) !== tokens.stranger || !isError(res, "resource_not_found")) return res;
        const elsewhere = await tools.forward({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens.primary}` } });
        return elsewhere.status === 200 ? errorAnswer(403, "permission_denied", "that resource belongs to someone else") : res;
      },
    }),
  },
  {
    name: "etag-dropped",
    breaks: "resource answers carry no ETag",
    caughtBy: ["revision-etag-exact"],
    make: () => ({
      response: (_req, res) => {
        const { etag: _dropped, ...headers } = res.headers;
        return { ...res, headers };
      },
    }),
  },
  {
    name: "stale-generation-accepted",
    breaks: "a stale Takoform-Expected-Generation is rewritten to the current generation",
    caughtBy: ["stale-generation-rejected"],
    make: () => ({
      response: async (req, res, tools: ProxyTools) => {
        if (res.status !== 412 || !isError(res, "generation_conflict")) return res;
        const url = readUrlOf(req);
        if (!url) return res;
        const current = await tools.forward({ method: "GET", url, headers: { authorization: req.headers["authorization"] ?? "" }, body: Buffer.alloc(0) });
        const gen = (jsonOf(current.body) as { metadata?: { generation?: string } } | undefined)?.metadata?.generation;
        if (!gen) return res;
        const body = jsonOf(req.body) as Record<string, unknown> | undefined;
        const retried: Exchange = { ...req, headers: { ...req.headers, "takoform-expected-generation": gen, "idempotency-key": fresh() } };
        return tools.forward(body && "expectedGeneration" in body ? withJson(retried, { ...body, expectedGeneration: gen }) : retried);
      },
    }),
  },
  {
    name: "recorded-form-ref-rewritten",
    breaks: "responses rewrite a resource's recorded FormRef to the newest definition of its kind",
    caughtBy: ["resource-answers-only-under-its-recorded-form-ref"],
    make: ({ catalog }) => ({
      response: (_req, res) => {
        const doc = jsonOf(res.body) as { form?: { formRef?: { apiVersion: string; kind: string; definitionVersion: string } } } | undefined;
        const ref = doc?.form?.formRef;
        if (!ref) return res;
        const versions = catalog
          .formsOf(ref.apiVersion, ref.kind)
          .map((f) => f.ref)
          .sort((a, b) => (a.definitionVersion < b.definitionVersion ? 1 : -1));
        const newest = versions[0];
        if (!newest || newest.definitionVersion === ref.definitionVersion) return res;
        return withJson(res, { ...doc, form: { ...doc.form, formRef: newest } });
      },
    }),
  },
  {
    name: "idempotency-key-stripped",
    breaks: "the Idempotency-Key never reaches the host (each request arrives under a fresh key)",
    caughtBy: ["apply-idempotency-replay"],
    make: () => ({
      request: (req) => (req.headers["idempotency-key"] ? { ...req, headers: { ...req.headers, "idempotency-key": `mutant-${fresh()}` } } : req),
    }),
  },
  {
    name: "credential-lookup-fails-open",
    breaks: "a request without a known credential is served as the first tenant",
    caughtBy: ["unauthenticated-request-refused"],
    make: ({ tokens }) => ({
      request: (req) => {
        const t = bearer(req);
        return [tokens.primary, tokens.peer, tokens.stranger].includes(t)
          ? req
          : { ...req, headers: { ...req.headers, authorization: `Bearer ${tokens.primary}` } };
      },
    }),
  },
  {
    name: "escaped-slash-decoded",
    breaks: "a percent-encoded slash is accepted as the group separator",
    caughtBy: ["namespaced-group-travels-as-two-path-segments"],
    make: () => ({
      request: (req) => {
        const { path } = splitUrl(req.url);
        const fixed = path.replace(/%2f/gi, "/");
        return fixed === path ? req : { ...req, url: fixed + req.url.slice(path.length) };
      },
    }),
  },
  {
    name: "unknown-definition-falls-back",
    breaks: "an unknown definitionVersion/schemaDigest is answered about the kind's installed definition",
    caughtBy: ["exact-form-ref-fails-closed-on-unknown-definition"],
    make: ({ catalog }) => ({
      request: (req) => {
        const { path, params } = splitUrl(req.url);
        const dv = params.get("definitionVersion");
        const digest = params.get("schemaDigest");
        if (!dv || !digest) return req;
        const m = /\/(?:resources|form-definitions)\/([^/]+)\/([^/]+)\/([^/]+)/.exec(path);
        const group = m ? `${m[1]}/${m[2]}` : params.get("group");
        const kind = m ? m[3] : params.get("kind");
        if (!group || !kind) return req;
        const forms = catalog.formsOf(group, kind);
        if (forms.length === 0 || forms.some((f) => f.ref.definitionVersion === dv && f.ref.schemaDigest === digest)) return req;
        params.set("definitionVersion", forms[0]!.ref.definitionVersion);
        params.set("schemaDigest", forms[0]!.ref.schemaDigest);
        return { ...req, url: `${path}?${params.toString()}` };
      },
    }),
  },
  {
    name: "delete-requires-if-match",
    breaks: "a delete carrying only the generation fence is refused for lack of If-Match",
    caughtBy: ["delete-generation-fence"],
    make: () => ({
      request: (req) =>
        req.method === "DELETE" && !req.headers["if-match"] && req.url.includes("/resources/")
          ? errorAnswer(412, "revision_conflict", "If-Match is required")
          : req,
    }),
  },
  {
    name: "refusals-marked-retryable",
    breaks: "an invalid_argument refusal says retryable: true",
    caughtBy: ["error-envelope-taxonomy"],
    make: () => ({
      response: (_req, res) => {
        const doc = jsonOf(res.body) as { error?: { code?: string } } | undefined;
        return doc?.error?.code === "invalid_argument" ? withJson(res, { error: { ...doc.error, retryable: true } }) : res;
      },
    }),
  },
  {
    name: "native-identity-claim-ignored",
    breaks: "an adoption's nativeId is never held (each import arrives with a fresh one)",
    caughtBy: ["import-claims-its-native-identity"],
    make: () => ({
      request: (req) => {
        if (req.method !== "POST" || !req.url.split("?")[0]!.endsWith("/import")) return req;
        const body = jsonOf(req.body) as Record<string, unknown> | undefined;
        return body && typeof body["nativeId"] === "string" ? withJson(req, { ...body, nativeId: `mutant-${fresh()}` }) : req;
      },
    }),
  },
  {
    name: "status-change-not-rendered",
    breaks: "a host-side status change does not move the revision",
    caughtBy: ["status-change-bumps-revision-not-generation"],
    make: () => ({
      request: (req) => {
        const { "takoform-conformance-probe": probe, ...rest } = req.headers;
        return probe === "touch-status" ? { ...req, headers: rest } : req;
      },
    }),
  },
  {
    name: "expected-uid-ignored",
    breaks: "an apply's expectedUid fence is never evaluated",
    caughtBy: ["expected-uid-mismatch-rejected"],
    make: () => ({
      request: (req) => {
        if (req.method !== "PUT") return req;
        const body = jsonOf(req.body) as Record<string, unknown> | undefined;
        if (!body || !("expectedUid" in body)) return req;
        const { expectedUid: _gone, ...rest } = body;
        return withJson(req, rest);
      },
    }),
  },
  {
    name: "space-ignored-on-read",
    breaks: "a read resolves the name in the tenant's first space whatever space it names",
    caughtBy: ["cross-space-isolation"],
    make: () => ({
      request: (req) =>
        req.method === "GET" && req.url.includes("space=conformance-alt-")
          ? { ...req, url: req.url.replace("space=conformance-alt-", "space=conformance-") }
          : req,
    }),
  },
  {
    name: "review-spendable-across-tenants",
    breaks: "an apply presenting another tenant's review is executed in the review's tenant",
    caughtBy: ["prepare-is-tenant-scoped"],
    make: ({ tokens }) => ({
      response: async (req, res, tools) =>
        req.method === "PUT" && bearer(req) === tokens.stranger && isError(res, "invalid_argument")
          ? tools.forward({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens.primary}` } })
          : res,
    }),
  },
  {
    name: "defaults-not-echoed",
    breaks: "prepare echoes the spec as written instead of the materialized spec",
    caughtBy: ["portable-defaults-materialized", "prepare-binds-exact-spec"],
    make: () => ({
      response: (req, res) => {
        if (!req.url.endsWith("/resources/prepare") || res.status !== 200) return res;
        const written = (jsonOf(req.body) as { spec?: unknown } | undefined)?.spec;
        const doc = jsonOf(res.body) as { resource: Record<string, unknown> };
        return withJson(res, { ...doc, resource: { ...doc.resource, spec: written } });
      },
    }),
  },
];
