// The provider binds its socket before node:http2 and the TLS context exist
// (grpc/listener.ts): a client that connects and sends before the gRPC server
// takes over loses nothing, over plaintext and over TLS.
import http2 from "node:http2";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { bindListener } from "../../../provider-bridge/grpc/listener.js";
import { GrpcServer } from "../../../provider-bridge/grpc/server.js";
import { generateServerCertificate } from "../../../provider-bridge/plugin/certificate.js";

const echo = { unary: () => (req: Uint8Array) => req, silentStream: () => false };

function frame(payload: string): Buffer {
  const body = Buffer.from(payload);
  const out = Buffer.alloc(5 + body.length);
  out.writeUInt32BE(body.length, 1);
  body.copy(out, 5);
  return out;
}

/** One unary call on `session`; resolves to the response payload. */
function call(session: http2.ClientHttp2Session, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ":method": "POST", ":path": "/t.S/Echo", "content-type": "application/grpc", te: "trailers" });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).subarray(5).toString()));
    req.on("error", reject);
    req.end(frame(payload));
  });
}

describe("provider listener", () => {
  it("keeps the bytes of a connection made before the hand-off, and hands queued connections over in order", async () => {
    const listener = await bindListener({ network: "tcp", host: "127.0.0.1" });
    const port = Number(listener.bound.address.split(":")[1]);
    const first = net.connect(port, "127.0.0.1");
    const second = net.connect(port, "127.0.0.1");
    await Promise.all([new Promise((r) => first.once("connect", r)), new Promise((r) => second.once("connect", r))]);
    first.write("one");
    second.write("two");
    await new Promise((r) => setTimeout(r, 50));
    const received: string[] = [];
    const done = new Promise<void>((resolve) =>
      listener.handOff((socket) => socket.once("data", (d: Buffer) => (received.push(d.toString()), received.length === 2 && resolve()))),
    );
    await done;
    expect(received.sort()).toEqual(["one", "two"]);
    first.destroy();
    second.destroy();
    listener.close();
  });

  for (const tls of [false, true]) {
    it(`serves a gRPC call sent before the server took over (${tls ? "TLS" : "plaintext"})`, async () => {
      const listener = await bindListener({ network: "tcp", host: "127.0.0.1" });
      const cert = tls ? generateServerCertificate() : undefined;
      const session = http2.connect(`${tls ? "https" : "http"}://${listener.bound.address}`, cert ? { ca: cert.certPem, servername: "localhost" } : {});
      session.on("error", () => undefined);
      const answer = call(session, "early");
      await new Promise((r) => setTimeout(r, 100));
      const server = new GrpcServer(echo);
      server.serve(cert ? { certPem: cert.certPem, keyPem: cert.keyPem, clientCaPem: undefined } : undefined, listener);
      expect(await answer).toBe("early");
      expect(await call(session, "later")).toBe("later");
      session.close();
      await server.close();
    });
  }
});
