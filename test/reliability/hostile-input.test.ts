// Hostile input (issue 10): seeded fast-check properties over every route of the lane, sent as raw
// bytes over TCP so nothing normalizes them first, plus a catalogue of the limits and framing
// errors a property would rarely reach. Properties: an answer to every request (no reset), zero
// 5xx, every refusal a closed error code at its status with a message, the process alive and
// answering discovery after every batch, and nothing stored when a mutation was refused.

import { fileDigest } from "../../corpus/lib/index.js";
import fc from "fast-check";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../../host/http/middleware/body.js";
import { CREDENTIALS } from "../unit/host/harness.js";
import { apply, read, refOf } from "../unit/host/client.js";
import { builtinCatalog } from "../unit/host/harness.js";
import { answerProblems } from "./support/answer-check.js";
import { printFigures } from "./support/figures.js";
import { startHostProcess, tempDir, writeCredentials, type HostProcess } from "./support/host-process.js";
import { API, FORBIDDEN_ASSET_PATHS, hostileCase, ROUTES, WATCHED_KINDS, WATCHED_NAMES, WATCHED_SPACES, type HostileCase } from "./support/hostile-inputs.js";
import { rawHttp, sendBytes, type RawHttpAnswer, type RawHttpFailure, type RawHttpRequest } from "./support/raw-http.js";

// heavy suites: generous bounds for a busy two-core machine
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const SEED = Number(process.env.RELIABILITY_SEED ?? 20261010);
const RUNS = 360;
const BATCH = 40;
const TOKEN = "primary-token-0123456789";
const AUTH: [string, string][] = [
  ["Host", "127.0.0.1"],
  ["Authorization", `Bearer ${TOKEN}`],
];

let host: HostProcess;
let port: number;
let dir: string;
const figures = { inputsTried: 0, answered: 0, accepted: 0, refused: 0, batches: 0, discoveryAfterBatch: 0, refusedMutationsCheckedUnstored: 0 };
const byCode: Record<string, number> = {};
const routesSeen = new Set<string>();
const messages = new Map<string, number>();

beforeAll(async () => {
  dir = tempDir("takoform-hostile-");
  host = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, CREDENTIALS)]);
  port = Number(new URL(host.url).port);
  // sentinels: existing resources a hostile mutation could reach for
  const queue = refOf(builtinCatalog(), "AtLeastOnceQueue");
  const kv = refOf(builtinCatalog(), "EdgeKVNamespace");
  expect((await apply(host.url, queue, "sentinel", "hostile", { messageRetentionSeconds: 60 })).status).toBe(201);
  expect((await apply(host.url, kv, "sentinel", "hostile two", {})).status).toBe(201);
});

afterAll(async () => {
  expect(await host.stop()).toBe(0);
  if (process.env.RELIABILITY_VERBOSE)
    console.log(
      [...messages]
        .sort((a, b) => b[1] - a[1])
        .map(([m, n]) => `${n} ${m}`)
        .join("\n"),
    );
  printFigures("hostile-input", "total", {
    seed: SEED,
    ...figures,
    routesCovered: routesSeen.size,
    distinctRefusals: messages.size,
    ...Object.fromEntries(Object.entries(byCode).map(([code, n]) => [`refused.${code}`, n])),
  });
  rmSync(dir, { recursive: true, force: true });
});

async function send(request: RawHttpRequest): Promise<RawHttpAnswer | RawHttpFailure> {
  const answer = await rawHttp(port, request);
  figures.inputsTried++;
  if (answer.ok) {
    figures.answered++;
    if (answer.status < 400) figures.accepted++;
    else {
      figures.refused++;
      let code = `HTTP ${answer.status}`;
      try {
        const error = JSON.parse(answer.text).error;
        code = error.code ?? code;
        const shape = `${error.code}: ${String(error.message)
          .replace(/"[^"]*"/g, '"…"')
          .replace(/[0-9]+/g, "N")
          .slice(0, 90)}`;
        messages.set(shape, (messages.get(shape) ?? 0) + 1);
      } catch {
        /* HEAD or a body-less refusal */
      }
      byCode[code] = (byCode[code] ?? 0) + 1;
    }
  }
  return answer;
}

