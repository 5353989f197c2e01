// The mutant harness of the runtime ABI runner: one real host (workerd through Miniflare, probes
// on) whose runtime can be made to drop ONE behaviour at a time, and proxies in front of its
// gateway and its Host API that drop one behaviour of the transport or of the loader adapter.
// Each mutant names the checks that must catch it.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { WorkerOptions } from "miniflare";
import { startHost, type RunningHost } from "../../host/server.js";
import type { ResourceRecord } from "../../host/store/records.js";
import { builtinCatalog, CREDENTIALS } from "../unit/host/harness.js";
import type { RuntimeCheckName } from "../../conformance/runtime-abi/contract.js";

/** A runtime mutant: a wrapper main module around the probe's own (the peer is never touched). */
const WRAPPERS = {
  "fetch-without-ctx": `export default { ...original, fetch: (request, env) => original.fetch(request, env) };`,
  "response-replaced": `export default { ...original, async fetch(request, env, ctx) { await original.fetch(request, env, ctx); return new Response("{}", { status: 200 }); } };`,
  "throw-swallowed": `export default { ...original, async fetch(request, env, ctx) { try { return await original.fetch(request, env, ctx); } catch { return new Response("ok"); } } };`,
  "global-missing": `const drop = () => { try { delete globalThis.structuredClone; } catch {} try { globalThis.structuredClone = undefined; } catch {} };\ndrop();\nexport default { ...original, fetch(request, env, ctx) { drop(); return original.fetch(request, env, ctx); } };`,
  "kv-forgets": `const seen = () => new Map();\nexport default { ...original, fetch(request, env, ctx) { const m = seen(); const CACHE = { put: async (k, v) => void m.set(k, v), get: async (k) => m.get(k) ?? null, delete: async (k) => void m.delete(k) }; return original.fetch(request, { ...env, CACHE }, ctx); } };`,
  "wait-until-dropped": `export default { ...original, fetch: (request, env, ctx) => original.fetch(request, env, { waitUntil() {}, passThroughOnException() {} }) };`,
  "scheduled-dropped": `export default { ...original, async scheduled() {} };`,
  "queue-dropped": `export default { ...original, async queue() {} };`,
} as const;

/** Runtime mutants that change the version's options rather than its code. */
const OPTION_MUTANTS = {
  "env-extra-name": (o: WorkerOptions) => ({ ...o, bindings: { ...(o.bindings ?? {}), HOST_INTERNAL: "leaked" } }) as WorkerOptions,
  // env.PEER resolves back into the caller itself: no dispatch to the peer worker.
  "peer-short-circuit": (o: WorkerOptions) => ({ ...o, serviceBindings: { ...(o.serviceBindings ?? {}), PEER: o.name! } }) as WorkerOptions,
} as const;

export type RuntimeMutant = keyof typeof WRAPPERS | keyof typeof OPTION_MUTANTS;
export type GatewayMutant = "buffer-request" | "buffer-response";
export type LoaderMutant = "ignore-unlisted-media-type" | "fallback-main-module" | "trust-declared-handlers" | "no-exports";
export type Mutant = RuntimeMutant | GatewayMutant | LoaderMutant;

/** Which checks must fail for each mutant. */
export const CAUGHT_BY: Record<Mutant, RuntimeCheckName[]> = {
  "fetch-without-ctx": ["fetch-receives-request-env-and-context"],
  "response-replaced": ["fetch-returns-a-response"],
  "throw-swallowed": ["fetch-uncaught-throw-is-a-host-generated-response"],
  "env-extra-name": ["environment-projects-exactly-the-declared-names"],
  "global-missing": ["globals-floor-present"],
  "kv-forgets": ["kv-binding-round-trips-bytes-through-env"],
  "buffer-request": ["request-body-streams-rather-than-buffering", "service-request-body-streams-to-the-callee"],
  "buffer-response": ["response-body-streams-rather-than-buffering", "service-response-body-streams-from-the-callee"],
  "peer-short-circuit": ["service-request-body-streams-to-the-callee", "service-response-body-streams-from-the-callee"],
  "wait-until-dropped": ["wait-until-holds-the-isolate-and-a-rejection-leaves-the-response-alone"],
  "scheduled-dropped": ["scheduled-invoked-by-the-host-cron-attachment"],
  "queue-dropped": ["queue-batch-delivered-to-the-queue-handler"],
  "no-exports": ["module-loads-and-exports-are-derived-from-bytes"],
  "ignore-unlisted-media-type": ["unsupported-module-media-type-refused"],
  "fallback-main-module": ["main-module-missing-refused"],
  "trust-declared-handlers": ["declared-handler-not-exported-refused", "unparseable-module-refused"],
};

