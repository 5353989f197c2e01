// GrpcServer.close() after Terraform's Shutdown: the process exits once its connections are closed,
// not after the grace that bounds a peer which never closes. From Node 24 on, node's
// server.close() marks each session closed itself, and a session.close(callback) made after it
// never calls back (ADR 0293). The newer-Node legs of .ci/run run this file under Node 22 and 26.
import http2 from "node:http2";
import { describe, expect, it } from "vitest";
import { bindListener } from "../../../provider-bridge/grpc/listener.js";
import { GrpcServer, type Router } from "../../../provider-bridge/grpc/server.js";
import { SHUTDOWN_PATH as SHUTDOWN, STDIO_PATH as STDIO } from "../../../provider-bridge/plugin/serve.js";

/** Longer than the test's own timeout: a close that waits for it fails the test. */
const GRACE_MS = 60_000;

function frame(payload: Uint8Array): Buffer {
  const out = Buffer.alloc(5 + payload.length);
  out.writeUInt32BE(payload.length, 1);
  out.set(payload, 5);
  return out;
}

describe("gRPC server close", () => {
  it("resolves as closed once go-plugin's client has let go, with the stdio stream still open at Shutdown", async () => {
    let server!: GrpcServer;
    let closed!: Promise<"closed" | "grace">;
    const router: Router = {
      unary: (path) => (path === SHUTDOWN ? () => new Uint8Array(0) : undefined),
      silentStream: (path) => path === STDIO,
      afterResponse: (path) => {
        if (path === SHUTDOWN) closed = server.close(GRACE_MS);
      },
    };
    const listener = await bindListener({ network: "tcp", host: "127.0.0.1" });
    server = new GrpcServer(router);
    server.serve(undefined, listener);
    const client = http2.connect(`http://${listener.bound.address}`);
    client.on("error", () => undefined);
    // go-plugin opens the stdio stream first and keeps it open; it ends when the server ends it.
    const stdio = client.request({ ":method": "POST", ":path": STDIO, "content-type": "application/grpc", te: "trailers" });
    stdio.on("error", () => undefined);
    stdio.resume();
    stdio.end(frame(new Uint8Array(0)));
    stdio.on("close", () => client.close());
    await new Promise<void>((resolve) => stdio.once("response", () => resolve()));
    const shutdown = client.request({ ":method": "POST", ":path": SHUTDOWN, "content-type": "application/grpc", te: "trailers" });
    shutdown.resume();
    const answered = new Promise<void>((resolve) => shutdown.once("close", () => resolve()));
    shutdown.end(frame(new Uint8Array(0)));
    await answered;
    await expect.poll(() => closed, { timeout: 5_000 }).toBeDefined();
    expect(await closed).toBe("closed");
  }, 20_000);

  it("resolves after the grace when a peer keeps its connection open", async () => {
    const listener = await bindListener({ network: "tcp", host: "127.0.0.1" });
    const server = new GrpcServer({ unary: () => undefined, silentStream: (path) => path === STDIO });
    server.serve(undefined, listener);
    const client = http2.connect(`http://${listener.bound.address}`);
    client.on("error", () => undefined);
    // A stream this peer never ends: the session cannot close gracefully.
    const held = client.request({ ":method": "POST", ":path": "/t.S/Held", "content-type": "application/grpc", te: "trailers" });
    held.on("error", () => undefined);
    held.write(frame(new Uint8Array(1)));
    await new Promise((r) => setTimeout(r, 50));
    expect(await server.close(200)).toBe("grace");
    client.destroy();
  });
});
