// In-process host harness for the host's unit tests: a real host (real store in a temp data dir,
// real catalog, real HTTP on 127.0.0.1:0) driven over fetch. Nothing is mocked.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REFERENCE_DIR } from "../../support/reference.js";
import type { Credential } from "../../../host/auth/credentials.js";
import { loadHostCatalog } from "../../../host/catalog/load.js";
import type { HostCatalog } from "../../../host/catalog/host-catalog.js";
import { startHost, type RunningHost } from "../../../host/server.js";
import type { StoreEngine } from "../../../host/store/store.js";
import type { Clock } from "../../../host/clock.js";
import type { KindRegistry } from "../../../host/kinds/behaviour.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const referenceRoot = REFERENCE_DIR;
export const API = "/apis/forms.takoform.com/v1beta1";

export const CREDENTIALS: Credential[] = [
  { token: "primary-token-0123456789", tenant: "tenant-a", principal: "alice" },
  { token: "alternate-token-0123456789", tenant: "tenant-a", principal: "bob" },
  { token: "other-tenant-token-0123456789", tenant: "tenant-b", principal: "carol" },
];
export const [PRIMARY, ALTERNATE, OTHER_TENANT] = CREDENTIALS.map((c) => c.token) as [string, string, string];

let builtin: HostCatalog | undefined;
export function builtinCatalog(): HostCatalog {
  builtin ??= loadHostCatalog({ builtin: true, formDirs: [] });
  return builtin;
}

export interface TestHost {
  url: string;
  dataDir: string;
  host: RunningHost;
  close(): Promise<void>;
}

export async function startTestHost(
  options: {
    engine?: StoreEngine;
    catalog?: HostCatalog;
    probes?: boolean;
    clock?: Clock;
    dataDir?: string;
    asyncCommitDelayMs?: number;
    kinds?: KindRegistry;
    collectionIntervalMs?: number;
  } = {},
): Promise<TestHost> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "takoform-host-test-"));
  const host = await startHost({
    dataDir,
    engine: options.engine ?? "sqlite",
    port: 0,
    catalog: options.catalog ?? builtinCatalog(),
    credentials: CREDENTIALS,
    conformanceProbes: options.probes ?? true,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.asyncCommitDelayMs === undefined ? {} : { asyncCommitDelayMs: options.asyncCommitDelayMs }),
    ...(options.kinds === undefined ? {} : { kinds: options.kinds }),
    ...(options.collectionIntervalMs === undefined ? {} : { collectionIntervalMs: options.collectionIntervalMs }),
    report: (error) => {
      throw error;
    },
  });
  return {
    url: host.url,
    dataDir,
    host,
    async close() {
      await host.close();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** How long a host test waits for any one answer before it reports the request as unanswered. */
const NO_ANSWER_MS = 45_000;

export async function call(
  base: string,
  method: string,
  pathAndQuery: string,
  options: { token?: string | null; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const token = options.token === undefined ? PRIMARY : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = "application/json";
  const payload = typeof body === "string" || body === undefined ? body : new Uint8Array(body);
  // A request the host never answers fails here, naming itself, instead of as a bare test timeout.
  const signal = AbortSignal.timeout(NO_ANSWER_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetch(base + pathAndQuery, { method, headers, body: payload, signal });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw new Error(`no answer to ${method} ${pathAndQuery} within ${NO_ANSWER_MS / 1000} s`);
    throw error;
  }
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
