// A host whose gateway port is held by another process exits 1 with a message that names the port
// and the ways out (another --gateway-port, 0 for a free one, or --runtime off), instead of keeping
// its API listener open with no gateway; the same host starts once the port is free.

import { createServer, type Server } from "node:net";
import path from "node:path";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { credentialsFile, startHostProcess, tempDir } from "./process.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { server, port: (server.address() as { port: number }).port };
}

describe("a gateway port held by another process", () => {
  it("ends the start with exit 1 naming the port and the flags, and the host starts once the port is free", async () => {
    const dir = tempDir("takoform-gateway-port-");
    dirs.push(dir);
    const { server, port } = await holdPort();
    const args = ["--data", path.join(dir, "data"), "--credentials", credentialsFile(dir), "--runtime", "on", "--gateway-port", String(port)];
    const failure = await startHostProcess(args).then(
      async (host) => {
        await host.kill();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/host exited with 1 before listening/);
    expect(failure).toContain(`the gateway cannot listen on 127.0.0.1:${port}`);
    expect(failure).toContain("--gateway-port N (0 picks a free port)");
    expect(failure).toContain("--runtime off");

    await new Promise<void>((resolve) => server.close(() => resolve()));
    const host = await startHostProcess(args);
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await host.kill();
  }, 120_000);
});
