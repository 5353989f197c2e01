// The request timeouts (docs/security.md): a request's headers must arrive within the headers
// timeout and the whole request within the request timeout, whatever the client keeps dripping.
// The host runs as a real process with small configured bounds (--headers-timeout-ms 400,
// --request-timeout-ms 1200) so the test is fast; the defaults (20 s, 60 s) are the same code
// path. Two slow-loris clients of tenant-a (one dripping header bytes, one dripping a body it
// declared) keep sending well past both bounds; each is answered 400 (the closed taxonomy) and
// its connection closed by the host while it is still sending, and tenant-b is served throughout.

import net from "node:net";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API, builtinCatalog, OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { apply, read, refOf } from "../unit/host/client.js";
import { credentialsFile, startHostProcess, tempDir, type HostProcess } from "./process.js";

const HEADERS_MS = 400;
const REQUEST_MS = 1_200;
/** How long each loris keeps dripping when nothing stops it: far past both bounds. */
const DRIP_FOR_MS = 15_000;

let dir: string;
let host: HostProcess;
beforeAll(async () => {
  dir = tempDir("takoform-timeouts-");
  host = await startHostProcess([
    "--data",
    dir,
    "--credentials",
    credentialsFile(dir),
    "--headers-timeout-ms",
    String(HEADERS_MS),
    "--request-timeout-ms",
    String(REQUEST_MS),
  ]);
}, 60_000);
afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface LorisEnd {
  /** The host closed the connection while the client was still sending. */
  closedByHost: boolean;
  /** The status line the host answered, if any. */
  status: string | undefined;
  body: string;
  /** Bytes the client had dripped when the connection ended. */
  dripped: number;
}

/** Opens a connection, writes `head`, then one byte of `drip` every 50 ms until the host ends it or DRIP_FOR_MS passes. */
function loris(head: string, drip: string): Promise<LorisEnd> {
  const { port } = new URL(host.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let received = "";
    let dripped = 0;
    let stoppedByClient = false;
    const timer = setInterval(() => {
      if (socket.destroyed || socket.writableEnded) return;
      socket.write(drip[dripped % drip.length]!);
      dripped++;
    }, 50);
    const giveUp = setTimeout(() => {
      stoppedByClient = true;
      socket.destroy();
    }, DRIP_FOR_MS);
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const [statusLine] = received.split("\r\n");
      resolve({
        closedByHost: !stoppedByClient,
        status: received === "" ? undefined : statusLine,
        body: received.slice(received.indexOf("\r\n\r\n") + 4),
        dripped,
      });
    });
    socket.write(head);
  });
}

it("a client dripping its headers or its body is answered 400 and cut off, while another tenant is served", async () => {
  const { port } = new URL(host.url);
  const queue = refOf(builtinCatalog(), "AtLeastOnceQueue");
  expect((await apply(host.url, queue, "steady", "timeouts", { messageRetentionSeconds: 60 }, { token: OTHER_TENANT })).status).toBe(201);

  const headerLoris = loris(`GET ${API}/resources HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${PRIMARY}\r\n`, "X-Slow: aaaaaaaa\r\n");
  const bodyLoris = loris(
    `POST ${API}/resources/prepare HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${PRIMARY}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
    " ",
  );
  // tenant-b keeps being served while both connections are held open
  let served = 0;
  let lorisDone = false;
  const ended = Promise.all([headerLoris, bodyLoris]).finally(() => (lorisDone = true));
  while (!lorisDone) {
    expect((await read(host.url, queue, "steady", "timeouts", OTHER_TENANT)).status).toBe(200);
    served++;
  }
  const [headers, body] = await ended;
  for (const [what, end] of [
    ["header loris", headers],
    ["body loris", body],
  ] as const) {
    expect(end.closedByHost, `${what}: the host closed the connection`).toBe(true);
    expect(end.status, `${what}: answered`).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(end.body).error).toMatchObject({ code: "invalid_argument", message: expect.stringContaining("not received in time") });
  }
  // Cut off well before the client would have stopped (50 ms per byte, DRIP_FOR_MS of dripping).
  expect(headers.dripped).toBeLessThan(DRIP_FOR_MS / 50 / 2);
  expect(body.dripped).toBeLessThan(DRIP_FOR_MS / 50 / 2);
  expect(served).toBeGreaterThan(0);
  console.info(`header loris cut after ${headers.dripped} bytes, body loris after ${body.dripped}; tenant-b served ${served} reads meanwhile`);
}, 60_000);
