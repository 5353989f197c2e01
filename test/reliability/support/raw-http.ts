// A raw HTTP/1.1 client over a TCP socket: sends exactly the bytes it is given (paths with dot
// segments, invalid UTF-8, percent-encoded slashes, headers of any size, bodies of any bytes),
// which fetch and URL normalization would refuse or rewrite, and reports what came back, or that
// nothing came back (a reset, a close without an answer, a timeout).

import net from "node:net";

export interface RawHttpRequest {
  method: string;
  /** Request target exactly as sent (path and query), as bytes or latin1 text. */
  target: string | Buffer;
  headers: [string, string | Buffer][];
  body?: Buffer;
  /** Send no Content-Length even with a body (chunked framing is written instead). */
  chunked?: boolean;
}

export interface RawHttpAnswer {
  ok: true;
  status: number;
  headers: Map<string, string[]>;
  body: Buffer;
  text: string;
}

export interface RawHttpFailure {
  ok: false;
  /** What happened instead of an answer. */
  failure: string;
  received: string;
}

export function encodeRequest(request: RawHttpRequest): Buffer {
  const lines: Buffer[] = [
    Buffer.concat([
      Buffer.from(`${request.method} `, "latin1"),
      Buffer.isBuffer(request.target) ? request.target : Buffer.from(request.target, "latin1"),
      Buffer.from(" HTTP/1.1\r\n", "latin1"),
    ]),
  ];
  for (const [name, value] of request.headers) {
    lines.push(Buffer.concat([Buffer.from(`${name}: `, "latin1"), Buffer.isBuffer(value) ? value : Buffer.from(value, "latin1"), Buffer.from("\r\n")]));
  }
  const body = request.body ?? Buffer.alloc(0);
  if (request.chunked === true) {
    lines.push(Buffer.from("Transfer-Encoding: chunked\r\n\r\n"));
    if (body.length > 0) lines.push(Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n"));
    lines.push(Buffer.from("0\r\n\r\n"));
  } else {
    if (body.length > 0 || ["POST", "PUT"].includes(request.method)) lines.push(Buffer.from(`Content-Length: ${body.length}\r\n`));
    lines.push(Buffer.from("\r\n"), body);
  }
  return Buffer.concat(lines);
}

function dechunk(data: Buffer): Buffer | undefined {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return Buffer.concat(out);
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export function parseAnswer(data: Buffer, method: string): RawHttpAnswer | undefined {
  // skip interim 1xx answers (100 Continue to an Expect header): the final answer follows them
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 16).toString("latin1"))) {
    const end = data.indexOf("\r\n\r\n");
    if (end < 0) return undefined;
    data = data.subarray(end + 4);
  }
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [statusLine, ...headerLines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "");
  if (match === null) return undefined;
  const headers = new Map<string, string[]>();
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const rest = data.subarray(headEnd + 4);
  let body: Buffer | undefined = rest;
  const status = Number(match[1]);
  if (method === "HEAD" || status === 204 || status === 304) body = Buffer.alloc(0);
  else if (headers.get("transfer-encoding")?.[0]?.toLowerCase() === "chunked") body = dechunk(rest);
  else if (headers.has("content-length")) {
    const length = Number(headers.get("content-length")![0]);
    body = rest.length >= length ? rest.subarray(0, length) : undefined;
  }
  if (body === undefined) return undefined;
  return { ok: true, status, headers, body, text: body.toString("utf8") };
}

/** Sends one request on a fresh connection (Connection: close is added) and waits for the whole answer. */
export function rawHttp(port: number, request: RawHttpRequest, timeoutMs = 15_000): Promise<RawHttpAnswer | RawHttpFailure> {
  const bytes = encodeRequest({ ...request, headers: [...request.headers, ["Connection", "close"]] });
  return sendBytes(port, bytes, request.method, timeoutMs);
}

/** Sends arbitrary bytes and waits for an answer (or its absence). */
export function sendBytes(port: number, bytes: Buffer, method = "GET", timeoutMs = 15_000): Promise<RawHttpAnswer | RawHttpFailure> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    let socketError: string | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      const answer = parseAnswer(data, method);
      if (answer !== undefined) resolve(answer);
      else resolve({ ok: false, failure: socketError ?? "connection closed without a complete answer", received: data.toString("latin1").slice(0, 300) });
      socket.destroy();
    };
    const timer = setTimeout(() => {
      socketError = `no complete answer within ${timeoutMs} ms`;
      finish();
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseAnswer(Buffer.concat(chunks), method) !== undefined) finish();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // EPIPE/ECONNRESET after a complete answer is fine: the host answered early and closed
      socketError = `socket ${error.code ?? error.message}`;
      if (parseAnswer(Buffer.concat(chunks), method) !== undefined) finish();
    });
    socket.on("close", finish);
    socket.write(bytes, () => undefined);
  });
}
