// Tenant boundary under load (issue 10): two tenants hammer the same names, in the same spaces,
// with the same Idempotency-Keys and the same adoption identities, at the same time. No answer to
// one tenant may carry a uid, private name, prepare digest, hostname or manifest digest of the
// other that its own request did not name; every refusal for another tenant's name must be
// byte-identical (apart from the request id and the name asked for) to the refusal for a name
// nobody created; and a create-intent adoption of a name only the other tenant holds must answer
// what the same adoption of a free name answers.

import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API, CREDENTIALS, OTHER_TENANT, PRIMARY, type Reply } from "../unit/host/harness.js";
import { document, exactQuery, resourcePath } from "../unit/host/client.js";
import { form, ok, reference, settle, standUpWorker, uploadWorkerBundle } from "./support/aggregate.js";
import { printFigures } from "./support/figures.js";
import { startHostProcess, tempDir, writeCredentials, type HostProcess } from "./support/host-process.js";
import { seededRng, type Rng } from "./support/rng.js";
import { leaks, normalized, TenantRecorder } from "./support/tenant-recorder.js";

// heavy suites: generous bounds for a busy two-core machine
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const SPACES = ["shared-a", "shared-b"];
const SHARED = Array.from({ length: 8 }, (_, i) => `shared-${i}`);
const WORKERS = 5;
const OPS_PER_WORKER = 20;
const queue = () => form("AtLeastOnceQueue");

let host: HostProcess;
let dir: string;
let a: TenantRecorder;
let b: TenantRecorder;
const figures = { crossTenantProbes: 0, identicalToNobody: 0, adoptionsCompared: 0, artifactProbes: 0, hostnamesTracked: 0 };
let aggregates = false;

beforeAll(async () => {
  dir = tempDir("takoform-tenant-load-");
  host = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, CREDENTIALS)]);
  a = new TenantRecorder("tenant-a", PRIMARY, host.url);
  b = new TenantRecorder("tenant-b", OTHER_TENANT, host.url);
});

