// The floor server (issue 19): a bare node:http + better-sqlite3 server doing the essential work
// the host does per read and per create, and nothing else, so every host figure can be read as a
// ratio to it. It serves the same paths the load process sends (bench/host/api.ts):
//
//   GET  {api}/resources/{group}/{version}/{kind}/{name}?{exact query}
//        bearer token -> SHA-256 -> constant-time compare; one indexed SELECT of the JSON row;
//        JSON.parse; JSON.stringify; strong ETag of the row's revision.
//   POST {api}/resources/prepare
//        bearer check; the body decoded as I-JSON; the exact FormRef resolved; defaults and the
//        desiredSchema; one SELECT (the name must be free); the prepareDigest, an HMAC over the
//        canonical text of what prepare binds (create-work.ts).
//   PUT  {api}/resources/{group}/{version}/{kind}/{name}   (If-None-Match: *, Idempotency-Key)
//        bearer check; I-JSON; the request's fingerprint and its Idempotency-Key's replay record
//        (one SELECT; a matching record is answered again, another request under the key is
//        refused); the digest recomputed and compared; defaults; the name checked free against
//        durable and staged rows; the resource row and the replay record (with the answer) staged
//        together and group-committed exactly as the host's sqlite store does it (the same writer
//        thread, host/store/sqlite-writer.ts, ADR 0142: the rows staged while one batch commits
//        form the next, one transaction and one fsync per batch, WAL + synchronous=FULL); 201
//        only once its batch is durable.
//
// With --bare, prepare and PUT do what the floor did before ADR 0250's amendment of 2026-12-06:
// JSON.parse, no Form, no defaults or schema, a digest over JSON.stringify, no Idempotency-Key,
// one row. The benchmark keeps it beside the floor as a recorded figure.
//
// usage: node --import tsx bench/floor/server.ts --data FILE --token TOKEN [--port 0] [--bare]
// Prints "listening on http://127.0.0.1:PORT" once ready, like `takoform host --quiet`.

import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import path from "node:path";
import { corpusRoot, loadCatalog } from "../../corpus/lib/index.js";
import { startSqliteWriter, type Row } from "../../host/store/sqlite-writer.js";
import { createWork, refusal, type CreateDocument, type Refusal } from "./create-work.js";

const API = "/apis/forms.takoform.com/v1beta1/resources/";

const { values } = parseArgs({
  options: { data: { type: "string" }, token: { type: "string" }, port: { type: "string", default: "0" }, bare: { type: "boolean", default: false } },
});
if (values.data === undefined || values.token === undefined) throw new Error("usage: server.ts --data FILE --token TOKEN [--port N]");
const file = values.data;
const tokenDigest = createHash("sha256").update(values.token).digest();
const secret = randomBytes(32);
const bare = values.bare === true;
/** The floor's one tenant: one token, as the host's bench credentials have. */
const TENANT = "bench";
const REPLAY_RETENTION_MS = 24 * 3600 * 1000;
const root = corpusRoot();
const work = createWork(loadCatalog([path.join(root, "forms"), path.join(root, "interfaces"), path.join(root, "bindings")]), secret);

const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL)");
const selectOne = db.prepare<[string], { value: string; version: number }>("SELECT value, version FROM entries WHERE key = ?");

// Group commit: staged rows are visible to the create check; one batch at a time with the writer.
interface Batch {
  rows: Row[];
  waiters: Array<(error?: Error) => void>;
}
const staged = new Set<string>();
let open: Batch | undefined;
let committing = false;
const writer = startSqliteWriter(file, (error) => {
  console.error(`floor: writer thread failed: ${error.message}`);
  process.exit(1);
});
function flush(): void {
  if (committing || open === undefined) return;
  const batch = open;
  open = undefined;
  committing = true;
  const done = (error?: Error) => {
    committing = false;
    for (const [key] of batch.rows) staged.delete(key);
    for (const waiter of batch.waiters) waiter(error);
    flush();
  };
  writer.commit(batch.rows).then(() => done(), done);
}
function stage(rows: Row[]): Promise<void> {
  open ??= { rows: [], waiters: [] };
  const batch = open;
  for (const row of rows) {
    batch.rows.push(row);
    staged.add(row[0]);
  }
  if (!committing) queueMicrotask(flush);
  return new Promise((resolve, reject) => batch.waiters.push((error) => (error === undefined ? resolve() : reject(error))));
}

