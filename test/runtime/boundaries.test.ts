// What a client and tenant code can reach (ADR 0298). A client's request reaches the worker its
// hostname names and nothing else, whatever Miniflare control headers it sends; the platform parts
// of a request (CF-Connecting-IP, cf) are the host's, not the client's; a throw answers a 500
// without the stack; tenant code reaches no address on this machine or its private network; and
// no tenant reads what another put in the Cache API.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_TENANT } from "../unit/host/harness.js";
import { apply } from "../unit/host/client.js";
import { createVersion, deploy, deployWorker, eventually, kind, must, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

let host: RuntimeHost;
let hostname: string;

/** Answers who it is and what it was handed; ?throw throws, ?fetch=URL and ?connect=HOST:PORT reach out. */
const probe = (who: string) => `import { connect } from "cloudflare:sockets";
export default {
  async fetch(request) {
    const q = new URL(request.url).searchParams;
    if (q.has("throw")) throw new Error("stack detail of ${who}");
    if (q.has("cache-put")) {
      await caches.default.put("https://cached.example/", new Response(q.get("cache-put"), { headers: { "cache-control": "max-age=3600" } }));
      await (await caches.open("named")).put("https://cached.example/", new Response(q.get("cache-put"), { headers: { "cache-control": "max-age=3600" } }));
      return new Response("stored");
    }
    if (q.has("cache-get")) {
      const hits = [await caches.default.match("https://cached.example/"), await (await caches.open("named")).match("https://cached.example/")];
      return Response.json(await Promise.all(hits.map((hit) => (hit === undefined ? null : hit.text()))));
    }
    if (q.has("fetch")) {
      try { const r = await fetch(q.get("fetch")); return new Response("reached " + r.status); } catch (e) { return new Response("refused: " + e.name + ": " + e.message); }
    }
    if (q.has("connect")) {
      try {
        const socket = connect(q.get("connect"));
        const writer = socket.writable.getWriter();
        await writer.write(new TextEncoder().encode("GET / HTTP/1.0\\r\\n\\r\\n"));
        const { value } = await socket.readable.getReader().read();
        return new Response("reached " + new TextDecoder().decode(value).split("\\r\\n")[0]);
      } catch (e) { return new Response("refused: " + e.message); }
    }
    const headers = Object.fromEntries(request.headers);
    return Response.json({ who: ${JSON.stringify(who)}, url: request.url, cf: request.cf ?? null, headers });
  },
};`;

/** One request through the gateway with these headers besides Host. */
const send = (hostnameOf: string, path: string, headers: Record<string, string> = {}) => viaGateway(host.gatewayPort, hostnameOf, path, { headers });

beforeAll(async () => {
  host = await startRuntimeHost();
  ({ hostname } = await deployWorker(host.url, "front", "alpha", { source: probe("alpha") }));
  // Another tenant's worker, deployed with no endpoint: nothing routes to it.
  await must(apply(host.url, kind("ModuleWorker"), "hidden", "front", {}, { token: OTHER_TENANT }), "worker");
  const version = await createVersion(host.url, "front", "hidden", { source: probe("hidden") }, OTHER_TENANT);
  await deploy(host.url, "front", "hidden", [[version, 10000]], OTHER_TENANT);
  await host.host.runtime!.reconcile();
  await eventually(
    () => viaGateway(host.gatewayPort, hostname),
    (r) => r.status === 200,
    "alpha serves",
  );
}, 60_000);
afterAll(async () => host.close());

/** Every worker of every tenant's workerd (ADR 0300), the host's own included. */
const workerNames = () => [...new Set([...host.host.runtime!.serving()!.cells.values()].flatMap((cell) => cell.plan.workers.map((options) => options.name!)))];

describe("a client's request", () => {
  it("reaches the worker its hostname names, whatever worker MF-Route-Override names", async () => {
    const names = workerNames();
    expect(names.length).toBeGreaterThanOrEqual(4); // not-found, two versions, the front
    for (const name of names) {
      const reply = await send(hostname, "/", { "MF-Route-Override": name });
      expect(reply.status, name).toBe(200);
      expect(JSON.parse(reply.body).who, name).toBe("alpha");
      const nowhere = await send("nothing-here.endpoints.takoform.localhost", "/", { "MF-Route-Override": name });
      expect({ status: nowhere.status, body: nowhere.body }, name).toEqual({ status: 404, body: "no worker is deployed here\n" });
    }
  });

  it("carries the host's CF-Connecting-IP and cf, its own URL, and no MF-* header", async () => {
    const reply = await send(hostname, "/path?q=1", {
      "CF-Connecting-IP": "203.0.113.9",
      "MF-CF-Blob": JSON.stringify({ country: "XX", clientIp: "203.0.113.9" }),
      "MF-Original-URL": "http://elsewhere.example/other",
      "X-Kept": "yes",
    });
    const seen = JSON.parse(reply.body) as { url: string; cf: unknown; headers: Record<string, string> };
    expect(seen.url).toBe(`http://${hostname}:${host.gatewayPort}/path?q=1`);
    expect(seen.headers["cf-connecting-ip"]).toBe("127.0.0.1");
    expect(seen.cf).toEqual({});
    expect(Object.keys(seen.headers).filter((name) => name.startsWith("mf-"))).toEqual([]);
    expect(seen.headers["x-kept"]).toBe("yes");
  });

  it("that makes the worker throw is answered 500 by the host, without the stack", async () => {
    const reply = await send(hostname, "/?throw");
    expect(reply.status).toBe(500);
    expect(reply.body).not.toContain("stack detail");
    expect(reply.body).toBe("the worker threw an exception\n");
  });
});

describe("tenant code", () => {
  it("reaches no address on this machine or its private network, by fetch or by connect", async () => {
    const cell = [...host.host.runtime!.serving()!.cells.values()].find((serving) => serving.plan.hostnames.includes(hostname))!;
    const entry = await cell.mf.ready; // Miniflare's own entry socket in the tenant's workerd
    const targets = [`${host.url}/`, `http://127.0.0.1:${host.gatewayPort}/`, entry.toString(), "http://10.0.0.1/", "http://192.168.1.1/"];
    for (const target of targets) {
      const reply = await send(hostname, `/?fetch=${encodeURIComponent(target)}`);
      // the refusal names the destination and the rule, not workerd's "internal error; reference = ..."
      expect(reply.body, target).toMatch(/^refused: TypeError: takoform egress: the request to \S+ did not complete\. Workers reach public addresses only/);
      expect(reply.body, target).toContain(new URL(target).host);
    }
    const reached = await send(hostname, `/?connect=${encodeURIComponent(new URL(host.url).host)}`);
    expect(reached.body).toMatch(/^refused: /);
  });

  it("never reads a response another tenant put in the Cache API (default or named)", async () => {
    const { hostname: other } = await deployWorker(host.url, "front", "peek", { source: probe("peek") }, OTHER_TENANT);
    await eventually(
      () => viaGateway(host.gatewayPort, other),
      (r) => r.status === 200,
      "peek serves",
    );
    expect((await send(hostname, "/?cache-put=alpha-private")).body).toBe("stored");
    expect(JSON.parse((await send(other, "/?cache-get")).body)).toEqual([null, null]);
  });
});
