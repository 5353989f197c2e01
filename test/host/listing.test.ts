// The resource listing (takoform host extension GET /x-takoform/v1/resources) against a real
// host process: what a space holds with kind, name, exact FormRef, generation, Ready and reason
// and relations with their pins; tenant scope; cursor pagination; a closed-taxonomy 400 naming the
// parameter for every bad query; ETag/304 for pollers; and the console page served beside it.

import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { create, form, mustCreate, standUpWorker, type Aggregate } from "../reliability/support/aggregate.js";
import { credentialsFile, startHostProcess, tempDir, type HostProcess } from "./process.js";

const LISTING = "/x-takoform/v1/resources";
const SPACE = "shop";
let host: HostProcess;
let dir: string;
let aggregate: Aggregate;

const list = (query = "", token: string | null = PRIMARY, headers: Record<string, string> = {}) =>
  call(host.url, "GET", `${LISTING}${query === "" ? "" : `?${query}`}`, { token, headers });

beforeAll(async () => {
  dir = tempDir("takoform-listing-");
  host = await startHostProcess(["--data", dir, "--credentials", credentialsFile(dir)]);
  aggregate = await standUpWorker(host.url, PRIMARY, SPACE, "app", ["fetch"]);
  mustCreate("idle worker", await create(host.url, PRIMARY, "ModuleWorker", "idle", SPACE, {}));
  mustCreate("queue elsewhere", await create(host.url, PRIMARY, "AtLeastOnceQueue", "jobs", "elsewhere", { messageRetentionSeconds: 60 }));
  mustCreate("other tenant", await create(host.url, OTHER_TENANT, "AtLeastOnceQueue", "theirs", SPACE, { messageRetentionSeconds: 60 }));
}, 120_000);

afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("resource listing", () => {
  it("lists a space with kind, name, FormRef, generation, Ready and relations with their pins", async () => {
    const reply = await list(`space=${SPACE}`);
    expect(reply.status, reply.text).toBe(200);
    const resources = reply.json.resources as any[];
    expect(resources.map((r) => `${r.kind} ${r.name}`).sort()).toEqual(
      ["ModuleWorker app-worker", "ModuleWorker idle", "WorkerBundle app-bundle", "WorkerDeployment app-deploy", "WorkerVersion app-version"].sort(),
    );
    expect(reply.json.nextCursor).toBeUndefined();
    const byName = new Map(resources.map((r) => [r.name, r]));
    const worker = byName.get(aggregate.worker);
    expect(worker.formRef).toEqual(form("ModuleWorker"));
    expect(worker.generation).toBe("1");
    expect(worker.ready).toMatchObject({ status: "True", reason: "Available" });
    const version = byName.get(aggregate.version);
    const pins = Object.fromEntries(version.relations.map((rel: any) => [rel.pointer, rel]));
    expect(pins["/worker"]).toMatchObject({
      target: { kind: "ModuleWorker", name: aggregate.worker },
      pinned: { uid: worker.uid, formRef: form("ModuleWorker") },
    });
    expect(pins["/bundle"].pinned.uid).toBe(byName.get(aggregate.bundle).uid);
    expect(pins["/worker"].drift).toBeUndefined();
    const deployment = byName.get(aggregate.deployment);
    const weighted = deployment.relations.find((rel: any) => rel.pointer === "/versions/0/workerVersion");
    expect(weighted).toMatchObject({ target: { name: aggregate.version }, pinned: { uid: version.uid }, context: { weight: 10000 } });
  });

  it("shows a not-Ready resource with its reason", async () => {
    const reply = await list(`space=${SPACE}&kind=ModuleWorker`);
    const idle = (reply.json.resources as any[]).find((r) => r.name === "idle");
    expect(idle.ready).toMatchObject({ status: "False", reason: "Provisioning", hostReason: "worker idle: no active deployment" });
    expect(idle.conditions[0]).toMatchObject({ type: "Ready", status: "False", reason: "Provisioning" });
    expect((reply.json.resources as any[]).every((r) => r.kind === "ModuleWorker")).toBe(true);
  });

  it("is scoped to the credential's tenant: every space of it, nothing of another tenant", async () => {
    const mine = (await list()).json.resources as any[];
    expect(mine.map((r) => `${r.space}/${r.name}`)).toContain("elsewhere/jobs");
    expect(mine.map((r) => r.name)).not.toContain("theirs");
    expect(mine).toHaveLength(6);
    const theirs = (await list("", OTHER_TENANT)).json.resources as any[];
    expect(theirs.map((r) => `${r.space}/${r.kind}/${r.name}`)).toEqual([`${SPACE}/AtLeastOnceQueue/theirs`]);
    const unauthenticated = await list("", null);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.json.error.code).toBe("unauthenticated");
  });

  it("pages with a cursor and a limit, every resource exactly once", async () => {
    const all = ((await list()).json.resources as any[]).map((r) => r.uid);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const reply = await list(`limit=2${cursor === undefined ? "" : `&cursor=${cursor}`}`);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.resources.length).toBeLessThanOrEqual(2);
      seen.push(...reply.json.resources.map((r: any) => r.uid));
      cursor = reply.json.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);
    // A cursor of the whole-tenant listing that points into another space cannot continue this space's listing.
    const first = await list("limit=1");
    const elsewhere = await list(`space=${SPACE}&cursor=${first.json.nextCursor}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.error.details).toEqual({ parameter: "cursor" });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=501", "limit"],
    ["limit=ten", "limit"],
    ["limit=01", "limit"],
    ["kind=Nope", "kind"],
    ["space=a%2Fb", "space"],
    ["space=", "space"],
    ["cursor=not-a-cursor!", "cursor"],
    ["cursor=Zm9v", "cursor"],
    ["page=2", "page"],
    ["space=shop&space=shop", "space"],
    ["space=%ZZ", "space"],
    ["li%C0mit=1", "li%C0mit"],
  ])("refuses %s with invalid_argument naming %s", async (query, parameter) => {
    const reply = await list(query);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.json.error.code).toBe("invalid_argument");
    expect(reply.json.error.details).toEqual({ parameter });
    expect(reply.json.error.message).toContain(`"${parameter}"`);
  });

  it("answers any query with a page or a 400 naming a parameter, never a 5xx", async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "space",
        "kind",
        "cursor",
        "limit",
        "Space",
        "",
        "%",
        "%ZZ",
        "%C0%AF",
        "%2F",
        "+",
        "=",
        "&",
        "shop",
        "ModuleWorker",
        "0",
        "500",
        "501",
        "9999999999999",
      ),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.base64String({ maxLength: 40 }).map((b) => b.replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "")),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(piece, piece), { maxLength: 4 }), async (pairs) => {
        const reply = await list(pairs.map(([k, v]) => `${k}=${v}`).join("&"));
        expect([200, 400]).toContain(reply.status);
        if (reply.status === 400) {
          expect(reply.json.error.code).toBe("invalid_argument");
          expect(typeof reply.json.error.details.parameter).toBe("string");
          expect(reply.json.error.message).toContain(`query parameter ${JSON.stringify(reply.json.error.details.parameter)}`);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("answers 304 to an unchanged page and a new ETag after a change", async () => {
    const first = await list(`space=${SPACE}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await list(`space=${SPACE}`, PRIMARY, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    mustCreate("kv", await create(host.url, PRIMARY, "EdgeKVNamespace", "cache", SPACE, {}));
    const changed = await list(`space=${SPACE}`, PRIMARY, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.json.resources.map((r: any) => r.name)).toContain("cache");
  });

  it("serves the console page and its script without a token, locked to its own origin", async () => {
    const page = await call(host.url, "GET", "/console", { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.text).toContain('<script type="module" src="/console/console.js">');
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const script = await call(host.url, "GET", "/console/console.js", { token: null });
    expect(script.status).toBe(200);
    expect(script.text).toContain(LISTING);
    expect((await call(host.url, "GET", "/console/other.js", { token: null })).status).toBe(401);
  });
});