/** Every watched address: absent, or the incarnation it holds. */
async function snapshot(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const kind of WATCHED_KINDS) {
    const ref = refOf(builtinCatalog(), kind);
    for (const name of WATCHED_NAMES) {
      for (const space of WATCHED_SPACES) {
        const got = await read(host.url, ref, name, space);
        expect([200, 404]).toContain(got.status);
        out.set(
          `${kind} ${name} ${space}`,
          got.status === 404 ? "absent" : `${got.json.metadata.uid} g${got.json.metadata.generation} r${got.json.metadata.revision}`,
        );
      }
    }
  }
  return out;
}

/** After a batch: the process is alive and answers discovery, and no refused mutation stored anything. */
async function checkpoint(before: Map<string, string>, excused: Set<string>): Promise<Map<string, string>> {
  figures.batches++;
  expect(host.alive(), `host process died; stderr: ${host.stderr().slice(-2000)}`).toBe(true);
  const discovery = await rawHttp(port, { method: "GET", target: "/.well-known/takoform/v1beta1", headers: AUTH });
  expect(discovery.ok && discovery.status).toBe(200);
  figures.discoveryAfterBatch++;
  const after = await snapshot();
  for (const [address, state] of after) {
    const [kind, name] = address.split(" ");
    if (excused.has(`${kind} ${name}`)) continue;
    figures.refusedMutationsCheckedUnstored++;
    expect(state, `${address} changed although every mutation that could reach it was refused`).toBe(before.get(address));
  }
  return after;
}

