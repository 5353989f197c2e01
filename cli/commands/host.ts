// `takoform host`: serves Host API v1beta1 (see host/README.md and `takoform host --help`).

import path from "node:path";
import { developmentCredential, readCredentialsFile, type Credential } from "../../host/auth/credentials.js";
import { loadHostCatalog } from "../../host/catalog/load.js";
import { probeCorpusDir } from "../../conformance/harness/probe-corpus.js";
import { HOST_USAGE, parseHostOptions, UsageError } from "../../host/options.js";
import { DamagedStoreError } from "../../host/store/data-dir.js";
import { defaultQuotas } from "../../host/lifecycle/quotas/quotas.js";
import { startHost } from "../../host/server.js";
import { mkdirSync } from "node:fs";
import type { Subcommand } from "../main.js";

const command: Subcommand = {
  summary: "serve Host API v1beta1 with a durable embedded store",
  async run(args) {
    if (args.includes("--help") || args.includes("-h")) {
      console.log(HOST_USAGE);
      return 0;
    }
    let options;
    try {
      options = parseHostOptions(args);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      console.error(`takoform host: ${error.message}\n\n${HOST_USAGE}`);
      return 2;
    }
    // Every file the host creates under its data directory is its owner's alone (0600/0700).
    process.umask(0o077);
    let credentials: Credential[];
    let development: { credential: Credential; file: string } | undefined;
    try {
      mkdirSync(options.dataDir, { recursive: true });
      if (options.credentialsFile !== undefined) {
        credentials = readCredentialsFile(options.credentialsFile);
      } else {
        const file = path.join(options.dataDir, "development-credentials.json");
        const { credential } = developmentCredential(file);
        credentials = [credential];
        development = { credential, file };
      }
    } catch (error) {
      console.error(`takoform host: ${(error as Error).message}`);
      return 2;
    }
    let catalog;
    try {
      // --conformance-probes also installs the runner's probe corpus, which is written against the
      // built-in corpus and so installed only beside it (docs/decisions/0211).
      const probeForms = options.conformanceProbes && options.builtinForms ? [probeCorpusDir()] : [];
      catalog = loadHostCatalog({ builtin: options.builtinForms, formDirs: [...options.formDirs, ...probeForms] });
    } catch (error) {
      console.error(`takoform host: ${(error as Error).message}`);
      return 2;
    }
    let servedPort = (): number => options.gatewayPort;
    let announce!: () => void;
    const announced = new Promise<void>((resolve) => (announce = resolve));
    const started = startHost({
      dataDir: options.dataDir,
      engine: options.engine,
      ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
      metrics: options.metrics,
      ...(options.drainDelayMs === undefined ? {} : { drainDelayMs: options.drainDelayMs }),
      ...(options.headersTimeoutMs === undefined ? {} : { headersTimeoutMs: options.headersTimeoutMs }),
      ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
      port: options.port,
      catalog,
      credentials,
      conformanceProbes: options.conformanceProbes,
      ...(options.endpointDomain === undefined ? {} : { endpointDomain: options.endpointDomain }),
      ...(options.asyncCommitDelayMs === undefined ? {} : { asyncCommitDelayMs: options.asyncCommitDelayMs }),
      ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
      ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
      repair: options.repair,
      // This process drains on SIGINT/SIGTERM itself (below); Miniflare must not exit it first.
      ownsSignals: true,
      // Explicit --quota-* flags over the defaults of this kind of host (lifecycle/quotas/quotas.ts).
      ...(options.quotas === undefined ? {} : { quotas: { ...defaultQuotas(options.conformanceProbes), ...options.quotas } }),
      ...(options.quiet ? {} : { log: (line: string) => process.stderr.write(line + "\n") }),
      ...(options.runtime
        ? {
            runtime: {
              gatewayPort: options.gatewayPort,
              ...(options.stallLimitMs === undefined ? {} : { stallLimitMs: options.stallLimitMs }),
              ...(options.workerLogBudget === undefined ? {} : { logBudget: options.workerLogBudget }),
              ...(options.storageQuotaBytes === undefined ? {} : { storageQuota: { bytesPerTenant: options.storageQuotaBytes } }),
              ...(options.workerMemoryBytes === undefined && options.workerMemoryBaseBytes === undefined
                ? {}
                : {
                    memoryPolicy: {
                      ...(options.workerMemoryBytes === undefined ? {} : { perVersionBytes: options.workerMemoryBytes }),
                      ...(options.workerMemoryBaseBytes === undefined ? {} : { baseBytes: options.workerMemoryBaseBytes }),
                    },
                  }),
              onServed: (hostnames: string[]) =>
                void announced.then(() => hostnames.forEach((h) => process.stdout.write(`serving http://${h}:${servedPort()}/\n`))),
            },
          }
        : {}),
    });
    let host;
    try {
      host = await started;
    } catch (error) {
      console.error(error instanceof DamagedStoreError ? error.message : `takoform host: ${(error as Error).message}`);
      return 1;
    }
    process.stdout.write(`listening on ${host.url}\n`);
    if (development !== undefined) {
      const { credential, file } = development;
      process.stdout.write(
        `development credential (tenant ${credential.tenant}, principal ${credential.principal}, saved in ${file}): ` +
          `Authorization: Bearer ${credential.token}\n`,
      );
    }
    // A replica of a shared store may start its data plane later (ADR 0266): read it each time.
    servedPort = () => host.runtime?.gateway.port ?? options.gatewayPort;
    if (host.runtime !== undefined) {
      const port = host.runtime.gateway.port;
      process.stdout.write(`gateway on port ${port} (plain HTTP and TLS, routed by Host): every WorkerEndpoint answers at http://<hostname>:${port}/\n`);
    }
    announce();
    if (options.conformanceProbes) process.stderr.write("takoform host: conformance probes are ENABLED (test use only)\n");
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await host.close();
    return 0;
  },
};
export default command;