afterAll(async () => {
  expect(await host.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

async function create(rec: TenantRecorder, name: string, space: string, spec: Record<string, unknown>, key: string, kind = "AtLeastOnceQueue"): Promise<Reply> {
  const ref = form(kind);
  const body = document(ref, name, space, spec);
  const prepared = await rec.send("POST", `${API}/resources/prepare`, { body });
  if (prepared.status !== 200) return prepared;
  const put = await rec.send("PUT", resourcePath(ref, name), {
    body: { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } },
    headers: { "idempotency-key": key, "if-none-match": "*" },
  });
  return settle(host.url, rec.token, put);
}

async function update(rec: TenantRecorder, name: string, space: string, spec: Record<string, unknown>, generation: string, key: string): Promise<Reply> {
  const body = document(queue(), name, space, spec);
  const prepared = await rec.send("POST", `${API}/resources/prepare`, { body, headers: { "takoform-expected-generation": generation } });
  if (prepared.status !== 200) return prepared;
  return rec.send("PUT", resourcePath(queue(), name), {
    body: { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } },
    headers: { "idempotency-key": key, "takoform-expected-generation": generation },
  });
}

const readOf = (rec: TenantRecorder, name: string, space: string, kind = "AtLeastOnceQueue") =>
  rec.send("GET", `${resourcePath(form(kind), name)}?${exactQuery(space, form(kind))}`);
const observeOf = (rec: TenantRecorder, name: string, space: string, generation: string, key: string) =>
  rec.send("POST", `${resourcePath(queue(), name, "observe")}?${exactQuery(space, queue())}`, {
    headers: { "idempotency-key": key, "takoform-expected-generation": generation },
  });
const deleteOf = (rec: TenantRecorder, name: string, space: string, generation: string, key: string, kind = "AtLeastOnceQueue") =>
  rec.send("DELETE", `${resourcePath(form(kind), name)}?${exactQuery(space, form(kind))}`, {
    headers: { "idempotency-key": key, "takoform-expected-generation": generation },
  });
const importOf = (rec: TenantRecorder, name: string, space: string, nativeId: string, key: string, fence: Record<string, string>) =>
  rec.send("POST", resourcePath(queue(), name, "import"), {
    body: document(queue(), name, space, { messageRetentionSeconds: 120 }, { nativeId }),
    headers: { "idempotency-key": key, ...fence },
  });

/** One random operation of one tenant on a shared name; keys and native ids are shared between tenants on purpose. */
async function hammer(rec: TenantRecorder, rng: Rng, worker: number, op: number): Promise<void> {
  const name = rng.pick(SHARED);
  const space = rng.pick(SPACES);
  const key = `shared-key-${space}-${name}-${op % 5}`; // the same key from both tenants is two operations
  const current = await readOf(rec, name, space);
  const generation = current.status === 200 ? (current.json.metadata.generation as string) : undefined;
  const roll = rng.next();
  if (generation === undefined) {
    if (roll < 0.3) await importOf(rec, name, space, `native-${name}`, `${key}-import-${worker}`, { "if-none-match": "*" });
    else await create(rec, name, space, { messageRetentionSeconds: 60 + rng.int(0, 1000) }, `${key}-create-${worker}-${op}`);
    return;
  }
  if (roll < 0.35) await update(rec, name, space, { messageRetentionSeconds: 2000 + rng.int(0, 1000) }, generation, `${key}-update-${worker}-${op}`);
  else if (roll < 0.6) await observeOf(rec, name, space, generation, `${key}-observe-${op}`);
  else if (roll < 0.8) await deleteOf(rec, name, space, generation, `${key}-delete-${worker}-${op}`);
  else await importOf(rec, name, space, `native-${name}`, `${key}-reimport-${op}`, { "takoform-expected-generation": generation });
}

/** Every name-addressed refusal for the other tenant's name equals the one for a name nobody created. */
async function probeForeign(rec: TenantRecorder, foreign: string, nobody: string, space: string, round: number): Promise<string[]> {
  const problems: string[] = [];
  const probes: [string, (name: string) => Promise<Reply>][] = [
    ["read", (name) => readOf(rec, name, space)],
    ["observe", (name) => observeOf(rec, name, space, "1", `probe-observe-${round}-${name}`)],
    ["delete", (name) => deleteOf(rec, name, space, "1", `probe-delete-${round}-${name}`)],
    [
      "prepare update",
      (name) =>
        rec.send("POST", `${API}/resources/prepare`, {
          body: document(queue(), name, space, { messageRetentionSeconds: 61 }),
          headers: { "takoform-expected-generation": "1" },
        }),
    ],
    [
      "apply update",
      (name) =>
        rec.send("PUT", resourcePath(queue(), name), {
          body: { ...document(queue(), name, space, { messageRetentionSeconds: 61 }), review: { prepareDigest: "sha256:" + "a".repeat(64) } },
          headers: { "idempotency-key": `probe-put-${round}-${name}`, "takoform-expected-generation": "1" },
        }),
    ],
    [
      "import update",
      (name) => importOf(rec, name, space, `probe-native-${round}-${name}`, `probe-imp-${round}-${name}`, { "takoform-expected-generation": "1" }),
    ],
  ];
  for (const [label, probe] of probes) {
    const [theirs, nobodys] = await Promise.all([probe(foreign), probe(nobody)]);
    figures.crossTenantProbes++;
    if (theirs.status !== 404 || theirs.json?.error?.code !== "resource_not_found")
      problems.push(`${label} of a foreign name answered ${theirs.status} ${theirs.text.slice(0, 200)}`);
    const left = normalized(theirs, [[foreign, "<name>"]]);
    const right = normalized(nobodys, [[nobody, "<name>"]]);
    if (left === right) figures.identicalToNobody++;
    else problems.push(`${label}: the refusal for a foreign name differs from the one for a free name:\n${left}\n---\n${right}`);
  }
  return problems;
}

describe("tenant boundary under load", () => {
  it("two tenants hammering the same names never see each other, and foreign names look unused", async () => {
    const rng = seededRng();
    // private state of each tenant: names the other never uses, created before the load starts
    for (const [rec, prefix] of [
      [a, "a"],
      [b, "b"],
    ] as const) {
      for (let i = 0; i < 4; i++) {
        for (const space of SPACES) {
          const created = await create(rec, `${prefix}-private-${i}`, space, { messageRetentionSeconds: 300 + i }, randomUUID());
          expect(created.status, created.text).toBe(201);
          rec.secrets.add(`${prefix}-private-${i}`);
          expect((await create(rec, `${prefix}-adopt-${i}`, space, { messageRetentionSeconds: 120 }, randomUUID())).status).toBe(201);
        }
      }
    }
    // artifacts and Worker aggregates with the same names in both tenants, when this host serves them
    for (const [rec, prefix] of [
      [a, "a"],
      [b, "b"],
    ] as const) {
      const digest = await uploadWorkerBundle(host.url, rec.token, ["fetch"], `${prefix}-${randomUUID()}`);
      if (typeof digest === "string") rec.secrets.add(digest);
      try {
        const aggregate = await standUpWorker(host.url, rec.token, "edge", "shared", ["fetch"]);
        rec.secrets.add(aggregate.manifestDigest);
        for (const [kind, name] of [
          ["ModuleWorker", aggregate.worker],
          ["WorkerBundle", aggregate.bundle],
          ["WorkerVersion", aggregate.version],
          ["WorkerDeployment", aggregate.deployment],
        ] as const) {
          expect((await readOf(rec, name, "edge", kind)).status).toBe(200);
        }
        const endpoint = await create(rec, "shared-endpoint", "edge", { worker: reference("ModuleWorker", aggregate.worker) }, randomUUID(), "WorkerEndpoint");
        expect(ok(endpoint), endpoint.text).toBe(true);
        for (const hostname of [`${prefix}-secret.reliability.example`, "shared.reliability.example"]) {
          const domain = await create(
            rec,
            `domain-${hostname.split(".")[0]}`,
            "edge",
            { worker: reference("ModuleWorker", aggregate.worker), hostname },
            randomUUID(),
            "WorkerCustomDomain",
          );
          expect(ok(domain), domain.text).toBe(true); // a hostname only the other tenant serves is free
        }
        rec.secrets.add(`${prefix}-secret.reliability.example`);
        aggregates = true;
      } catch (error) {
        aggregates = false;
        printFigures("tenant-load", "worker aggregates not exercised", { reason: String((error as Error).message).slice(0, 120) });
      }
    }

    // the load: both tenants at once, each with several concurrent clients, plus cross-tenant probes
    const problems: string[] = [];
    const tenantLoad = (rec: TenantRecorder, other: string, seedOffset: number) =>
      Promise.all(
        Array.from({ length: WORKERS }, async (_, worker) => {
          const workerRng = seededRng(rng.seed + seedOffset + worker);
          for (let op = 0; op < OPS_PER_WORKER; op++) {
            await hammer(rec, workerRng, worker, op);
            if (op % 10 === 5) {
              const i = workerRng.int(0, 3);
              problems.push(...(await probeForeign(rec, `${other}-private-${i}`, `n-private-${i}`, workerRng.pick(SPACES), worker * 100 + op)));
            }
          }
        }),
      );
    await Promise.all([tenantLoad(a, "b", 1000), tenantLoad(b, "a", 2000)]);

    // a create-intent adoption of a name only the other tenant holds answers as one of a free name
    for (let i = 0; i < 4; i++) {
      for (const [rec, other] of [
        [a, "b"],
        [b, "a"],
      ] as const) {
        const space = SPACES[i % 2]!;
        const [theirs, nobodys] = await Promise.all([
          importOf(rec, `${other}-adopt-${i}`, space, `adopt-native-${other}-${i}`, `adopt-${other}-${i}`, { "if-none-match": "*" }),
          importOf(rec, `n-adopt-${i}`.padEnd(`${other}-adopt-${i}`.length, "x"), space, `adopt-native-n-${other}-${i}`, `adopt-n-${other}-${i}`, {
            "if-none-match": "*",
          }),
        ]);
        expect(theirs.status, theirs.text).toBe(201);
        const strip = (reply: Reply, name: string, native: string) =>
          normalized(reply, [
            [reply.json.metadata.uid, "<uid>"],
            [name, "<name>"],
            [native, "<native>"],
            [reply.json.metadata.createdAt ?? "\u0000", "<t>"],
          ])
            .replace(/"lastTransitionTime":"[^"]*"/g, "")
            .replace(/"creationTimestamp":"[^"]*"/g, "");
        const nobodyName = `n-adopt-${i}`.padEnd(`${other}-adopt-${i}`.length, "x");
        expect(strip(theirs, `${other}-adopt-${i}`, `adopt-native-${other}-${i}`)).toBe(strip(nobodys, nobodyName, `adopt-native-n-${other}-${i}`));
        figures.adoptionsCompared++;
      }
    }

    // digests: another tenant's manifest is answered as a digest nobody uploaded
    if (aggregates) {
      const digestOf = (rec: TenantRecorder) =>
        [...rec.secrets].find((secret) => secret.startsWith("sha256:") && rec.exchanges.every((e) => !e.response.includes(`"prepareDigest":"${secret}"`)));
      for (const [rec, owner] of [
        [a, b],
        [b, a],
      ] as const) {
        const foreign = digestOf(owner)!;
        const nobody = "sha256:" + "7".repeat(64);
        const [theirs, nobodys] = await Promise.all([rec.send("GET", `${API}/artifacts/${foreign}`), rec.send("GET", `${API}/artifacts/${nobody}`)]);
        expect(theirs.json?.error?.code).toBe("artifact_missing");
        expect(normalized(theirs, [[foreign, "<digest>"]])).toBe(normalized(nobodys, [[nobody, "<digest>"]]));
        const [bundleTheirs, bundleNobody] = await Promise.all([
          create(rec, "foreign-bundle", "digests", { manifestDigest: foreign }, randomUUID(), "WorkerBundle"),
          create(rec, "nobody-bundle1", "digests", { manifestDigest: nobody }, randomUUID(), "WorkerBundle"),
        ]);
        expect(bundleTheirs.json?.error?.code).toBe("artifact_missing");
        expect(
          normalized(bundleTheirs, [
            [foreign, "<digest>"],
            ["foreign-bundle", "<name>"],
          ]),
        ).toBe(
          normalized(bundleNobody, [
            [nobody, "<digest>"],
            ["nobody-bundle1", "<name>"],
          ]),
        );
        figures.artifactProbes += 2;
      }
    }

    // each tenant's live resources on the shared names are its own incarnations
    for (const name of SHARED) {
      for (const space of SPACES) {
        const [mine, theirs] = await Promise.all([readOf(a, name, space), readOf(b, name, space)]);
        if (mine.status === 200) expect(b.secrets.has(mine.json.metadata.uid)).toBe(false);
        if (theirs.status === 200) expect(a.secrets.has(theirs.json.metadata.uid)).toBe(false);
        if (mine.status === 200 && theirs.status === 200) expect(mine.json.metadata.uid).not.toBe(theirs.json.metadata.uid);
      }
    }

    figures.hostnamesTracked = [...a.secrets, ...b.secrets].filter((secret) => secret.includes(".")).length;
    const found = [...leaks(a, b), ...leaks(b, a)];
    printFigures("tenant-load", "two tenants, same names, same keys", {
      requestsA: a.requests,
      requestsB: b.requests,
      secretsA: a.secrets.size,
      secretsB: b.secrets.size,
      ...figures,
      aggregates,
      leaks: found.length,
    });
    expect(problems).toEqual([]);
    expect(found).toEqual([]);
  });
});
