// fast-check arbitraries of hostile requests over every route of the lane: request targets with
// dot segments, percent-encoded slashes, invalid UTF-8 and overlong escapes; queries with unknown,
// repeated and malformed keys; headers that are oversized, duplicated, or carry values the
// fences cannot read; bodies that are invalid JSON, duplicate members, nest deeply, carry invalid
// UTF-8 or lone surrogates, exceed the body limit, or are well-formed envelopes with one member
// made wrong. Every generated case says which (kind, name, space) it could mutate, so the suite
// can prove that nothing was stored when it was refused.

import fc from "fast-check";
import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { builtinCatalog } from "../../unit/host/harness.js";
import { refOf } from "../../unit/host/client.js";
import type { RawHttpRequest } from "./raw-http.js";

export const API = "/apis/forms.takoform.com/v1beta1";
export const GROUP = "edge.forms.takoform.com/v1beta1";
export const WATCHED_KINDS = ["AtLeastOnceQueue", "EdgeKVNamespace"] as const;
export const WATCHED_NAMES = ["hostile-a", "hostile-b", "sentinel"] as const;
export const WATCHED_SPACES = ["hostile", "hostile two"] as const;

export const formOf = (kind: string): ExactFormRef => refOf(builtinCatalog(), kind);

export interface HostileCase {
  route: string;
  request: RawHttpRequest;
  /** The resource address a mutation of this case could touch, when it names a watched one. */
  watched?: { kind: string; name: string; space: string };
  mutates: boolean;
  /** The case must never be accepted (a forbidden artifact path, an oversized artifact). */
  mustRefuse?: string;
}

const HOSTILE_SEGMENTS = [
  "..",
  ".",
  "%2e%2e",
  "%2E",
  "%2e",
  "%2F",
  "%2f",
  "a%2Fb",
  "%5C",
  "a%5cb",
  "%00",
  "%FF",
  "%C0%AF",
  "%ED%A0%80",
  "%EF%BF%BF",
  "%F4%90%80%80",
  "%",
  "%G0",
  "a%",
  "",
  ";x",
  "%20",
  "+",
  "~",
  "UPPER",
  "x".repeat(3000),
  "%25",
  "%3F",
  "%23",
  "name%0A",
];

const segment = (valid: readonly string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) });

/** Raw bytes a path may carry that are not ASCII: UTF-8 and invalid UTF-8. */
const RAW_PATH_BYTES = [Buffer.from("é", "utf8"), Buffer.from([0xff]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(" ")];

function exactQuery(space: string, ref: ExactFormRef): string {
  return new URLSearchParams({
    space,
    group: ref.apiVersion,
    kind: ref.kind,
    definitionVersion: ref.definitionVersion,
    schemaDigest: ref.schemaDigest,
  }).toString();
}

const QUERY_KEYS = ["space", "group", "kind", "definitionVersion", "schemaDigest", "unknown", "", "SPACE", "space[]"];
const QUERY_VALUES = [
  "",
  "%FF",
  "%",
  "%G1",
  "a+b",
  "%00",
  "%2F",
  "x".repeat(5000),
  "hostile",
  "0.1.0",
  "sha256:" + "0".repeat(64),
  GROUP,
  "%ED%A0%80",
  "%C3%A9",
];

const hostileQuery = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...QUERY_VALUES)), { minLength: 0, maxLength: 7 })
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join("&"));

const query = (kind: string) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...WATCHED_SPACES)
        .map((space) => exactQuery(space, formOf(WATCHED_KINDS.includes(kind as never) ? kind : "AtLeastOnceQueue"))),
    },
    { weight: 2, arbitrary: hostileQuery },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...WATCHED_SPACES), hostileQuery)
        .map(([space, extra]) => `${exactQuery(space, formOf("AtLeastOnceQueue"))}&${extra}`),
    },
  );

