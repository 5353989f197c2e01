// Test-only multi-replica harness: N real `takoform host --store postgres` processes on one
// database, behind a small round-robin front. The front opens a fresh connection per request to
// the next replica; a replica that refuses the connection (stopped, restarting) is skipped, as a
// load balancer would, since such a request never reached any host. Anything else is passed
// through unchanged, status, headers and bytes.

import { rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { credentialsFile, startHostProcess, tempDir, type HostProcess } from "../host/process.js";

export interface Replica {
  dir: string;
  args: string[];
  process: HostProcess;
}

export interface ReplicaSet {
  /** The round-robin front. */
  url: string;
  replicas: Replica[];
  /** Starts replica i again (after kill/stop) on its data directory; the front follows it. */
  restart(index: number): Promise<void>;
  close(): Promise<void>;
}

function forward(target: string, req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.url ?? "/", target);
    // The Host header is the front's, as behind any load balancer (discovery answers with it).
    const headers = { ...req.headers, connection: "close" };
    const outgoing = http.request(url, { method: req.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function startFront(targets: () => string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const all = targets();
      for (let tried = 0; tried < all.length * 20; tried++) {
        const target = all[next++ % all.length]!;
        try {
          const answer = await forward(target, req, body);
          const headers = { ...answer.headers };
          delete headers.connection;
          delete headers["transfer-encoding"];
          res.writeHead(answer.status, headers);
          res.end(answer.body);
          return;
        } catch (error) {
          // Only a refused connection is safe to send elsewhere: the request reached no host.
          if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED") {
            res.writeHead(502, { "content-type": "text/plain" });
            res.end(`front: ${(error as Error).message}`);
            return;
          }
          if (tried % all.length === all.length - 1) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("front: no replica accepted the connection");
    });
  });
  // Like the host (server.ts): idle client connections outlive the client's own idle timeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Starts `count` replicas on `databaseUrl` (each with its own data directory) and the front. */
export async function startReplicas(count: number, databaseUrl: string, extraArgs: string[] = [], credentialsPath?: string): Promise<ReplicaSet> {
  const shared = tempDir("takoform-replicas-");
  const credentials = credentialsPath ?? credentialsFile(shared);
  const replicas: Replica[] = [];
  for (let index = 0; index < count; index++) {
    const dir = tempDir(`takoform-replica-${index}-`);
    // Replicas start one after another so the first one runs the schema migration alone (the
    // migration lock makes concurrent starts safe too; sequential keeps start-up errors readable).
    const first = await startHostProcess(["--data", dir, "--credentials", credentials, "--store", "postgres", "--database-url", databaseUrl, ...extraArgs]);
    // Later restarts reuse the port, so the front needs no reconfiguration.
    replicas.push({
      dir,
      args: ["--data", dir, "--credentials", credentials, "--store", "postgres", "--database-url", databaseUrl, ...extraArgs],
      process: first,
    });
  }
  const front = await startFront(() => replicas.map((replica) => replica.process.url));
  return {
    url: front.url,
    replicas,
    async restart(index) {
      const replica = replicas[index]!;
      replica.process = await startHostProcess(replica.args);
    },
    async close() {
      await front.close();
      await Promise.all(
        replicas.map((replica) => (replica.process.child.exitCode === null && replica.process.child.signalCode === null ? replica.process.stop() : undefined)),
      );
      for (const replica of replicas) rmSync(replica.dir, { recursive: true, force: true });
      rmSync(shared, { recursive: true, force: true });
    },
  };
}
