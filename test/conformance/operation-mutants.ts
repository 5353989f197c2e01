// Mutants of the long-running operation and artifact rules: each breaks exactly ONE rule in front
// of a real host, and names the checks that must catch it.

import { errorAnswer, jsonOf, withJson, type Answer, type Exchange } from "./mutant-proxy.js";
import type { Mutant } from "./mutants.js";

const API = "/apis/forms.takoform.com/v1beta1";
const OPERATION = new RegExp(`^${API.replace(/\./g, "\\.")}/operations/([^/?]+)(/cancel)?$`);
const MANIFEST = new RegExp(`^${API.replace(/\./g, "\\.")}/artifacts/(sha256:[0-9a-f]{64})$`);
const BLOB_PUT = new RegExp(`^${API.replace(/\./g, "\\.")}/artifacts/uploads/[^/]+/blobs/[^/]+$`);
const bearer = (req: Exchange) => (req.headers["authorization"] ?? "").replace(/^Bearer /, "");
const codeOf = (a: Answer) => (jsonOf(a.body) as { error?: { code?: string } } | undefined)?.error?.code;
const as = (req: Exchange, token: string): Exchange => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } });
const pathOf = (req: Exchange) => req.url.split("?")[0]!;

interface OperationDoc {
  id: string;
  done: boolean;
  result?: unknown;
  error?: { code: string; message: string; retryable: boolean };
}

