// Requests Node's HTTP parser refuses before Express ever sees them (headers over the limit, a
// malformed request line or header, conflicting framing, an unknown method, a request that is
// not received in time) are answered with the closed taxonomy too: a complete HTTP/1.1 response
// carrying the error envelope (invalid_argument, 400), then the connection is closed. Node's own
// answers (431, or a bare 400 with no body) are outside the taxonomy and say nothing a client
// can dispatch on (docs/decisions/0087-malformed-http-in-the-taxonomy.md).
//
// CONNECT, which Node hands to a separate event and otherwise drops unanswered, is answered
// resource_not_found like every other method no route of the lane has.
//
// A request without a Host header is let through to the application (host-header.ts refuses it
// there, in the same envelope, with the request logged like any other).

import { maxHeaderSize, type Server } from "node:http";
import type { Socket } from "node:net";
import { refuse, type HostError } from "../../errors.js";
import { randomIds } from "../../ids.js";
import { errorEnvelopeBody } from "../../wire/error-envelope.js";

/** How long a refused connection may keep sending (discarded) before it is closed. */
const DRAIN_MS = 2000;

function describe(error: NodeJS.ErrnoException, maxHeaderSize: number): string {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return `the request line and headers exceed ${maxHeaderSize} bytes`;
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "ERR_HTTP_HEADERS_TIMEOUT":
      return "the request was not received in time";
    case "HPE_INVALID_METHOD":
      return "the request method is not one HTTP/1.1 defines";
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
    case "HPE_INVALID_TRANSFER_ENCODING":
      return "the request's message framing is ambiguous (Content-Length with Transfer-Encoding, or an invalid Transfer-Encoding)";
    default:
      return `the request is not a well-formed HTTP/1.1 message (${error.code ?? "parse error"})`;
  }
}

function answer(socket: Socket, error: HostError): void {
  const requestId = randomIds.requestId();
  const body = errorEnvelopeBody(error, requestId);
  const head = [
    `HTTP/1.1 ${error.status} ${error.status === 404 ? "Not Found" : "Bad Request"}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Takoform-Request-Id: ${requestId}`,
    "Connection: close",
  ].join("\r\n");
  // end() after the answer, then keep reading (and discarding) what the client is still sending,
  // so closing does not reset the connection before the client has read the answer.
  socket.end(`${head}\r\n\r\n${body}`);
  socket.resume();
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}

/** The two http.Server options @types/node does not declare as properties (both are read per request). */
type ServerOptions = Server & { requireHostHeader?: boolean; maxHeaderSize?: number };

export function answerClientErrors(server: ServerOptions): void {
  server.requireHostHeader = false;
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // nothing can be answered on a reset connection, nor inside a response already being written
    const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inProgress?.headersSent === true) {
      socket.destroy();
      return;
    }
    answer(socket, refuse.invalid_argument(describe(error, server.maxHeaderSize ?? maxHeaderSize)));
  });
  // CONNECT never reaches the application: without a listener Node closes the connection unanswered
  server.on("connect", (_request: unknown, socket: Socket) => {
    answer(socket, refuse.resource_not_found("CONNECT is not a method of this lane"));
  });
}