function mutateVersion(mutant: Mutant | undefined, options: WorkerOptions, version: ResourceRecord): WorkerOptions {
  if (mutant === undefined || version.name !== "conformance-probe-v1") return options;
  if (mutant in OPTION_MUTANTS) return OPTION_MUTANTS[mutant as keyof typeof OPTION_MUTANTS](options);
  if (!(mutant in WRAPPERS)) return options;
  const modules = options.modules as { type: string; path: string; contents: Uint8Array | string }[];
  const main = modules[0]!;
  const wrapper = `import original from ${JSON.stringify("." + main.path)};\n${WRAPPERS[mutant as keyof typeof WRAPPERS]}\n`;
  return { ...options, modules: [{ type: "ESModule", path: "/__mutant__.js", contents: wrapper }, ...modules] } as WorkerOptions;
}

/** Forwards every request to `target`, transformed by the current mode. */
function proxy(
  target: () => { port: number },
  transform: (req: http.IncomingMessage, body: Buffer | undefined, res: http.ServerResponse, forward: (body?: Buffer) => http.ClientRequest) => void,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const forward = (body?: Buffer) => {
      const headers = { ...req.headers };
      if (body !== undefined) {
        delete headers["transfer-encoding"];
        headers["content-length"] = String(body.length);
      }
      const upstream = http.request({ host: "127.0.0.1", port: target().port, method: req.method, path: req.url, headers, agent: false });
      upstream.on("error", () => res.destroy());
      return upstream;
    };
    transform(req, undefined, res, forward);
  });
  // Outlive the runner's keep-alive reuse (a socket closed under a reused connection is ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

export interface MutantHarness {
  hostUrl: string;
  gatewayUrl: string;
  credentialsFile: string;
  host: RunningHost;
  use(mutant: Mutant | undefined): void;
  close(): Promise<void>;
}

export async function startMutantHarness(): Promise<MutantHarness> {
  let mutant: Mutant | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-runtime-abi-"));
  const credentialsFile = path.join(dataDir, "credentials.json");
  writeFileSync(credentialsFile, JSON.stringify({ credentials: CREDENTIALS }));
  const host = await startHost({
    dataDir: path.join(dataDir, "data"),
    engine: "sqlite",
    port: 0,
    catalog: builtinCatalog(),
    credentials: CREDENTIALS,
    conformanceProbes: true,
    report: (error) => console.error(error),
    runtime: { gatewayPort: 0, extendVersion: (options, version) => mutateVersion(mutant, options, version) },
  });
  const gateway = await proxy(
    () => ({ port: host.runtime!.gateway.port }),
    (req, _b, res, forward) => {
      const respond = (upstream: http.ClientRequest) =>
        upstream.on("response", async (answer) => {
          if (mutant === "buffer-response") {
            const body = await collect(answer).catch(() => undefined);
            if (body === undefined) return void res.destroy();
            const headers = { ...answer.headers, "content-length": String(body.length) };
            delete headers["transfer-encoding"];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
      if (mutant === "buffer-request") {
        // The runner gives up on a request the mutant holds: an aborted body ends the exchange.
        void collect(req).then(
          (body) => respond(forward(body)).end(body),
          () => res.destroy(),
        );
        return;
      }
      const upstream = respond(forward());
      req.pipe(upstream);
    },
  );
  const api = await proxy(
    () => ({ port: host.port }),
    (req, _b, res, forward) => {
      const isLoader = req.url === "/x-takoform/v1/conformance/runtime-abi/load";
      void collect(req).then(
        (body) => {
          let sent = body;
          let declared: string[] = [];
          if (isLoader && body.length > 0) {
            const doc = JSON.parse(body.toString("utf8"));
            declared = doc.declaredHandlers ?? [];
            if (mutant === "ignore-unlisted-media-type") doc.modules = (doc.modules ?? []).filter((m: { mediaType: string }) => m.mediaType !== "text/html");
            const modules: { name: string }[] = Array.isArray(doc.modules) ? doc.modules : [];
            if (mutant === "fallback-main-module" && modules.length > 0 && !modules.some((m) => m.name === doc.mainModule)) doc.mainModule = modules[0]!.name;
            sent = Buffer.from(JSON.stringify(doc));
          }
          const upstream = forward(sent);
          upstream.on("response", async (answer) => {
            let out = await collect(answer).catch(() => undefined);
            if (out === undefined) return void res.destroy();
            if (isLoader && answer.statusCode === 200) {
              if (mutant === "trust-declared-handlers") out = Buffer.from(JSON.stringify({ exportedHandlers: declared }));
              if (mutant === "no-exports") out = Buffer.from(JSON.stringify({ exportedHandlers: [] }));
            }
            const headers = { ...answer.headers, "content-length": String(out.length) };
            delete headers["transfer-encoding"];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(out);
          });
          upstream.end(sent);
        },
        () => res.destroy(),
      );
    },
  );
  return {
    hostUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    gatewayUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
    credentialsFile,
    host,
    use: (next) => void (mutant = next),
    async close() {
      gateway.closeAllConnections();
      api.closeAllConnections();
      await new Promise((r) => gateway.close(r));
      await new Promise((r) => api.close(r));
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
