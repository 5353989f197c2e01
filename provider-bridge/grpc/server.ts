// A gRPC server for unary calls (and one never-writing server stream) built
// directly on node:http2. Terraform's go-plugin client needs nothing more, and
// this keeps @grpc/grpc-js (tens of milliseconds to load) out of a process that
// Terraform starts several times per command. See ADR 0041.
//
// Wire rules followed (gRPC over HTTP/2): requests are POSTs to
// /<package>.<Service>/<Method> with content-type application/grpc[+proto];
// every message is framed as 1 byte compressed-flag, 4 bytes big-endian length,
// payload; a response is headers, one framed message, then trailers carrying
// grpc-status; a failure is a trailers-only response.
import { X509Certificate } from "node:crypto";
import http2 from "node:http2";
import type { TLSSocket } from "node:tls";
import type { Listener } from "./listener.js";
import { encodeGrpcMessage, GrpcError, Status, type StatusCode } from "./status.js";

export type { BoundAddress, ListenAddress } from "./listener.js";

/** Handles one unary call: request payload in, response payload out. */
export type UnaryHandler = (request: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** Looks up a method ("/pkg.Service/Method"); may wait until the handlers are loaded. */
export interface Router {
  unary(path: string): UnaryHandler | undefined | Promise<UnaryHandler | undefined>;
  /** Server-streaming methods answered with an open stream that never sends (go-plugin's stdio). */
  silentStream(path: string): boolean;
  /** Called once a successful unary response has been fully sent and its stream closed. */
  afterResponse?(path: string): void;
}

export interface TlsMaterial {
  certPem: string;
  keyPem: string;
  /** PEM of the only client certificate accepted; undefined accepts any client certificate-less peer. */
  clientCaPem: string | undefined;
}

export interface CallObserver {
  started(path: string): void;
  finished(path: string, code: StatusCode, millis: number, error?: string): void;
}

const HEADER_BYTES = 5;

function frame(payload: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  out[0] = 0;
  out.writeUInt32BE(payload.length, 1);
  out.set(payload, HEADER_BYTES);
  return out;
}

function unframe(body: Buffer): Uint8Array {
  if (body.length < HEADER_BYTES) throw new GrpcError(Status.INVALID_ARGUMENT, "request carries no message");
  if (body[0] !== 0) throw new GrpcError(Status.UNIMPLEMENTED, "compressed messages are not supported (grpc-accept-encoding: identity)");
  const length = body.readUInt32BE(1);
  if (body.length !== HEADER_BYTES + length) throw new GrpcError(Status.INVALID_ARGUMENT, "a unary request must carry exactly one message");
  return body.subarray(HEADER_BYTES);
}

/** The DER bytes of the client certificate Terraform passed (PLUGIN_CLIENT_CERT). */
function certificateDer(pem: string): Buffer {
  try {
    return new X509Certificate(pem).raw;
  } catch {
    throw new Error("the client certificate (PLUGIN_CLIENT_CERT) holds no PEM certificate");
  }
}

/** Whether the session's TLS peer presented exactly the pinned certificate. */
function presents(session: http2.ServerHttp2Session, pinned: Buffer): boolean {
  const socket = session.socket as TLSSocket | undefined;
  const raw = socket?.getPeerCertificate?.()?.raw;
  return raw !== undefined && raw.equals(pinned);
}

export class GrpcServer {
  private server: http2.Http2Server | http2.Http2SecureServer | undefined;
  private listener: Listener | undefined;
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private readonly openStreams = new Set<http2.ServerHttp2Stream>();
  /** Sessions whose peer presented the pinned client certificate (or any, without TLS). */
  private readonly verified = new WeakSet<http2.ServerHttp2Session>();

  constructor(
    private readonly router: Router,
    private readonly observer?: CallObserver,
  ) {}

  /**
   * Serves the connections of `listener` (bound beforehand, see listener.ts):
   * builds the HTTP/2 server, and its TLS context when `tls` is given, and
   * takes over the connections that arrived meanwhile.
   */
  serve(tls: TlsMaterial | undefined, listener: Listener): void {
    const settings = { maxConcurrentStreams: 1024 };
    const common = { settings, maxSessionMemory: 1024 };
    const server = tls
      ? http2.createSecureServer({
          ...common,
          key: tls.keyPem,
          cert: tls.certPem,
          minVersion: "TLSv1.2",
          ALPNProtocols: ["h2"],
          // `ca: []` instead of the client certificate: any CA, and node's default without one,
          // makes node parse its ~140 bundled root certificates into a store first (about 20 ms
          // of every provider process). The one certificate Terraform's client may present is
          // pinned below instead, byte for byte, before any stream is served.
          ...(tls.clientCaPem ? { ca: [], requestCert: true, rejectUnauthorized: false } : { ca: [] }),
        })
      : http2.createServer(common);
    this.server = server;
    this.listener = listener;
    const pinned = tls?.clientCaPem === undefined ? undefined : certificateDer(tls.clientCaPem);
    server.on("session", (session: http2.ServerHttp2Session) => {
      if (pinned !== undefined && !presents(session, pinned)) {
        session.destroy();
        return;
      }
      this.verified.add(session);
      this.sessions.add(session);
      session.on("close", () => this.sessions.delete(session));
      session.on("error", () => undefined);
    });
    server.on("stream", (stream, headers) => this.onStream(stream, headers));
    listener.handOff((socket) => server.emit("connection", socket));
  }

  /**
   * Ends the open silent streams with status OK, stops listening and closes
   * every connection gracefully; resolves once they are closed ("closed") or
   * after `graceMs` ("grace"), whichever comes first.
   *
   * Each session's end is awaited on its "close" event, not through
   * `session.close(callback)`: from Node 24 on, `server.close()` already marks
   * every session closed, and a later `session.close(callback)` returns without
   * registering the callback, so the process waited out the whole grace after
   * every Shutdown (ADR 0293).
   */
  close(graceMs = 250): Promise<"closed" | "grace"> {
    for (const stream of this.openStreams) {
      if (!stream.closed) stream.end();
    }
    this.openStreams.clear();
    this.listener?.close();
    this.server?.close();
    const closing = [...this.sessions].map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.destroyed) return resolve();
          s.once("close", () => resolve());
          s.close();
        }),
    );
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve("grace"), graceMs);
      void Promise.all(closing).then(() => {
        clearTimeout(timer);
        resolve("closed");
      });
    });
  }

  private onStream(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    stream.on("error", () => undefined);
    if (!this.verified.has(stream.session as http2.ServerHttp2Session)) {
      stream.session?.destroy();
      return;
    }
    const path = headers[":path"] ?? "";
    const contentType = headers["content-type"];
    if (headers[":method"] !== "POST" || typeof contentType !== "string" || !contentType.startsWith("application/grpc")) {
      if (!stream.closed) stream.respond({ ":status": 415 }, { endStream: true });
      return;
    }
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      // a unary request almost always arrives in one chunk: no copy then
      void this.dispatch(stream, path, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
  }

  private async dispatch(stream: http2.ServerHttp2Stream, path: string, body: Buffer): Promise<void> {
    const started = performance.now();
    this.observer?.started(path);
    let code: StatusCode = Status.OK;
    let message: string | undefined;
    try {
      if (this.router.silentStream(path)) {
        if (stream.closed) return;
        // Open, never written; ended with status OK by close().
        stream.respond({ ":status": 200, "content-type": "application/grpc", "grpc-accept-encoding": "identity" }, { waitForTrailers: true });
        stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
        this.openStreams.add(stream);
        stream.once("close", () => this.openStreams.delete(stream));
        return;
      }
      const handler = await this.router.unary(path);
      if (!handler) throw new GrpcError(Status.UNIMPLEMENTED, `unknown method ${path}`);
      const response = await handler(unframe(body));
      if (stream.closed || stream.destroyed) return;
      stream.respond({ ":status": 200, "content-type": "application/grpc", "grpc-accept-encoding": "identity" }, { waitForTrailers: true });
      stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
      if (this.router.afterResponse) stream.once("close", () => this.router.afterResponse?.(path));
      stream.end(frame(response));
    } catch (err) {
      code = err instanceof GrpcError ? err.code : Status.UNKNOWN;
      message = err instanceof Error ? err.message : String(err);
      if (!stream.closed && !stream.destroyed && !stream.headersSent) {
        stream.respond(
          { ":status": 200, "content-type": "application/grpc", "grpc-status": String(code), "grpc-message": encodeGrpcMessage(message) },
          { endStream: true },
        );
      }
    } finally {
      this.observer?.finished(path, code, performance.now() - started, message);
    }
  }
}
