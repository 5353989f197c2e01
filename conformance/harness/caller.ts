// One authenticated (or deliberately unauthenticated) caller of the host. Every response it
// receives is held to the lane's generic wire rules before a check sees it: no 5xx for client
// input, strict I-JSON, the error envelope and its taxonomy status, and the wire schema of the
// operation that answered.

import { assertNoServerError, documentFor, type Operation } from "./operations.js";
import { envelopeProblems, fail } from "./assert.js";
import { describeResponse, hasHeader, type HeaderMap, type HostResponse, type HttpTransport, type RawRequest } from "./http.js";
import type { WireValidator } from "./wire-schemas.js";

export interface SendOptions {
  /** A 5xx is tolerated (only for requests that ask the host for one through a probe). */
  allowServerError?: boolean;
}

/** Further validation of a decoded answer (e.g. a resource's spec against its pinned desiredSchema). */
export type Inspector = (op: Operation, res: HostResponse) => void;

export class Caller {
  constructor(
    readonly label: string,
    private readonly transport: HttpTransport,
    private readonly wire: WireValidator,
    readonly token: string | undefined,
    private readonly inspect?: Inspector,
  ) {}

  /** Sends one request for `op` and validates the answer against the lane's wire rules. */
  async send(op: Operation, req: RawRequest, opts: SendOptions = {}): Promise<HostResponse> {
    const headers: HeaderMap = { ...(req.headers ?? {}) };
    if (this.token !== undefined && !hasHeader(headers, "authorization")) headers["authorization"] = `Bearer ${this.token}`;
    const res = await this.transport.send({ ...req, headers });
    if (!opts.allowServerError) assertNoServerError(res);
    validateResponse(op, res, this.wire);
    if (res.status >= 200 && res.status < 300) this.inspect?.(op, res);
    return res;
  }
}

function validateResponse(op: Operation, res: HostResponse, wire: WireValidator): void {
  // Outside the lane's routes only the no-5xx rule binds; a non-JSON answer there is not a wire document.
  if (op === "off-table" && (res.decodeProblem !== undefined || res.body === undefined)) return;
  if (res.decodeProblem) fail(`${describeResponse(res)}: response body is not I-JSON: ${res.decodeProblem}`);
  if (res.request.method === "HEAD") return;
  if (res.status >= 400) {
    const problems = [...envelopeProblems(res), ...wire.problems("errorEnvelope", res.body)];
    if (problems.length) fail(`${describeResponse(res)}: invalid error envelope: ${problems.join("; ")}`);
    return;
  }
  if (res.status === 204) {
    if (res.bytes.length !== 0) fail(`${describeResponse(res)}: a 204 carries a body`);
    return;
  }
  const doc = documentFor(op, res.status);
  if (doc === undefined) return;
  if (res.body === undefined) fail(`${describeResponse(res)}: expected a ${doc} document, got no body`);
  const problems = wire.problems(doc, res.body);
  if (problems.length) fail(`${describeResponse(res)}: response violates the wire schema: ${problems.join("; ")}`);
}
