import { describe, expect, it } from "vitest";
import { singleQueueConsumer, consumersOf } from "../../../host/rules/attachments/queue-single-consumer.js";
import { deadLetterCycle, deadLetterEdgeOf, type DeadLetterEdge } from "../../../host/rules/attachments/dead-letter-cycle.js";
import { canonicalHostname, canonicalizeCustomDomainSpec } from "../../../host/rules/attachments/custom-domain-hostname.js";
import { hostnameClaim, type HostnameHolder } from "../../../host/rules/attachments/hostname-claim.js";
import { assignEndpointAddress } from "../../../host/rules/attachments/worker-endpoint-address.js";
import { singleEndpointPerWorker, endpointsOf } from "../../../host/rules/attachments/worker-endpoint-single.js";
import type { StoredTarget } from "../../../host/rules/relations/view.js";
import { Aggregates, record } from "./support/aggregate.js";
import { definition } from "./support/reference.js";

describe("queue-single-consumer-enforced", () => {
  it("refuses a second consumer of one queue uid and admits it once the first is gone", () => {
    const a = new Aggregates();
    const queue = a.view.add(definition("AtLeastOnceQueue"), "jobs");
    const first = a.view.add(definition("QueueConsumer"), "c1");
    first.relations = [record("/queue", "/queue", queue)];
    const consumers = () => consumersOf(queue.uid, a.view.holdersOf(queue.uid));
    const out = singleQueueConsumer(queue, {}, consumers());
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/queue" });
    if (!out.ok) expect(out.message).toContain('"c1"');
    expect(singleQueueConsumer(queue, { uid: first.uid }, consumers())).toEqual({ ok: true });
    a.view.remove(first.uid);
    expect(singleQueueConsumer(queue, {}, consumers())).toEqual({ ok: true });
  });

  it("decides on the uid: a dead-letter reference to the queue is not a consumer", () => {
    const a = new Aggregates();
    const queue = a.view.add(definition("AtLeastOnceQueue"), "jobs");
    const other = a.view.add(definition("AtLeastOnceQueue"), "other");
    const c = a.view.add(definition("QueueConsumer"), "c-other");
    c.relations = [record("/queue", "/queue", other), record("/deadLetterQueue", "/deadLetterQueue", queue)];
    expect(consumersOf(queue.uid, a.view.holdersOf(queue.uid))).toHaveLength(0);
  });
});

describe("dead-letter-cycle-rejected", () => {
  /** Queues q0..qn and consumers given as [drained, deadLetter] index pairs. */
  function graph(n: number, edges: [number, number][]) {
    const a = new Aggregates();
    const queues = Array.from({ length: n }, (_, i) => a.view.add(definition("AtLeastOnceQueue"), `q${i}`));
    const consumers: StoredTarget[] = edges.map(([from, to], i) => {
      const c = a.view.add(definition("QueueConsumer"), `c${i}`);
      c.relations = [record("/queue", "/queue", queues[from]!), record("/deadLetterQueue", "/deadLetterQueue", queues[to]!)];
      return c;
    });
    const deadLetterOf = (uid: string): DeadLetterEdge | undefined => {
      const consumer = consumers.find((c) => c.relations.some((r) => r.relation === "/queue" && r.targetUid === uid));
      return consumer === undefined ? undefined : deadLetterEdgeOf(consumer);
    };
    const check = (from: number, to: number) => deadLetterCycle({ queue: queues[from]!, deadLetter: queues[to]!, self: {}, deadLetterOf });
    return { check, queues, deadLetterOf };
  }

  it("refuses a self-loop", () => {
    expect(graph(1, []).check(0, 0)).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/deadLetterQueue" });
  });

  it("refuses closing a three-queue cycle, naming the path", () => {
    const out = graph(3, [
      [1, 2],
      [2, 0],
    ]).check(0, 1);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument" });
    if (!out.ok) expect(out.message).toContain("q0 -> q1 -> q2 -> q0");
  });

  it("accepts a four-queue chain and a diamond", () => {
    expect(
      graph(4, [
        [1, 2],
        [2, 3],
      ]).check(0, 1),
    ).toEqual({ ok: true });
    expect(
      graph(4, [
        [1, 3],
        [2, 3],
      ]).check(0, 1),
    ).toEqual({ ok: true }); // q0->q1->q3 while q2->q3
    expect(
      graph(4, [
        [0, 1],
        [1, 3],
        [2, 3],
      ]).check(2, 3),
    ).toEqual({ ok: true });
  });

  it("terminates on a cycle an older state left behind that does not reach the drained queue", () => {
    expect(
      graph(3, [
        [1, 2],
        [2, 1],
      ]).check(0, 1),
    ).toEqual({ ok: true });
  });

  it("re-applying a consumer replaces its own edge", () => {
    const g = graph(2, [[0, 1]]);
    const self = g.deadLetterOf(g.queues[0]!.uid)!.consumerUid;
    expect(deadLetterCycle({ queue: g.queues[1]!, deadLetter: g.queues[0]!, self: { uid: self }, deadLetterOf: g.deadLetterOf })).toEqual({ ok: true });
    expect(deadLetterCycle({ queue: g.queues[1]!, deadLetter: g.queues[0]!, self: {}, deadLetterOf: g.deadLetterOf })).toMatchObject({ ok: false });
  });
});