const HOSTILE_HEADERS: [string, string][] = [
  ["Idempotency-Key", ""],
  ["Idempotency-Key", "k".repeat(300)],
  ["Idempotency-Key", "key with spaces"],
  ["Idempotency-Key", "\u00e9t\u00e9"],
  ["Takoform-Expected-Generation", "0"],
  ["Takoform-Expected-Generation", "-1"],
  ["Takoform-Expected-Generation", "01"],
  ["Takoform-Expected-Generation", "1e3"],
  ["Takoform-Expected-Generation", "99999999999999999999999"],
  ["Takoform-Expected-Generation", "9223372036854775808"],
  ["Takoform-Expected-Generation", " 1"],
  ["Takoform-Expected-Generation", "one"],
  ["If-None-Match", "*"],
  ["If-None-Match", "**"],
  ["If-None-Match", 'W/"1"'],
  ["If-None-Match", ""],
  ["If-Match", '"1"'],
  ["If-Match", "1"],
  ["If-Match", '"99999999999999999999999"'],
  ["If-Match", "*"],
  ["Content-Type", "text/plain"],
  ["Content-Type", "application/x-www-form-urlencoded"],
  ["Content-Type", "multipart/form-data; boundary=x"],
  ["Content-Type", "application/json; charset=latin1"],
  ["Content-Type", ""],
  ["Content-Encoding", "gzip"],
  ["Expect", "100-continue"],
  ["Takoform-Conformance-Probe", "error:internal_error"],
  ["Takoform-Conformance-Probe", "touch-status"],
  ["X-Huge", "h".repeat(20_000)],
  ["Authorization", "Bearer primary-token-0123456789"],
  ["Host", "evil.example"],
];

const headerSet = fc.array(fc.constantFrom(...HOSTILE_HEADERS), { maxLength: 3 });

const AUTHORIZATION = fc.oneof(
  { weight: 12, arbitrary: fc.constant("Bearer primary-token-0123456789") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "Basic cHJpbWFyeTp4",
      "Bearer",
      "Bearer short",
      "Bearer primary-token-0123456789 extra",
      "bearer  primary-token-0123456789",
      "Bearer " + "t".repeat(20_000),
    ),
  },
);

function document(kind: string, name: string, space: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const ref = formOf(WATCHED_KINDS.includes(kind as never) ? kind : "AtLeastOnceQueue");
  const spec = ref.kind === "AtLeastOnceQueue" ? { messageRetentionSeconds: 60 } : {};
  return { apiVersion: ref.apiVersion, kind: ref.kind, form: { formRef: ref }, metadata: { name, space }, spec, ...extra };
}

const JSON_MUTATIONS: ((doc: Record<string, any>) => unknown)[] = [
  (doc) => ({ ...doc, unknownMember: true }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, tenant: "tenant-b" } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, uid: "not-yours" } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, generation: "0" } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, name: "..".repeat(40) } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, space: "a/b" } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, space: " lead" } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, space: "\u0085" } }),
  (doc) => ({ ...doc, metadata: { ...doc.metadata, space: "x".repeat(256) } }),
  (doc) => ({ ...doc, spec: { messageRetentionSeconds: 1e300 } }),
  (doc) => ({ ...doc, spec: { messageRetentionSeconds: "60" } }),
  (doc) => ({ ...doc, spec: { extra: 1 } }),
  (doc) => ({ ...doc, spec: [] }),
  (doc) => ({ ...doc, form: { formRef: { ...doc.form.formRef, schemaDigest: "sha256:" + "f".repeat(64) } } }),
  (doc) => ({ ...doc, form: { formRef: { ...doc.form.formRef, definitionVersion: "9.9.9" } } }),
  (doc) => ({ ...doc, kind: "ModuleWorker" }),
  (doc) => ({ ...doc, apiVersion: "edge.forms.takoform.com/v1alpha1" }),
  (doc) => ({ ...doc, review: { prepareDigest: "sha256:" + "0".repeat(64) } }),
  (doc) => ({ ...doc, review: { prepareDigest: "sha256:" + "0".repeat(64), extra: 1 } }),
  (doc) => ({ ...doc, nativeId: "" }),
  (doc) => ({ ...doc, nativeId: "n".repeat(5000) }),
  (doc) => ({ ...doc, expectedGeneration: "1" }),
  (doc) => ({ ...doc, expectedUid: "" }),
  (doc) => ({ ...doc, __proto__x: 1, constructor: { prototype: { polluted: true } } }),
  (doc) => JSON.parse(`{"__proto__": {"polluted": true}, "apiVersion": ${JSON.stringify(doc.apiVersion)}}`),
  () => null,
  () => [],
  () => "string",
  () => 42,
];