describe("hostile input over every route", () => {
  it(`holds the properties for ${RUNS} seeded fast-check cases (seed ${SEED})`, async () => {
    let state = await snapshot();
    let excused = new Set<string>();
    let inBatch = 0;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(hostileCase, async (hostile: HostileCase) => {
        routesSeen.add(hostile.route.split(" via ")[0]!);
        const answer = await send(hostile.request);
        if (answer.ok && answer.status < 300 && hostile.mutates) {
          // an accepted mutation may legitimately change what it addressed (and, via the body, its namesakes)
          for (const kind of WATCHED_KINDS)
            for (const name of WATCHED_NAMES) if (String(hostile.request.target).includes(`/${name}`)) excused.add(`${kind} ${name}`);
        }
        const problems = answerProblems(hostile.request.method, answer);
        if (++inBatch >= BATCH) {
          inBatch = 0;
          state = await checkpoint(state, excused);
          excused = new Set();
        }
        if (problems.length > 0) {
          failures.push(`${hostile.request.method} ${String(hostile.request.target).slice(0, 200)}: ${problems.join("; ")}`);
          throw new Error(`${hostile.route}: ${problems.join("; ")}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    await checkpoint(state, excused);
    expect(failures).toEqual([]);
    expect([...ROUTES.map((route) => route.route)].filter((route) => !routesSeen.has(route))).toEqual([]);
  });

  it("answers every limit and framing error in the closed taxonomy (catalogue)", async () => {
    const validate = `${API}/resources/validate`;
    const big = Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 0x20);
    const cases: [string, () => Promise<RawHttpAnswer | RawHttpFailure>][] = [
      ["body one byte over the 16 MiB limit (Content-Length)", () => send({ method: "POST", target: validate, headers: AUTH, body: big })],
      ["body over the 16 MiB limit (chunked)", () => send({ method: "POST", target: validate, headers: AUTH, body: big, chunked: true })],
      [
        "apply with a body over the 16 MiB limit",
        () =>
          send({
            method: "PUT",
            target: `${API}/resources/edge.forms.takoform.com/v1beta1/AtLeastOnceQueue/hostile-a`,
            headers: [...AUTH, ["If-None-Match", "*"], ["Idempotency-Key", "big"]],
            body: big,
          }),
      ],
      ["a 17 KiB header", () => send({ method: "GET", target: "/.well-known/takoform/v1beta1", headers: [...AUTH, ["X-Big", "b".repeat(17 * 1024)]] })],
      ["a 1 MiB header", () => send({ method: "GET", target: "/.well-known/takoform/v1beta1", headers: [...AUTH, ["X-Big", "b".repeat(1024 * 1024)]] })],
      [
        "1000 headers",
        () =>
          send({
            method: "GET",
            target: "/.well-known/takoform/v1beta1",
            headers: [...AUTH, ...Array.from({ length: 1000 }, (_, i): [string, string] => [`X-H${i}`, "v"])],
          }),
      ],
      ["a 20 KiB request target", () => send({ method: "GET", target: `${API}/forms?space=${"s".repeat(20 * 1024)}`, headers: AUTH })],
      [
        "a 20 KiB bearer token",
        () =>
          send({
            method: "GET",
            target: "/.well-known/takoform/v1beta1",
            headers: [
              ["Host", "x"],
              ["Authorization", `Bearer ${"t".repeat(20 * 1024)}`],
            ],
          }),
      ],
      [
        "nesting 100000 deep (arrays)",
        () => send({ method: "POST", target: validate, headers: AUTH, body: Buffer.from("[".repeat(100_000) + "]".repeat(100_000)) }),
      ],
      [
        "nesting 100000 deep (objects, unterminated)",
        () => send({ method: "POST", target: validate, headers: AUTH, body: Buffer.from('{"a":'.repeat(100_000)) }),
      ],
      ["a malformed request line", () => sendBytes(port, Buffer.from("GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n"))],
      [
        "bytes that are not HTTP",
        () => sendBytes(port, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a])),
      ],
      ["an unknown method", () => sendBytes(port, Buffer.from(`BREW / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`))],
      [
        "Content-Length with Transfer-Encoding",
        () =>
          sendBytes(
            port,
            Buffer.from(
              `POST ${validate} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
            ),
          ),
      ],
      [
        "two Content-Length values",
        () =>
          sendBytes(
            port,
            Buffer.from(`POST ${validate} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`),
          ),
      ],
      ["a control byte in a header name", () => sendBytes(port, Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\nX-A\x01: b\r\n\r\n`))],
      ["a NUL in the request target", () => sendBytes(port, Buffer.from(`GET /.well-known/\x00 HTTP/1.1\r\nHost: x\r\n\r\n`))],
      [
        "raw non-ASCII bytes in the path",
        () => sendBytes(port, Buffer.concat([Buffer.from(`GET ${API}/forms/`), Buffer.from([0xc3, 0xa9, 0xff]), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")])),
      ],
      [
        "no Host header",
        () => sendBytes(port, Buffer.from(`GET /.well-known/takoform/v1beta1 HTTP/1.1\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`)),
      ],
      [
        "chunk size that is not hex",
        () =>
          sendBytes(
            port,
            Buffer.from(`POST ${validate} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`),
          ),
      ],
      [
        "percent-encoded slash in the group",
        () => send({ method: "GET", target: `${API}/form-definitions/edge.forms.takoform.com%2Fv1beta1/AtLeastOnceQueue`, headers: AUTH }),
      ],
      [
        "dot segments in the resource path",
        () => send({ method: "GET", target: `${API}/resources/edge.forms.takoform.com/v1beta1/AtLeastOnceQueue/../../../../forms`, headers: AUTH }),
      ],
      [
        "encoded dot segments",
        () =>
          send({
            method: "DELETE",
            target: `${API}/resources/edge.forms.takoform.com/v1beta1/AtLeastOnceQueue/%2e%2e?space=hostile`,
            headers: [...AUTH, ["Idempotency-Key", "dots"], ["Takoform-Expected-Generation", "1"]],
          }),
      ],
      [
        "overlong UTF-8 slash in the path",
        () => send({ method: "GET", target: `${API}/resources/edge.forms.takoform.com/v1beta1/AtLeastOnceQueue/a%C0%AFb`, headers: AUTH }),
      ],
      [
        "CONNECT",
        () => sendBytes(port, Buffer.from(`CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`), "CONNECT"),
      ],
      ["OPTIONS on a route", () => send({ method: "OPTIONS", target: `${API}/support/forms`, headers: AUTH })],
      [
        "Upgrade: websocket",
        () => send({ method: "GET", target: "/.well-known/takoform/v1beta1", headers: [...AUTH, ["Upgrade", "websocket"], ["Connection", "Upgrade"]] }),
      ],
      ["a body on GET", () => send({ method: "GET", target: "/.well-known/takoform/v1beta1", headers: AUTH, body: Buffer.from("{}") })],
    ];
    const problems: string[] = [];
    for (const [label, run] of cases) {
      const answer = await run();
      const found = answerProblems("GET", answer);
      if (found.length > 0) problems.push(`${label}: ${found.join("; ")}`);
      expect(host.alive(), `host died after: ${label}`).toBe(true);
    }
    // framing errors arrive before routing; this request still gets a normal answer afterwards
    expect((await send({ method: "GET", target: "/.well-known/takoform/v1beta1", headers: AUTH })).ok).toBe(true);
    printFigures("hostile-input", "limits and framing catalogue", { cases: cases.length, violations: problems.length });
    expect(problems).toEqual([]);
  });

  it("never accepts an oversized artifact or an artifact path of a forbidden class, and stores none of their blobs", async () => {
    const upload = (manifest: object) =>
      send({
        method: "POST",
        target: `${API}/artifacts/uploads`,
        headers: [...AUTH, ["Idempotency-Key", `m-${fileDigest(Buffer.from(JSON.stringify(manifest))).slice(7, 30)}`]],
        body: Buffer.from(JSON.stringify({ manifest })),
      });
    const file = (path: string, bytes = Buffer.from(`<!-- ${path} -->`)) => ({ path, mediaType: "text/html", size: bytes.length, digest: fileDigest(bytes) });
    const problems: string[] = [];
    const digests: string[] = [];
    let tried = 0;
    const refusedWith: Record<string, number> = {};
    const expectRefused = (label: string, answer: RawHttpAnswer | RawHttpFailure) => {
      tried++;
      problems.push(...answerProblems("POST", answer).map((problem) => `${label}: ${problem}`));
      if (answer.ok && answer.status < 400) problems.push(`${label}: accepted (${answer.status})`);
      if (answer.ok && answer.status >= 400) {
        const code = JSON.parse(answer.text).error.code as string;
        refusedWith[code] = (refusedWith[code] ?? 0) + 1;
        // once the artifact routes are served, the refusal is about the manifest, not a missing route
        if (!["artifact_invalid", "invalid_argument", "resource_not_found"].includes(code)) problems.push(`${label}: refused ${code}`);
      }
    };
    for (const path of FORBIDDEN_ASSET_PATHS) {
      const entry = file(path);
      digests.push(entry.digest);
      expectRefused(
        `asset path ${JSON.stringify(path)}`,
        await upload({ apiVersion: "artifacts.takoform.com/v1alpha1", kind: "StaticAssetBundle", files: [file("index.html"), entry] }),
      );
    }
    const oversized: [string, object][] = [
      [
        "a file declared at 300 MB",
        { apiVersion: "artifacts.takoform.com/v1alpha1", kind: "StaticAssetBundle", files: [{ ...file("index.html"), size: 300_000_000 }] },
      ],
      [
        "aggregate over 10 MiB",
        {
          apiVersion: "artifacts.takoform.com/v1alpha1",
          kind: "StaticAssetBundle",
          files: [
            { ...file("a.html"), size: 6 * 1024 * 1024 },
            { ...file("b.html"), size: 6 * 1024 * 1024 },
          ],
        },
      ],
      [
        "16385 files",
        { apiVersion: "artifacts.takoform.com/v1alpha1", kind: "StaticAssetBundle", files: Array.from({ length: 16_385 }, (_, i) => file(`f${i}.html`)) },
      ],
      [
        "4097 modules",
        {
          apiVersion: "artifacts.takoform.com/v1alpha1",
          kind: "WorkerBundle",
          mainModule: "m0.js",
          modules: Array.from({ length: 4097 }, (_, i) => ({
            name: `m${i}.js`,
            mediaType: "application/javascript+module",
            size: 1,
            digest: fileDigest(Buffer.from([i % 256])),
          })),
        },
      ],
      [
        "a migration that is not SQL",
        { apiVersion: "artifacts.takoform.com/v1alpha1", kind: "MigrationBundle", files: [{ ...file("0001.sql"), mediaType: "text/plain" }] },
      ],
    ];
    for (const [label, manifest] of oversized) expectRefused(label, await upload(manifest));
    // a blob over the body limit, to an upload that may or may not exist
    const blob = await send({
      method: "PUT",
      target: `${API}/artifacts/uploads/up_missing/blobs/${fileDigest(Buffer.alloc(1))}`,
      headers: [...AUTH, ["Content-Type", "application/octet-stream"]],
      body: Buffer.alloc(DEFAULT_BODY_LIMIT + 1),
    });
    tried++;
    problems.push(...answerProblems("PUT", blob).map((problem) => `oversized blob: ${problem}`));
    if (blob.ok && blob.status < 400) problems.push(`oversized blob accepted (${blob.status})`);
    // nothing of the refused manifests was stored
    for (const digest of digests) {
      const head = await send({ method: "HEAD", target: `${API}/artifacts/blobs/${digest}`, headers: AUTH });
      if (head.ok && head.status === 200) problems.push(`blob ${digest} of a refused manifest is stored`);
    }
    expect(host.alive()).toBe(true);
    printFigures("hostile-input", "artifacts", { tried, ...Object.fromEntries(Object.entries(refusedWith).map(([code, n]) => [`refused.${code}`, n])) });
    expect(problems).toEqual([]);
  });
});