describe("custom-domain hostname canonicalization (custom-domain-hostname-canonicalized, custom-domain-u-label-refused)", () => {
  it("strips one root dot and lowercases ASCII, so every spelling is one desired state", () => {
    for (const h of ["API.Example.com", "api.example.com.", "api.example.com"]) {
      expect(canonicalHostname(h)).toEqual({ ok: true, hostname: "api.example.com" });
    }
    expect(canonicalizeCustomDomainSpec({ hostname: "WWW.Example.COM.", worker: { name: "w" } })).toEqual({
      ok: true,
      spec: { hostname: "www.example.com", worker: { name: "w" } },
    });
  });

  it("refuses a U-label and keeps the A-label byte-for-byte", () => {
    const out = canonicalHostname("bücher.example");
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/hostname" });
    if (!out.ok) expect(out.message).toContain("U+00FC");
    expect(canonicalHostname("xn--bcher-kva.example")).toEqual({ ok: true, hostname: "xn--bcher-kva.example" });
  });
});

describe("hostname claims stop at the tenant (custom-domain-hostname-claim-unique, -stops-at-the-tenant)", () => {
  const holders: HostnameHolder[] = [
    { tenant: "t1", uid: "u1", space: "prod", name: "www-prod", hostname: "www.example.com" },
    { tenant: "t2", uid: "u2", space: "main", name: "their-secret-name", hostname: "shop.example.com" },
  ];

  it("refuses a second claim from another space of the same tenant, in any spelling, naming the own holder", () => {
    const out = hostnameClaim({ tenant: "t1", hostname: "WWW.example.com.", self: {}, holders });
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/hostname" });
    if (!out.ok) expect(out.message).toContain('"www-prod" in space "prod"');
  });

  it("accepts a hostname only another tenant serves, and never names that tenant's resource", () => {
    expect(hostnameClaim({ tenant: "t1", hostname: "shop.example.com", self: {}, holders })).toEqual({ ok: true });
    const inside = hostnameClaim({ tenant: "t2", hostname: "www.example.com", self: {}, holders });
    expect(inside).toEqual({ ok: true });
  });

  it("the holder re-applying itself is not a second claim; releasing frees the name", () => {
    expect(hostnameClaim({ tenant: "t1", hostname: "www.example.com", self: { uid: "u1" }, holders })).toEqual({ ok: true });
    expect(hostnameClaim({ tenant: "t1", hostname: "www.example.com", self: {}, holders: holders.slice(1) })).toEqual({ ok: true });
  });
});

describe("WorkerEndpoint (worker-endpoint-address-is-host-assigned, -is-stable-for-its-uid, -single-per-worker)", () => {
  const hostnamePattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
  const urlPattern = /^https:\/\/[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\/$/;

  it("assigns a canonical hostname and url = https://HOST/ that match the Form's output grammar", () => {
    const out = assignEndpointAddress("endpoint-uid-1", "workers.example.net");
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.address.hostname).toMatch(hostnamePattern);
    expect(out.address.hostname.endsWith(".workers.example.net")).toBe(true);
    expect(out.address.url).toBe(`https://${out.address.hostname}/`);
    expect(out.address.url).toMatch(urlPattern);
  });

  it("is a function of the endpoint uid: stable for one uid, different for another", () => {
    const a1 = assignEndpointAddress("uid-a", "edge.test");
    const a2 = assignEndpointAddress("uid-a", "edge.test");
    const b = assignEndpointAddress("uid-b", "edge.test");
    expect(a1).toEqual(a2);
    if (a1.ok && b.ok) expect(a1.address.hostname).not.toBe(b.address.hostname);
    const many = new Set(
      Array.from({ length: 2000 }, (_, i) => (assignEndpointAddress(`uid-${i}`, "edge.test") as { address: { hostname: string } }).address.hostname),
    );
    expect(many.size).toBe(2000);
  });

  it("refuses with unsupported_capability when the host cannot assign", () => {
    expect(assignEndpointAddress("uid", undefined)).toMatchObject({ ok: false, code: "unsupported_capability" });
    expect(assignEndpointAddress("uid", "Not_A.Suffix")).toMatchObject({ ok: false, code: "unsupported_capability" });
  });

  it("refuses a second endpoint of one worker uid", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const first = a.attachment("WorkerEndpoint", w, "ep1");
    const eps = () => endpointsOf(w.uid, a.view.holdersOf(w.uid));
    expect(singleEndpointPerWorker(w, {}, eps())).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/worker" });
    expect(singleEndpointPerWorker(w, { uid: first.uid }, eps())).toEqual({ ok: true });
    expect(singleEndpointPerWorker(a.worker("other"), {}, [])).toEqual({ ok: true });
  });
});
