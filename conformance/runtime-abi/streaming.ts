// The two streaming procedures (requestStream, responseStream), direct and through the PEER
// binding. Streaming is a claim about TIME: the request check sends the second chunk only after
// the worker accounted for every byte of the first, with no declared length; the response check
// requires the chunks to arrive separated by the module's gap, and a declared content-length to be
// delivered exactly. Through PEER every answer must carry the peer's byte-carried identity.

import type { ContractCheck } from "./contract.js";
import { expectThat, fail, type RuntimeCheckContext } from "./check.js";
import { gatewayRequest } from "./wire.js";
import type http from "node:http";

interface Line {
  at: number;
  value: Record<string, unknown>;
}

/** Splits an NDJSON response into lines as they arrive; `onLine` sees each with its arrival time. */
function ndjsonLines(response: http.IncomingMessage, onLine: (line: Line) => void): Promise<void> {
  let pending = "";
  return new Promise((resolve, reject) => {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      pending += chunk;
      let at: number;
      while ((at = pending.indexOf("\n")) >= 0) {
        const text = pending.slice(0, at);
        pending = pending.slice(at + 1);
        if (text.trim() === "") continue;
        try {
          onLine({ at: Date.now(), value: JSON.parse(text) as Record<string, unknown> });
        } catch {
          onLine({ at: Date.now(), value: { unparseable: text.slice(0, 100) } });
        }
      }
    });
    response.on("end", () => resolve());
    response.on("error", reject);
    response.on("aborted", () => reject(new Error("the response was cut")));
  });
}

function identityProblem(ctx: RuntimeCheckContext, check: ContractCheck, line: Line): string | undefined {
  if (check.throughBinding === undefined) return undefined;
  const identity = ctx.corpus.contract.deployment.peer.identity;
  return line.value.peer === identity
    ? undefined
    : `an answer through ${check.throughBinding} is not stamped with the peer's identity (${JSON.stringify(line.value).slice(0, 160)}): the call never crossed to the callee`;
}

function waitFor(condition: () => boolean, deadlineAt: number, failed: () => string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const tick = () => {
      const problem = failed();
      if (problem !== undefined) return reject(new Error(problem));
      if (condition()) return resolve();
      if (Date.now() > deadlineAt) return reject(new Error("deadline"));
      setTimeout(tick, 5);
    };
    tick();
  });
}

export async function requestStream(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const [first, second] = check.timing!.requestChunkSize!;
  const deadlineAt = Date.now() + check.timing!.deadlineSeconds * 1000 * ctx.deadlineScale;
  const request = gatewayRequest(ctx.gateway, "POST", check.request!.path, {
    headers: { "content-type": "application/octet-stream", "transfer-encoding": "chunked" },
  });
  const lines: Line[] = [];
  let problem: string | undefined;
  let sent = 0;
  let done: Promise<void> | undefined;
  let head: http.IncomingMessage | undefined;
  request.on("response", (response) => {
    head = response;
    done = ndjsonLines(response, (line) => {
      lines.push(line);
      problem ??= identityProblem(ctx, check, line);
      const accounted = lines.reduce((n, l) => n + (typeof l.value.bytes === "number" ? l.value.bytes : 0), 0);
      if (accounted > sent) problem ??= `the worker accounted for ${accounted} bytes when only ${sent} had been sent`;
    });
    // A failed run destroys the request; the cut response is reported through `problem` or the deadline.
    done.catch((e: Error) => (problem ??= `the response failed: ${e.message}`));
  });
  request.on("error", (e) => (problem ??= `the request failed: ${e.message}`));
  const accounted = () => lines.reduce((n, l) => n + (typeof l.value.bytes === "number" ? l.value.bytes : 0), 0);
  try {
    request.write(Buffer.alloc(first, 0x61));
    sent = first;
    await waitFor(
      () => head !== undefined && accounted() >= first,
      deadlineAt,
      () => problem,
    ).catch((e: Error) => {
      fail(
        e.message === "deadline"
          ? head === undefined
            ? `no response head within the deadline while the body was still open: the host waits for the whole body`
            : `the worker accounted for ${accounted()} of the ${first} bytes sent before the second chunk existed`
          : e.message,
      );
    });
    expectThat(head!.statusCode === 200, `POST ${check.request!.path}: status ${head!.statusCode}`);
    await new Promise((r) => setTimeout(r, check.timing!.gapMillis!));
    request.end(Buffer.alloc(second, 0x62));
    sent = first + second;
    await waitFor(
      () => accounted() >= first + second && lines.some((l) => l.value.end === true),
      deadlineAt,
      () => problem,
    ).catch((e: Error) => {
      fail(e.message === "deadline" ? `the worker accounted for ${accounted()} of ${first + second} bytes and never reported the end` : e.message);
    });
    await done?.catch(() => undefined);
  } finally {
    request.destroy();
  }
  expectThat(problem === undefined, problem ?? "");
  return `${first} bytes accounted for before the next ${second} were sent, across ${lines.length - 1} reads${check.throughBinding ? `, stamped by the ${check.throughBinding} callee` : ""}`;
}

export async function responseStream(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const { chunks, gapMillis } = check.timing as { chunks: number; gapMillis: number };
  const deadlineMs = check.timing!.deadlineSeconds * 1000 * ctx.deadlineScale;
  const request = gatewayRequest(ctx.gateway, "GET", `${check.request!.path}?chunks=${chunks}&gapMillis=${gapMillis}`);
  const lines: Line[] = [];
  let bytes = 0;
  const result = await new Promise<{ status: number; length?: string; error?: string }>((resolve) => {
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: 0, error: `no complete response within ${deadlineMs} ms` });
    }, deadlineMs);
    request.on("response", (response) => {
      response.on("data", (c: Buffer) => (bytes += c.length));
      ndjsonLines(response, (line) => lines.push(line)).then(
        () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers["content-length"] === undefined ? {} : { length: response.headers["content-length"] }),
          });
        },
        (e: Error) => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, error: e.message });
        },
      );
    });
    request.on("error", (e) => {
      clearTimeout(timer);
      resolve({ status: 0, error: e.message });
    });
    request.end();
  });
  if (result.error !== undefined) fail(`GET ${check.request!.path}: ${result.error}`);
  expectThat(result.status === 200, `GET ${check.request!.path}: status ${result.status}`);
  for (const line of lines) {
    const problem = identityProblem(ctx, check, line);
    if (problem !== undefined) fail(problem);
  }
  expectThat(
    JSON.stringify(lines.map((l) => l.value.chunk)) === JSON.stringify(Array.from({ length: chunks }, (_, i) => i + 1)),
    `chunks arrived as ${JSON.stringify(lines.map((l) => l.value))}`,
  );
  if (result.length !== undefined)
    expectThat(Number(result.length) === bytes, `the head declared content-length ${result.length} but the body delivered ${bytes} bytes`);
  const gaps = lines.slice(1).map((l, i) => l.at - lines[i]!.at);
  // A buffered body arrives in one piece: its chunks are not separated by the module's gap.
  expectThat(
    gaps.every((g) => g >= gapMillis / 2),
    `the chunks arrived ${JSON.stringify(gaps)} ms apart, the module separated them by ${gapMillis} ms: the body was buffered`,
  );
  return `${chunks} chunks arrived ${gaps.join(", ")} ms apart${result.length === undefined ? " with no declared length" : ` with content-length ${result.length} delivered`}${check.throughBinding ? `, stamped by the ${check.throughBinding} callee` : ""}`;
}
