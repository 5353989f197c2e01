// The floor server's create does the spec's essential work (bench/floor/create-work.ts, ADR 0250):
// each case below is answered one way by the floor and another by the bare floor (--bare), which
// does not do that step, so a floor that dropped the step would fail here.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, resourceDocument, resourcePath } from "../../../bench/host/api.js";
import { benchFormRef } from "../../../bench/host/form.js";
import { startFloor } from "../../../bench/floor/process.js";
import type { HostProcess } from "../../../bench/lib/host-process.js";
import { BENCH_TOKEN } from "../../../bench/lib/paths.js";

const ref = benchFormRef();
const SPACE = "floor-test";
const dir = mkdtempSync(path.join(tmpdir(), "takoform-floor-test-"));
let floor: HostProcess;
let bare: HostProcess;

beforeAll(async () => {
  [floor, bare] = await Promise.all([startFloor(path.join(dir, "floor.sqlite")), startFloor(path.join(dir, "bare.sqlite"), [], ["--bare"])]);
}, 60_000);
afterAll(async () => {
  await Promise.all([floor?.stop(), bare?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

async function call(side: HostProcess, method: string, target: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${side.url}${target}`, {
    method,
    body,
    headers: { authorization: `Bearer ${BENCH_TOKEN}`, "content-type": "application/json", ...headers },
  });
  return { status: res.status, text: await res.text() };
}

const documentOf = (name: string, spec: Record<string, unknown> = { messageRetentionSeconds: 3600 }) => resourceDocument(ref, name, SPACE, spec);

async function prepare(side: HostProcess, name: string, spec?: Record<string, unknown>) {
  return call(side, "POST", `${API}/resources/prepare`, JSON.stringify(documentOf(name, spec)));
}

/** prepare, then the PUT's body text (with the review) and its headers. */
async function prepared(side: HostProcess, name: string, key: string) {
  const answer = await prepare(side, name);
  expect(answer.status).toBe(200);
  const review = { prepareDigest: JSON.parse(answer.text).review.prepareDigest as string };
  return { body: JSON.stringify({ ...documentOf(name), review }), headers: { "if-none-match": "*", "idempotency-key": key } };
}

describe("the floor server's create", () => {
  it("admits the spec at prepare against the Form's desiredSchema (the bare floor does not)", async () => {
    const invalid = { messageRetentionSeconds: 5, extra: true };
    const refused = await prepare(floor, "bad-spec", invalid);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error.code).toBe("invalid_argument");
    expect((await prepare(bare, "bad-spec", invalid)).status).toBe(200);
  });

  it("decodes bodies as I-JSON: a duplicate member is refused (the bare floor lets JSON.parse keep the last)", async () => {
    const text = JSON.stringify(documentOf("dup")).replace('"messageRetentionSeconds":3600', '"messageRetentionSeconds":3600,"messageRetentionSeconds":60');
    expect((await call(floor, "POST", `${API}/resources/prepare`, text)).status).toBe(400);
    expect((await call(bare, "POST", `${API}/resources/prepare`, text)).status).toBe(200);
  });

  it("binds the canonical text: a PUT whose members come in another order matches (not on the bare floor)", async () => {
    for (const [side, expected] of [
      [floor, 201],
      [bare, 412],
    ] as const) {
      const { body, headers } = await prepared(side, "reordered", "key-reordered");
      const document = JSON.parse(body) as Record<string, unknown>;
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(document).reverse()));
      expect((await call(side, "PUT", resourcePath(ref, "reordered"), reordered, headers)).status).toBe(expected);
    }
  });

  it("stores the materialized spec and records the answer: a retried PUT replays it, another request under the key is refused", async () => {
    const { body, headers } = await prepared(floor, "replayed", "key-replayed");
    const first = await call(floor, "PUT", resourcePath(ref, "replayed"), body, headers);
    expect(first.status).toBe(201);
    expect(JSON.parse(first.text).spec).toEqual({ messageRetentionSeconds: 3600, deliveryDelaySeconds: 0 });
    const again = await call(floor, "PUT", resourcePath(ref, "replayed"), body, headers);
    expect(again).toEqual(first);
    const other = await prepared(floor, "other", "key-other");
    const reused = await call(floor, "PUT", resourcePath(ref, "other"), other.body, headers);
    expect(reused.status).toBe(400);
    expect(reused.text).toMatch(/Idempotency-Key was already used/);
    const withoutKey = await call(floor, "PUT", resourcePath(ref, "other"), other.body, { "if-none-match": "*" });
    expect(withoutKey.status).toBe(400);
  });

  it("the bare floor has no replay record: the retried PUT is refused as a conflict", async () => {
    const { body, headers } = await prepared(bare, "replayed", "key-replayed");
    expect((await call(bare, "PUT", resourcePath(ref, "replayed"), body, headers)).status).toBe(201);
    expect((await call(bare, "PUT", resourcePath(ref, "replayed"), body, headers)).status).toBe(409);
  });
});
