// An in-process host built with createHostApp over a real store in a temp data dir, for tests that
// need its context (garbage collection, quotas) and to set dependencies startHost does not take.

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createHostApp, type HostApp, type HostDependencies } from "../../../host/app.js";
import { BlobFiles } from "../../../host/files/blob-files.js";
import { DatabaseFiles } from "../../../host/files/database-files.js";
import { openStore } from "../../../host/store/open.js";
import type { Store } from "../../../host/store/store.js";
import { builtinCatalog, CREDENTIALS } from "./harness.js";

export interface AppHost {
  url: string;
  dataDir: string;
  store: Store;
  blobs: BlobFiles;
  host: HostApp;
  close(): Promise<void>;
}

export async function startAppHost(prefix: string, deps: Partial<HostDependencies>): Promise<AppHost> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const store = await openStore(dataDir, "sqlite");
  const blobs = new BlobFiles(dataDir);
  const host = createHostApp({
    store,
    blobs,
    databases: new DatabaseFiles(dataDir),
    catalog: builtinCatalog(),
    credentials: CREDENTIALS,
    secret: randomBytes(32),
    report: (error) => {
      throw error;
    },
    ...deps,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = createServer(host.listener).listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dataDir,
    store,
    blobs,
    host,
    async close() {
      host.context.scheduler.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
