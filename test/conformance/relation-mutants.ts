// Mutants of the relation, binding-verification and Worker-aggregate rules: each breaks exactly ONE
// rule in front of a real host, and names the check that must catch it.

import { domainToASCII } from "node:url";
import { randomBytes } from "node:crypto";
import { errorAnswer, jsonOf, withJson, type Exchange } from "./mutant-proxy.js";
import type { Mutant } from "./mutants.js";

const PROBE = "takoform-conformance-probe";
const bearer = (req: Exchange) => (req.headers["authorization"] ?? "").replace(/^Bearer /, "");
const fresh = () => randomBytes(6).toString("hex");

interface ResourceLike {
  kind?: string;
  metadata?: { name?: string; revision?: string; generation?: string };
  spec?: Record<string, unknown>;
  status?: { conditions?: { type: string; status: string; reason: string; hostReason?: string; message?: string }[]; outputs?: Record<string, unknown> };
}

/** The resource a request body or an answer carries (bare, or inside {resource}). */
function resourceOf(doc: unknown): ResourceLike | undefined {
  const d = doc as (ResourceLike & { resource?: ResourceLike }) | undefined;
  if (!d || typeof d !== "object") return undefined;
  return d.resource ?? d;
}

/** Rewrites the spec of a resource-shaped request body (validate, prepare, apply, import). */
function rewriteSpec(req: Exchange, kind: string, edit: (spec: Record<string, unknown>) => boolean): Exchange {
  if (req.method !== "POST" && req.method !== "PUT") return req;
  const doc = jsonOf(req.body) as ResourceLike | undefined;
  if (!doc || doc.kind !== kind || !doc.spec) return req;
  return edit(doc.spec) ? withJson(req, doc) : req;
}

const UNSCHEDULABLE = new Set(["0 24 * * *", "5-1 * * * *", "*/0 * * * *", "0 0 32 * *"]);
/** A step outside 1..span of its field (the sentence of the Form's description a parser can omit). */
const OUT_OF_SPAN_STEP = /(?:^|[ ,])(?:\*|\d{1,2}-\d{1,2})\/(\d{1,2})(?=$|[ ,])/g;
const SPANS = [59, 23, 30, 11, 6];
function stepBeyondSpan(cron: string): boolean {
  return cron.split(" ").some((field, i) => [...(" " + field).matchAll(OUT_OF_SPAN_STEP)].some((m) => Number(m[1]) > (SPANS[i] ?? 0)));
}