/** Replaces the first string value's closing quote region with raw bytes (invalid UTF-8 and friends). */
function withRawBytes(text: string, bytes: Buffer): Buffer {
  const at = text.indexOf('"', text.indexOf(":") + 1) + 1;
  return Buffer.concat([Buffer.from(text.slice(0, at), "utf8"), bytes, Buffer.from(text.slice(at), "utf8")]);
}

const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0xc0, 0x80]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0x80]),
];

const bodyFor = (kind: string, name: string, space: string) => {
  const doc = document(kind, name, space);
  const text = JSON.stringify(doc);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(Buffer.alloc(0)) },
    { weight: 3, arbitrary: fc.constantFrom(...JSON_MUTATIONS).map((mutate) => Buffer.from(JSON.stringify(mutate(structuredClone(doc))) ?? "null")) },
    { weight: 2, arbitrary: fc.constant(Buffer.from(JSON.stringify({ ...doc, nativeId: `native-${name}` }))) },
    { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 4 }).map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: text.length - 1 }).map((cut) => Buffer.from(text.slice(0, cut))) },
    { weight: 1, arbitrary: fc.constant(Buffer.from(text.replace('"metadata":', '"metadata":{"name":"x"},"metadata":'))) },
    { weight: 1, arbitrary: fc.constant(Buffer.from(text.replace('"name":', '"name":"dup","name":'))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 60, max: 50_000 }), fc.boolean())
        .map(([depth, object]) => Buffer.from(object ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "]".repeat(depth))),
    },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_UTF8).map((bytes) => withRawBytes(text, bytes)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("\\ud800", "\\udfff", "\\udc00\\ud800", "\\uffff", "\\u0000")
        .map((escape) => Buffer.from(text.replace('"hostile', `"${escape}hostile`))),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("1e400", "-0", "9007199254740993", "1.7976931348623159e308", "4.9e-325", "NaN", "Infinity", "0x10", "01")
        .map((n) => Buffer.from(text.replace("60", n))),
    },
    { weight: 1, arbitrary: fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])) },
    { weight: 1, arbitrary: fc.constant(Buffer.from(text + " {}")) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  );
};

interface RouteTemplate {
  route: string;
  method: string;
  mutates: boolean;
  build: (parts: { kind: string; name: string; space: string; dv: string; q: string; id: string }) => string;
}

const resource = (kind: string, name: string) => `${API}/resources/${GROUP}/${kind}/${name}`;

/** Every route of the operation table (and the routes of this host beyond it). */
export const ROUTES: RouteTemplate[] = [
  { route: "discovery", method: "GET", mutates: false, build: () => "/.well-known/takoform/v1beta1" },
  { route: "forms", method: "GET", mutates: false, build: ({ q }) => `${API}/forms?${q}` },
  { route: "form-definition", method: "GET", mutates: false, build: ({ kind, q }) => `${API}/form-definitions/${GROUP}/${kind}?${q}` },
  { route: "validate", method: "POST", mutates: false, build: () => `${API}/resources/validate` },
  { route: "prepare", method: "POST", mutates: false, build: () => `${API}/resources/prepare` },
  { route: "apply", method: "PUT", mutates: true, build: ({ kind, name }) => resource(kind, name) },
  { route: "read", method: "GET", mutates: false, build: ({ kind, name, q }) => `${resource(kind, name)}?${q}` },
  { route: "import", method: "POST", mutates: true, build: ({ kind, name }) => `${resource(kind, name)}/import` },
  { route: "observe", method: "POST", mutates: true, build: ({ kind, name, q }) => `${resource(kind, name)}/observe?${q}` },
  { route: "delete", method: "DELETE", mutates: true, build: ({ kind, name, q }) => `${resource(kind, name)}?${q}` },
  { route: "support-forms", method: "GET", mutates: false, build: () => `${API}/support/forms` },
  { route: "support-form", method: "GET", mutates: false, build: ({ kind, dv }) => `${API}/support/forms/${GROUP}/${kind}/${dv}` },
  { route: "support-interface", method: "GET", mutates: false, build: ({ name, dv }) => `${API}/support/interfaces/${name}/${dv}` },
  { route: "support-binding", method: "GET", mutates: false, build: ({ name, dv }) => `${API}/support/bindings/${name}/${dv}` },
  { route: "operation", method: "GET", mutates: false, build: ({ id }) => `${API}/operations/${id}` },
  { route: "operation-cancel", method: "POST", mutates: false, build: ({ id }) => `${API}/operations/${id}/cancel` },
  { route: "artifact-upload-start", method: "POST", mutates: false, build: () => `${API}/artifacts/uploads` },
  { route: "artifact-blob-upload", method: "PUT", mutates: false, build: ({ id, dv }) => `${API}/artifacts/uploads/${id}/blobs/${dv}` },
  { route: "artifact-commit", method: "POST", mutates: false, build: ({ id }) => `${API}/artifacts/uploads/${id}/commit` },
  { route: "artifact-manifest-read", method: "GET", mutates: false, build: ({ dv }) => `${API}/artifacts/${dv}` },
  { route: "artifact-blob-head", method: "HEAD", mutates: false, build: ({ dv }) => `${API}/artifacts/blobs/${dv}` },
  { route: "artifact-upload-abandon", method: "DELETE", mutates: false, build: ({ id }) => `${API}/artifacts/uploads/${id}` },
  { route: "off-table", method: "PATCH", mutates: false, build: ({ kind, name }) => resource(kind, name) },
];

