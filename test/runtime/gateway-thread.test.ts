// The gateway runs on a thread of its own (host/runtime/gateway.ts, ADR 0295): a worker's traffic
// is served while the host's main thread runs nothing else, and a gateway thread that ends is
// started again on the same port.
//
// The host runs in this test's process, so blocking this thread blocks the host's main thread.
// A separate process sends the request through the gateway and writes the answer to a file; this
// thread waits for that file without returning to its event loop. With the gateway on the main
// thread the answer cannot come before the wait ends, and the wait ends only at its bound.

import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../support/temp-dirs.js";
import { deployWorker, eventually, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

let host: RuntimeHost;
beforeAll(async () => {
  host = await startRuntimeHost();
});
afterAll(async () => host.close());

const tempDir = tempDirs();
const SPACE = "gateway-thread";
const HELLO = `export default { async fetch() { return new Response("served while the main thread was busy"); } };`;

/** A process that sends one request through the gateway and writes `status body` to `file` (through a rename). */
function requestInAnotherProcess(port: number, hostname: string, file: string): void {
  const script = `
    const http = require("node:http");
    const fs = require("node:fs");
    const request = http.request({ host: "127.0.0.1", port: ${port}, path: "/", headers: { host: ${JSON.stringify(hostname)} }, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => {
        fs.writeFileSync(${JSON.stringify(file)} + ".tmp", response.statusCode + " " + body);
        fs.renameSync(${JSON.stringify(file)} + ".tmp", ${JSON.stringify(file)});
      });
    });
    request.on("error", (error) => fs.writeFileSync(${JSON.stringify(file)}, "error " + error.message));
    request.end();`;
  execFile(process.execPath, ["-e", script]);
}

/** Blocks this thread (no event loop turn) until `file` exists or `boundMs` passes. */
function blockUntilExists(file: string, boundMs: number): boolean {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + boundMs;
  while (!existsSync(file)) {
    if (Date.now() > until) return false;
    Atomics.wait(sleeper, 0, 0, 20);
  }
  return true;
}

/**
 * Deploys the worker `name` and reconciles: the reconcile ends after the gateway's thread took the
 * new upstream, so the first request after it is served by the new instance.
 */
async function deployHello(name: string): Promise<string> {
  const { hostname } = await deployWorker(host.url, SPACE, name, { source: HELLO });
  await host.host.runtime!.reconcile();
  expect((await viaGateway(host.gatewayPort, hostname)).status).toBe(200);
  return hostname;
}

describe("the gateway's own thread", () => {
  it("serves a worker's request while the host's main thread is blocked", async () => {
    const hostname = await deployHello("busy");
    const answer = path.join(tempDir("takoform-gateway-thread-"), "answer");
    requestInAnotherProcess(host.gatewayPort, hostname, answer);
    const served = blockUntilExists(answer, 60_000);
    expect(served, "the gateway answered only after the main thread was free again").toBe(true);
    expect(readFileSync(answer, "utf8")).toBe("200 served while the main thread was busy");
  });

  it("starts again on the same port when its thread ends", async () => {
    const hostname = await deployHello("again");
    const gateway = host.host.runtime!.gateway;
    const first = gateway.thread();
    expect(first).toBeDefined();
    await first!.terminate();
    const reply = await eventually(
      () => viaGateway(host.gatewayPort, hostname).catch(() => ({ status: 0, body: "", headers: {} })),
      (r) => r.status === 200,
      "the gateway serves again",
    );
    expect(reply.body).toBe("served while the main thread was busy");
    expect(gateway.thread()).toBeDefined();
    expect(gateway.thread()).not.toBe(first);
  });
});