export const RELATION_MUTANTS: Mutant[] = [
  {
    name: "dependency-protection-bypassed",
    breaks: "a delete of a resource live relations pin goes through (every delete acts as an out-of-band deletion)",
    caughtBy: ["relation-target-deletion-blocked", "dependency-in-use-on-bound-target-delete"],
    make: () => ({
      request: (req) => (req.method === "DELETE" && !req.headers[PROBE] ? { ...req, headers: { ...req.headers, [PROBE]: "external-change" } } : req),
    }),
  },
  {
    name: "relation-drift-not-rendered",
    breaks: "a source whose pinned target vanished or was replaced keeps reporting Ready=True",
    caughtBy: ["relation-incarnation-change-detected", "relation-pin-records-target-form-ref"],
    make: () => ({
      response: (_req, res) => {
        const doc = jsonOf(res.body);
        const ready = resourceOf(doc)?.status?.conditions?.find((c) => c.type === "Ready");
        if (!ready || (ready.reason !== "ExternalChange" && ready.reason !== "DependencyMissing")) return res;
        ready.status = "True";
        ready.reason = "Available";
        delete ready.hostReason;
        ready.message = "available";
        return withJson(res, doc);
      },
    }),
  },
  {
    name: "cron-only-pattern-matched",
    breaks: "a cron expression the Form pattern admits is taken as a schedule without being parsed",
    caughtBy: ["cron-grammar-enforced"],
    make: () => ({
      // A host that never parses: what it stores for these expressions is some schedule, so the proxy
      // hands it a valid one and the host accepts.
      request: (req) =>
        rewriteSpec(req, "WorkerCronTrigger", (spec) => {
          if (typeof spec["cron"] !== "string" || !UNSCHEDULABLE.has(spec["cron"])) return false;
          spec["cron"] = "*/5 * * * *";
          return true;
        }),
    }),
  },
  {
    name: "cron-step-span-unchecked",
    breaks: "a cron step beyond its field's span (*/60 on minutes) is taken as a schedule: the parser checks values, ranges and zero steps only",
    caughtBy: ["cron-grammar-enforced"],
    make: () => ({
      request: (req) =>
        rewriteSpec(req, "WorkerCronTrigger", (spec) => {
          if (typeof spec["cron"] !== "string" || !stepBeyondSpan(spec["cron"])) return false;
          spec["cron"] = "*/5 * * * *";
          return true;
        }),
    }),
  },
  {
    name: "u-label-mapped",
    breaks: "a U-label hostname is converted to its A-label instead of refused",
    caughtBy: ["custom-domain-u-label-refused"],
    make: () => ({
      request: (req) =>
        rewriteSpec(req, "WorkerCustomDomain", (spec) => {
          const h = spec["hostname"];
          if (typeof h !== "string" || /^[\x00-\x7f]*$/.test(h)) return false;
          spec["hostname"] = domainToASCII(h);
          return true;
        }),
    }),
  },
  {
    name: "weights-normalized",
    breaks: "deployment weights that do not sum to 10000 are normalized instead of refused",
    caughtBy: ["deployment-weight-sum-enforced"],
    make: () => ({
      request: (req) =>
        rewriteSpec(req, "WorkerDeployment", (spec) => {
          const versions = spec["versions"] as { weight: number }[] | undefined;
          if (!Array.isArray(versions) || versions.length === 0) return false;
          const sum = versions.reduce((n, v) => n + v.weight, 0);
          const last = versions[versions.length - 1]!;
          const fixed = 10000 - (sum - last.weight);
          if (sum === 10000 || fixed < 1) return false;
          last.weight = fixed;
          return true;
        }),
    }),
  },
  {
    name: "endpoint-address-moves-on-refresh",
    breaks: "a host-side status refresh re-assigns the WorkerEndpoint address",
    caughtBy: ["worker-endpoint-address-is-stable-for-its-uid"],
    make: () => ({
      response: (req, res) => {
        if (!req.url.split("?")[0]!.endsWith("/observe") || req.headers[PROBE] !== "touch-status") return res;
        const doc = jsonOf(res.body);
        const resource = resourceOf(doc);
        if (resource?.kind !== "WorkerEndpoint" || !resource.status?.outputs) return res;
        const hostname = `w${fresh()}.moved.conformance.invalid`;
        resource.status.outputs = { hostname, url: `https://${hostname}/` };
        return withJson(res, doc);
      },
    }),
  },
  {
    name: "worker-readiness-revision-frozen",
    breaks: "a ModuleWorker's readiness changes with its deployment but its revision does not move",
    caughtBy: ["dependent-revision-advances-with-rendering"],
    make: () => ({
      response: (_req, res) => {
        const doc = jsonOf(res.body);
        const resource = resourceOf(doc);
        if (resource?.kind !== "ModuleWorker" || !resource.metadata?.revision) return res;
        resource.metadata.revision = resource.metadata.generation ?? "1";
        const headers = res.headers["etag"] ? { ...res.headers, etag: `"${resource.metadata.revision}"` } : res.headers;
        return { ...withJson(res, doc), headers };
      },
    }),
  },
  {
    name: "uninstalled-binding-blamed-on-the-client",
    breaks: "a binding contract accepted at a digest the host never installed is refused invalid_argument instead of unsupported_capability",
    caughtBy: ["binding-verification-steps-and-codes"],
    make: () => ({
      response: (req, res) => {
        const doc = jsonOf(req.body) as ResourceLike | undefined;
        const err = (jsonOf(res.body) as { error?: { code?: string; message?: string } } | undefined)?.error;
        if (!doc?.kind?.startsWith("BindingProbe") || err?.code !== "unsupported_capability") return res;
        return errorAnswer(400, "invalid_argument", err.message ?? "binding not accepted");
      },
    }),
  },
  {
    name: "hostname-claim-host-wide",
    breaks: "the hostname claim is scanned across tenants (another tenant's claim is refused, naming the first tenant's holder)",
    caughtBy: ["custom-domain-hostname-claim-stops-at-the-tenant"],
    make: ({ tokens }) => {
      const holders = new Map<string, { token: string; name: string }>();
      const canonical = (h: string) => h.replace(/\.$/, "").toLowerCase();
      return {
        request: (req) => {
          const doc = jsonOf(req.body) as ResourceLike | undefined;
          if (req.method !== "PUT" || doc?.kind !== "WorkerCustomDomain" || typeof doc.spec?.["hostname"] !== "string") return req;
          const held = holders.get(canonical(doc.spec["hostname"]));
          if (!held || held.token === bearer(req) || ![tokens.primary, tokens.stranger].includes(bearer(req))) return req;
          return errorAnswer(400, "invalid_argument", `hostname ${doc.spec["hostname"]} is already served by WorkerCustomDomain ${held.name}`);
        },
        response: (req, res) => {
          const doc = jsonOf(res.body) as ResourceLike | undefined;
          if (
            req.method === "PUT" &&
            res.status === 201 &&
            doc?.kind === "WorkerCustomDomain" &&
            typeof doc.spec?.["hostname"] === "string" &&
            doc.metadata?.name
          ) {
            holders.set(canonical(doc.spec["hostname"]), { token: bearer(req), name: doc.metadata.name });
          }
          return res;
        },
      };
    },
  },
];