export const OPERATION_MUTANTS: Mutant[] = [
  {
    name: "foreign-operation-permission-denied",
    breaks: "another principal's GET of a real operation answers 403 permission_denied instead of operation_not_found",
    caughtBy: ["operation-bound-to-its-creating-principal"],
    make: ({ tokens }) => ({
      response: async (req, res, tools) => {
        if (req.method !== "GET" || !OPERATION.test(pathOf(req)) || bearer(req) === tokens.primary || codeOf(res) !== "operation_not_found") return res;
        const owner = await tools.forward(as(req, tokens.primary));
        return owner.status === 200 ? errorAnswer(403, "permission_denied", "this operation belongs to another principal") : res;
      },
    }),
  },
  {
    name: "terminal-operation-without-outcome",
    breaks: "a finished successful operation carries neither result nor error (the schema alone allows it)",
    caughtBy: ["async-operation-flow"],
    make: () => ({
      response: (req, res) => {
        const doc = jsonOf(res.body) as OperationDoc | undefined;
        if (req.method !== "GET" || !OPERATION.test(pathOf(req)) || res.status !== 200 || !doc?.done || doc.result === undefined) return res;
        const { result: _dropped, ...rest } = doc;
        return withJson(res, rest);
      },
    }),
  },
  {
    name: "terminal-replay-not-byte-identical",
    breaks: "a finished operation is re-serialized on every read (same JSON, other bytes)",
    caughtBy: ["operation-replay-terminal", "operation-resumable-after-settlement"],
    make: () => {
      let reads = 0;
      return {
        response: (req, res) => {
          const doc = jsonOf(res.body) as OperationDoc | undefined;
          if (req.method !== "GET" || !OPERATION.test(pathOf(req)) || res.status !== 200 || !doc?.done) return res;
          reads++;
          return { ...res, body: Buffer.from(JSON.stringify(doc, null, reads % 2), "utf8") };
        },
      };
    },
  },
  {
    name: "replaced-incarnation-reported-as-fence-conflict",
    breaks: "a commit whose accepted incarnation was replaced reports generation_conflict instead of uid_mismatch",
    caughtBy: ["async-commit-binds-the-accepted-identity"],
    make: () => ({
      response: (req, res) => {
        const doc = jsonOf(res.body) as OperationDoc | undefined;
        if (!OPERATION.test(pathOf(req)) || res.status !== 200 || doc?.error?.code !== "uid_mismatch") return res;
        return withJson(res, { ...doc, error: { ...doc.error, code: "generation_conflict" } });
      },
    }),
  },
  {
    name: "cancel-claims-cancelled-without-stopping",
    breaks: "cancel answers operation_cancelled without stopping the operation, which then commits",
    caughtBy: ["operation-cancel"],
    make: () => ({
      request: async (req, tools) => {
        const m = OPERATION.exec(pathOf(req));
        if (req.method !== "POST" || !m || !m[2]) return req;
        const current = await tools.forward({
          method: "GET",
          url: `${API}/operations/${m[1]}`,
          headers: { authorization: req.headers["authorization"] ?? "" },
          body: Buffer.alloc(0),
        });
        const doc = jsonOf(current.body) as OperationDoc | undefined;
        if (current.status !== 200 || !doc || doc.done) return req;
        return withJson(current, { ...doc, done: true, error: { code: "operation_cancelled", message: "cancelled", retryable: false } });
      },
    }),
  },
  {
    name: "manifest-readable-by-digest",
    breaks: "any tenant that names an existing manifest digest can read it",
    caughtBy: ["artifact-digest-is-not-a-capability"],
    make: ({ tokens }) => ({
      response: async (req, res, tools) => {
        if (req.method !== "GET" || !MANIFEST.test(pathOf(req)) || codeOf(res) !== "artifact_missing" || bearer(req) === tokens.primary) return res;
        const elsewhere = await tools.forward(as(req, tokens.primary));
        return elsewhere.status === 200 ? elsewhere : res;
      },
    }),
  },
  {
    name: "missing-blobs-per-byte-store",
    breaks: "missingBlobs leaves out blobs another tenant uploaded",
    caughtBy: ["artifact-digest-is-not-a-capability"],
    make: ({ tokens }) => ({
      response: async (req, res, tools) => {
        const doc = jsonOf(res.body) as { uploadId?: string; missingBlobs?: string[] } | undefined;
        if (req.method !== "POST" || pathOf(req) !== `${API}/artifacts/uploads` || bearer(req) === tokens.primary || !doc?.missingBlobs) return res;
        const kept: string[] = [];
        for (const digest of doc.missingBlobs) {
          const probe = await tools.forward({
            method: "HEAD",
            url: `${API}/artifacts/blobs/${digest}`,
            headers: { authorization: `Bearer ${tokens.primary}` },
            body: Buffer.alloc(0),
          });
          if (probe.status !== 200) kept.push(digest);
        }
        return withJson(res, { ...doc, missingBlobs: kept });
      },
    }),
  },
  {
    name: "foreign-upload-continues-session",
    breaks: "a blob PUT into another principal's upload session is accepted into it",
    caughtBy: ["upload-session-bound-to-its-creating-principal"],
    make: ({ tokens }) => ({
      request: (req) => (req.method === "PUT" && BLOB_PUT.test(pathOf(req)) && bearer(req) !== tokens.primary ? as(req, tokens.primary) : req),
    }),
  },
  {
    name: "probe-hold-ignored",
    breaks: "an operation that carried the async probe commits at once instead of waiting for its owner's polls",
    caughtBy: [
      "async-operation-flow",
      "operation-replay-terminal",
      "operation-bound-to-its-creating-principal",
      "async-commit-binds-the-accepted-identity",
      "operation-cancel",
    ],
    make: () => ({
      // The 202 goes back unchanged, but only after the proxy has polled the operation to its end.
      response: async (req, res, tools) => {
        const op = (jsonOf(res.body) as { operation?: OperationDoc } | undefined)?.operation;
        if (res.status !== 202 || !op || op.done) return res;
        for (let i = 0; i < 20; i++) {
          const polled = await tools.forward({
            method: "GET",
            url: `${API}/operations/${op.id}`,
            headers: { authorization: req.headers["authorization"] ?? "" },
            body: Buffer.alloc(0),
          });
          if ((jsonOf(polled.body) as OperationDoc | undefined)?.done) break;
        }
        return res;
      },
    }),
  },
];
