// Request bodies cannot fill the host: 30 authenticated requests that declare 15 MiB each and never
// finish are admitted only up to the per-credential budget (48 MiB in flight), the rest answered
// rate_limited at once; another tenant's reads stay under a stated bound meanwhile, and the budget
// is given back when the stalled connections go. (On a host without the budget all 30 are read.)

import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API, OTHER_TENANT, PRIMARY, startTestHost, type TestHost } from "./harness.js";
import { apply, read, refOf } from "./client.js";
import { builtinCatalog } from "./harness.js";
import { DEFAULT_BODY_LIMIT } from "../../../host/http/middleware/body.js";
import { BodyBudget } from "../../../host/http/body-budget.js";

const OTHER_P99_BOUND_MS = 1_000;
const MiB = 1024 * 1024;

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

/** Sends headers declaring `declared` bytes and 1 MiB of them; resolves with the status line if the host answers within `waitMs`. */
function stalledBody(declared: number, waitMs: number): { socket: net.Socket; answer: Promise<string | undefined> } {
  const { port } = new URL(host.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.write(
    `POST ${API}/resources/prepare HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${PRIMARY}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  socket.write(Buffer.alloc(MiB, 0x20));
  socket.on("error", () => undefined);
  const answer = new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    socket.once("data", (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(chunk.toString("latin1").split("\r\n")[0]);
    });
  });
  return { socket, answer };
}

it("bounds request bodies in flight per credential; another tenant's reads stay fast", async () => {
  const queue = refOf(builtinCatalog(), "AtLeastOnceQueue");
  expect((await apply(host.url, queue, "steady", "b", { messageRetentionSeconds: 60 }, { token: OTHER_TENANT })).status).toBe(201);
  const stalled = Array.from({ length: 30 }, () => stalledBody(15 * MiB, 3_000));
  const latencies: number[] = [];
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    expect((await read(host.url, queue, "steady", "b", OTHER_TENANT)).status).toBe(200);
    latencies.push(performance.now() - t0);
  }
  const answers = await Promise.all(stalled.map((s) => s.answer));
  const refused = answers.filter((line) => line !== undefined && / 429 /.test(line)).length;
  const waiting = answers.filter((line) => line === undefined).length;
  expect({ refused, waiting }).toEqual({ refused: 27, waiting: 3 });
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? latencies.at(-1)!;
  console.info(`tenant-b read p99 ${p99.toFixed(1)} ms over ${latencies.length} reads while 30 stalled 15 MiB bodies were open`);
  expect(p99).toBeLessThan(OTHER_P99_BOUND_MS);

  for (const s of stalled) s.socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const again = stalledBody(15 * MiB, 500);
  expect(await again.answer, "the budget was released when the stalled requests went").toBeUndefined();
  again.socket.destroy();
});

it("one body limit, 16 MiB; the budget refuses past either bound and gives bytes back", () => {
  expect(DEFAULT_BODY_LIMIT).toBe(16 * MiB);
  const budget = new BodyBudget({ perCredential: 10, overall: 15 });
  expect(budget.reserve("a", 10)).toBeUndefined();
  expect(budget.reserve("a", 1)).toBe("credential");
  expect(budget.reserve("b", 6)).toBe("overall");
  budget.release("a", 10);
  expect(budget.reserve("b", 6)).toBeUndefined();
  expect(budget.total).toBe(6);
});