/** Whether a row holds `key`, durable or staged in a batch not yet committed. */
function taken(key: string): boolean {
  return staged.has(key) || selectOne.get(key) !== undefined;
}

const CREATE_CONFLICT = '{"error":{"code":"create_conflict"}}';

function authenticated(req: http.IncomingMessage): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(req.headers.authorization ?? "");
  if (match === null) return false;
  return timingSafeEqual(createHash("sha256").update(match[1]!).digest(), tokenDigest);
}

function send(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function refuse(res: http.ServerResponse, refused: Refusal): void {
  send(res, refused.status, JSON.stringify({ error: { code: refused.code, message: refused.message } }));
}

/** The stored key of a resource: tenant, space, apiVersion, kind, name (as the host scopes it). */
function keyOf(space: string, apiVersion: string, kind: string, name: string): string {
  return `t/${TENANT}/${space}/${apiVersion}/${kind}/${name}`;
}

/** The stored key of an Idempotency-Key's replay record: tenant, space, key. */
function replayKeyOf(space: string, idempotencyKey: string): string {
  return `replay/${TENANT}/${space}/${idempotencyKey}`;
}

interface ReplayRecord {
  /** The resource key whose incarnation the answer reports. */
  key: string;
  fingerprint: string;
  status: number;
  etag: string;
  body: string;
  boundUid: string;
  expiresAt: number;
}

/** The recorded answer to replay, "execute" when there is none that still counts, or a refusal. */
function replayOf(space: string, idempotencyKey: string, fingerprint: string): ReplayRecord | "execute" | Refusal {
  const recordKey = replayKeyOf(space, idempotencyKey);
  if (staged.has(recordKey)) return { status: 409, code: "resource_busy", message: "this Idempotency-Key's request is committing; retry" };
  const row = selectOne.get(recordKey);
  if (row === undefined) return "execute";
  const record = JSON.parse(row.value) as ReplayRecord;
  if (record.expiresAt <= Date.now()) return "execute";
  // Retired with its incarnation: the resource it reported is gone or another uid holds the name.
  const resource = selectOne.get(record.key);
  if (resource === undefined || (JSON.parse(resource.value) as { metadata: { uid: string } }).metadata.uid !== record.boundUid) return "execute";
  if (record.fingerprint !== fingerprint)
    return { status: 400, code: "invalid_argument", message: "this Idempotency-Key was already used for a different request" };
  return record;
}

function digestOf(document: Record<string, unknown>): string {
  const { review: _review, ...rest } = document;
  return createHmac("sha256", secret).update(JSON.stringify(rest)).digest("base64url");
}

/** "{group}/{version}/{kind}/{name}" of a resource path, or undefined. */
function named(pathname: string): { apiVersion: string; kind: string; name: string } | undefined {
  if (!pathname.startsWith(API)) return undefined;
  const parts = pathname.slice(API.length).split("/");
  if (parts.length !== 4) return undefined;
  return { apiVersion: `${parts[0]}/${parts[1]}`, kind: parts[2]!, name: decodeURIComponent(parts[3]!) };
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!authenticated(req)) return send(res, 401, '{"error":{"code":"unauthenticated"}}');
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (req.method === "GET") {
    const path = named(pathname);
    const space = new URLSearchParams(q < 0 ? "" : url.slice(q + 1)).get("space");
    if (path === undefined || space === null) return send(res, 400, '{"error":{"code":"invalid_argument"}}');
    const row = selectOne.get(keyOf(space, path.apiVersion, path.kind, path.name));
    if (row === undefined) return send(res, 404, '{"error":{"code":"resource_not_found"}}');
    const document = JSON.parse(row.value) as Record<string, unknown>;
    return send(res, 200, JSON.stringify(document), { etag: `"${row.version}"` });
  }
  const body = await readBody(req);
  if (bare) return bareCreate(req, res, pathname, body);
  const decoded = work.decode(body);
  if (refusal(decoded)) return refuse(res, decoded);
  const document = decoded;
  const key = keyOf(document.metadata.space, document.apiVersion, document.kind, document.metadata.name);
  if (req.method === "POST" && pathname === `${API}prepare`) {
    const admitted = work.admit(document);
    if (refusal(admitted)) return refuse(res, admitted);
    if (taken(key)) return send(res, 409, CREATE_CONFLICT);
    return send(res, 200, JSON.stringify({ review: { prepareDigest: work.prepareDigest(TENANT, document) } }));
  }
  if (req.method === "PUT" && named(pathname) !== undefined && req.headers["if-none-match"] === "*") return create(req, res, url, document, key, body);
  return send(res, 404, '{"error":{"code":"not_found"}}');
}