/** `arbitrary` once in `inverse` cases, null otherwise. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, inverse: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: inverse - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "TRACE"];

export const hostileCase: fc.Arbitrary<HostileCase> = fc
  .record({
    template: fc.constantFrom(...ROUTES),
    otherMethod: rarely(fc.constantFrom(...METHODS), 8),
    kind: segment(WATCHED_KINDS),
    name: segment(WATCHED_NAMES),
    space: fc.constantFrom(...WATCHED_SPACES),
    dv: segment(["0.1.0", "sha256:" + "0".repeat(64), "1.0.0"]),
    id: segment(["op_missing", "up_missing", "up_" + "x".repeat(100)]),
    rawBytes: rarely(fc.constantFrom(...RAW_PATH_BYTES), 10),
    authorization: AUTHORIZATION,
    headers: headerSet,
    useChunked: fc.boolean(),
  })
  .chain((parts) =>
    fc.tuple(fc.constant(parts), query(parts.kind), bodyFor(parts.kind, parts.name, parts.space)).map(([p, q, body]) => {
      const method = p.otherMethod ?? p.template.method;
      let target: string | Buffer = p.template.build({ ...p, q });
      if (p.rawBytes !== null) target = Buffer.concat([Buffer.from(target.slice(0, -2), "latin1"), p.rawBytes, Buffer.from(target.slice(-2), "latin1")]);
      const headers: [string, string][] = [
        ["Host", "127.0.0.1"],
        ["Authorization", p.authorization],
        ["Content-Type", "application/json"],
        ["Idempotency-Key", `fuzz-${Math.abs(hash(p.name + p.space + body.length))}`],
        ...p.headers,
      ];
      if (p.template.route === "apply" && !p.headers.some(([name]) => name === "If-None-Match" || name === "Takoform-Expected-Generation"))
        headers.push(["If-None-Match", "*"]);
      const watchedHit = WATCHED_KINDS.includes(p.kind as never) && WATCHED_NAMES.includes(p.name as never);
      const hostileCase: HostileCase = {
        route: p.otherMethod === null ? p.template.route : `${p.template.route} via ${method}`,
        request: {
          method,
          target,
          headers,
          body: method === "GET" || method === "HEAD" ? Buffer.alloc(0) : body,
          chunked: p.useChunked && method !== "GET" && method !== "HEAD",
        },
        mutates: p.template.mutates || method === "PUT" || method === "DELETE",
      };
      if (watchedHit) hostileCase.watched = { kind: p.kind, name: p.name, space: p.space };
      return hostileCase;
    }),
  );

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** Artifact paths of every class the relative-path grammar forbids (artifact-transport, Validation). */
export const FORBIDDEN_ASSET_PATHS = [
  "/index.html",
  "../index.html",
  "a/../index.html",
  "./index.html",
  "a/./b",
  "a\\b",
  "a//b",
  "a/",
  "",
  "a\u0000b",
  "a\u0001b",
  "a\u007fb",
  "a\ufffeb",
  "a\ud800b",
  "%2e%2e/x",
  "a%2Fb",
  "a%ZZ",
  "é.html",
  ".hidden",
  "-dash",
  "x".repeat(241),
  "a/b/",
];
