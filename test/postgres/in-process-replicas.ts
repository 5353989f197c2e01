// Replicas of one PostgreSQL store started in the test's own process (startHost), each on a data
// directory of its own; the runtime on when asked. closeAll() closes what a test did not.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startHost, type RunningHost, type StartOptions } from "../../host/server.js";
import { builtinCatalog, CREDENTIALS } from "../unit/host/harness.js";

export class InProcessReplicas {
  readonly #hosts: RunningHost[] = [];
  readonly #dirs: string[] = [];
  readonly #closed = new Set<RunningHost>();

  async start(
    databaseUrl: string,
    runtime?: StartOptions["runtime"],
    more: Pick<StartOptions, "collectionIntervalMs"> = {},
  ): Promise<{ host: RunningHost; dataDir: string }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-replica-"));
    this.#dirs.push(dataDir);
    const host = await startHost({
      dataDir,
      engine: "postgres",
      databaseUrl,
      port: 0,
      catalog: builtinCatalog(),
      credentials: CREDENTIALS,
      asyncCommitDelayMs: 0,
      report: (error) => console.error(error),
      ...(runtime === undefined ? {} : { runtime }),
      ...more,
    });
    this.#hosts.push(host);
    return { host, dataDir };
  }

  /** Closes one replica now (its data directory stays until closeAll). */
  async close(host: RunningHost): Promise<void> {
    this.#closed.add(host);
    await host.close();
  }

  async closeAll(): Promise<void> {
    for (const host of [...this.#hosts].reverse()) if (!this.#closed.has(host)) await host.close();
    for (const dir of this.#dirs) rmSync(dir, { recursive: true, force: true });
  }

  get dataDirs(): readonly string[] {
    return this.#dirs;
  }
}