async function create(req: http.IncomingMessage, res: http.ServerResponse, target: string, document: CreateDocument, key: string, body: Buffer): Promise<void> {
  const idempotencyKey = req.headers["idempotency-key"];
  if (typeof idempotencyKey !== "string" || idempotencyKey === "")
    return refuse(res, { status: 400, code: "invalid_argument", message: "Idempotency-Key is required" });
  const space = document.metadata.space;
  const fingerprint = work.fingerprint({ target, body });
  const replay = replayOf(space, idempotencyKey, fingerprint);
  if (refusal(replay)) return refuse(res, replay);
  if (replay !== "execute") return send(res, replay.status, replay.body, { etag: replay.etag });
  const { review, ...rest } = document;
  if (typeof review?.prepareDigest !== "string" || review.prepareDigest !== work.prepareDigest(TENANT, document)) {
    return refuse(res, { status: 400, code: "invalid_argument", message: "review.prepareDigest does not bind this request; prepare again" });
  }
  const spec = work.materialize(document);
  if (refusal(spec)) return refuse(res, spec);
  if (taken(key)) return send(res, 409, CREATE_CONFLICT);
  const uid = randomUUID();
  const answer = JSON.stringify({ ...rest, spec, metadata: { ...document.metadata, uid, generation: 1, revision: "1" } });
  const record: ReplayRecord = { key, fingerprint, status: 201, etag: '"1"', body: answer, boundUid: uid, expiresAt: Date.now() + REPLAY_RETENTION_MS };
  await stage([
    [key, answer, 1],
    [replayKeyOf(space, idempotencyKey), JSON.stringify(record), 1],
  ]);
  return send(res, 201, answer, { etag: '"1"' });
}

/** prepare and PUT as the floor made them before the essential work (--bare). */
async function bareCreate(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, body: Buffer): Promise<void> {
  const document = JSON.parse(body.toString("utf8")) as { metadata: { name: string; space: string }; apiVersion: string; kind: string } & Record<
    string,
    unknown
  >;
  const key = keyOf(document.metadata.space, document.apiVersion, document.kind, document.metadata.name);
  const free = !taken(key);
  if (req.method === "POST" && pathname === `${API}prepare`) {
    if (!free) return send(res, 409, CREATE_CONFLICT);
    return send(res, 200, JSON.stringify({ review: { prepareDigest: digestOf(document) } }));
  }
  if (req.method === "PUT" && named(pathname) !== undefined && req.headers["if-none-match"] === "*") {
    const review = document.review as { prepareDigest?: string } | undefined;
    if (review?.prepareDigest !== digestOf(document)) return send(res, 412, '{"error":{"code":"prepare_digest_mismatch"}}');
    if (!free) return send(res, 409, CREATE_CONFLICT);
    const { review: _review, ...stored } = document;
    const answer = JSON.stringify({ ...stored, metadata: { ...document.metadata, uid: randomUUID(), generation: 1, revision: "1" } });
    await stage([[key, answer, 1]]);
    return send(res, 201, answer, { etag: '"1"' });
  }
  return send(res, 404, '{"error":{"code":"not_found"}}');
}

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  handle(req, res).catch((error: Error) => send(res, 500, JSON.stringify({ error: { code: "internal", message: error.message } })));
});
server.listen(Number(values.port), "127.0.0.1", () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
});
const stop = () => {
  server.close();
  server.closeAllConnections();
  void writer.close().then(() => {
    db.close();
    process.exit(0);
  });
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
