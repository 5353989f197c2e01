// Command-line options of `takoform host`.

import path from "node:path";
import { STORE_ENGINES } from "./store/open.js";
import { parseRateLimit, type RateLimitOptions } from "./http/middleware/rate-limit.js";
import { DEFAULT_LOG_BUDGET } from "./runtime/log-budget.js";
import type { StoreEngine } from "./store/store.js";
import { publicOrigin } from "./http/discovery-origin.js";
import type { TenantQuotas } from "./lifecycle/quotas/quotas.js";

export const HOST_USAGE = `usage: takoform host [--port N] [--data DIR] [--credentials FILE] [--forms DIR ...]
                     [--no-builtin-forms] [--store sqlite|lowdb|postgres] [--database-url URL]
                     [--metrics] [--drain-delay-ms N] [--conformance-probes]
                     [--endpoint-domain DOMAIN] [--async-commit-delay-ms N] [--rate-limit RATE[:BURST]]
                     [--public-url URL] [--repair] [--quota-resources N] [--quota-upload-sessions N]
                     [--quota-staged-bytes N] [--quota-storage-bytes N] [--quiet] [--runtime on|off]
                     [--gateway-port N] [--stall-limit-ms N] [--worker-log-budget BYTES[:BURST]]
                     [--worker-memory-bytes N] [--worker-memory-base-bytes N]
                     [--headers-timeout-ms N] [--request-timeout-ms N]

Serves Host API v1beta1 on http://127.0.0.1:PORT. The first line on stdout is
"listening on http://127.0.0.1:PORT"; request logs (one JSON line each) go to stderr.

  --port N              TCP port on 127.0.0.1 (default 8080; 0 picks a free port)
  --data DIR            state directory (default ./.takoform/)
  --credentials FILE    {"credentials":[{"token","tenant","principal"}, ...]}; without it a
                        development credential is created in DIR and printed
  --forms DIR           also install the Form Packages, Interface and Binding Definitions below
                        DIR (repeatable)
  --no-builtin-forms    do not install the built-in Edge Platform Family corpus
  --store ENGINE        sqlite (default, durable per mutation), lowdb (one JSON file) or
                        postgres (several replicas may share one database; host/README.md)
  --database-url URL    postgres://... for --store postgres (default: $TAKOFORM_DATABASE_URL)
  --metrics             serve Prometheus metrics at /metrics (unauthenticated: expose the
                        port to the scraper only)
  --drain-delay-ms N    on SIGTERM, answer /readyz "draining" for N ms before refusing new
                        connections, so a load balancer stops sending first (default 0)
  --headers-timeout-ms N
                        a request's headers must arrive within N ms (default 20000); a slower
                        client is answered 400 and its connection closed
  --request-timeout-ms N
                        the whole request must arrive within N ms (default 60000)
  --conformance-probes  honour the test-only Takoform-Conformance-Probe header and install the
                        runner's probe corpus, conformance/probe-corpus (host/README.md); the
                        default --quota-upload-sessions becomes 1024 (the runner opens many)
  --endpoint-domain D   DNS suffix of host-assigned WorkerEndpoint hostnames
  --async-commit-delay-ms N
                        delay before an accepted (202) mutation commits (default 100); a
                        mutation carrying the async probe ignores it (committed by polls)
  --rate-limit R[:B]    refuse more than R requests/second per credential (burst B, default
                        R) with rate_limited (429, Retry-After); default: no limit
  --public-url URL      the https origin clients reach this host at through a proxy; discovery
                        advertises it (default: only loopback origins are advertised)
  --repair              move a damaged or emptied store aside (<file>.damaged-<time>) and start
                        with an empty one; without it such a store stops the host
  --quota-resources N   resources one tenant may hold (default 10000)
  --quota-upload-sessions N
                        upload sessions one tenant may have open, i.e. not yet committed
                        (default 16; idle ones end after 24 h, committed ones after an hour)
  --quota-staged-bytes N
                        bytes one tenant's open upload sessions may stage (default 1 GiB)
  --quota-storage-bytes N
                        bytes one tenant's KV values, bucket objects, queued messages and SQLite
                        databases may take on disk; a write beyond it is refused (default 1 GiB)
  --quiet               no request log
  --runtime on|off      run what is deployed in workerd (Miniflare) and serve it through the
                        gateway (default on); off: control plane only
  --gateway-port N      the gateway's one listener on 127.0.0.1, plain HTTP and TLS, routing by
                        TLS server name or Host header to each tenant's own workerd (default
                        8787; 0 picks a free port)
  --stall-limit-ms N    how long a tenant's workerd may go without answering (a worker running
                        without yielding stops it) before the host starts it again (default 10000)
  --worker-log-budget B[:BURST]
                        how many bytes a second of each tenant's worker output (console.log,
                        console.error) reach stderr, and how many at once; lines over it are
                        dropped and counted (default 65536:1048576)
  --worker-memory-bytes N
                        resident memory each version a tenant's workerd runs may add to the
                        workerd's base; a workerd over its limit is replaced like one that
                        stalls (default 134217728, 128 MiB)
  --worker-memory-base-bytes N
                        resident memory a tenant's workerd may hold beside its versions: workerd
                        itself, what busy traffic makes it keep, the host's workers (default
                        2147483648, 2 GiB)`;

export interface HostCliOptions {
  port: number;
  dataDir: string;
  credentialsFile?: string;
  formDirs: string[];
  builtinForms: boolean;
  engine: StoreEngine;
  databaseUrl?: string;
  metrics: boolean;
  drainDelayMs?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  conformanceProbes: boolean;
  endpointDomain?: string;
  asyncCommitDelayMs?: number;
  rateLimit?: RateLimitOptions;
  publicUrl?: string;
  repair: boolean;
  quotas?: Partial<TenantQuotas>;
  quiet: boolean;
  runtime: boolean;
  gatewayPort: number;
  stallLimitMs?: number;
  workerLogBudget?: { bytesPerSecond: number; burstBytes: number };
  /** Resident memory each version may add to its tenant's workerd (--worker-memory-bytes). */
  workerMemoryBytes?: number;
  /** Resident memory a tenant's workerd may hold beside its versions (--worker-memory-base-bytes). */
  workerMemoryBaseBytes?: number;
  /** Each tenant's data-plane storage quota in bytes (--quota-storage-bytes). */
  storageQuotaBytes?: number;
}

export class UsageError extends Error {}

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export function parseHostOptions(args: readonly string[], cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): HostCliOptions {
  const options: HostCliOptions = {
    port: 8080,
    dataDir: path.resolve(cwd, ".takoform"),
    formDirs: [],
    builtinForms: true,
    engine: "sqlite",
    metrics: false,
    conformanceProbes: false,
    repair: false,
    quiet: false,
    runtime: true,
    gatewayPort: 8787,
  };
  for (let index = 0; index < args.length; index++) {
    const flag = args[index]!;
    const value = (): string => {
      const next = args[++index];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case "--port": {
        const text = value();
        const port = Number(text);
        if (!/^[0-9]{1,5}$/.test(text) || port > 65535) throw new UsageError(`--port must be 0..65535, got ${text}`);
        options.port = port;
        break;
      }
      case "--data":
        options.dataDir = path.resolve(cwd, value());
        break;
      case "--credentials":
        options.credentialsFile = path.resolve(cwd, value());
        break;
      case "--forms":
        options.formDirs.push(path.resolve(cwd, value()));
        break;
      case "--no-builtin-forms":
        options.builtinForms = false;
        break;
      case "--store": {
        const engine = value();
        if (!(STORE_ENGINES as readonly string[]).includes(engine)) throw new UsageError(`--store must be one of ${STORE_ENGINES.join(", ")}`);
        options.engine = engine as StoreEngine;
        break;
      }
      case "--database-url": {
        const url = value();
        if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError("--database-url must be a postgres:// URL");
        options.databaseUrl = url;
        break;
      }
      case "--metrics":
        options.metrics = true;
        break;
      case "--drain-delay-ms": {
        const text = value();
        if (!/^[0-9]{1,6}$/.test(text)) throw new UsageError(`--drain-delay-ms must be 0..999999, got ${text}`);
        options.drainDelayMs = Number(text);
        break;
      }
      case "--headers-timeout-ms":
      case "--request-timeout-ms": {
        const text = value();
        if (!/^[1-9][0-9]{2,6}$/.test(text)) throw new UsageError(`${flag} must be 100..9999999, got ${text}`);
        options[flag === "--headers-timeout-ms" ? "headersTimeoutMs" : "requestTimeoutMs"] = Number(text);
        break;
      }
      case "--conformance-probes":
        options.conformanceProbes = true;
        break;
      case "--endpoint-domain": {
        const domain = value();
        if (!DOMAIN.test(domain)) throw new UsageError("--endpoint-domain must be a lowercase DNS name");
        options.endpointDomain = domain;
        break;
      }
      case "--rate-limit": {
        const text = value();
        const limit = parseRateLimit(text);
        if (limit === undefined) throw new UsageError(`--rate-limit must be RATE or RATE:BURST (RATE > 0 per second, BURST >= 1), got ${text}`);
        options.rateLimit = limit;
        break;
      }
      case "--async-commit-delay-ms": {
        const text = value();
        if (!/^[0-9]{1,7}$/.test(text)) throw new UsageError(`--async-commit-delay-ms must be 0..9999999, got ${text}`);
        options.asyncCommitDelayMs = Number(text);
        break;
      }
      case "--public-url": {
        const text = value();
        const origin = publicOrigin(text);
        if (origin === undefined) throw new UsageError(`--public-url must be an https origin (http only for a loopback name), no path or query; got ${text}`);
        options.publicUrl = origin;
        break;
      }
      case "--quota-resources":
      case "--quota-upload-sessions":
      case "--quota-staged-bytes": {
        const text = value();
        if (!/^[1-9][0-9]{0,14}$/.test(text)) throw new UsageError(`${flag} must be a positive integer, got ${text}`);
        const name = ({ "--quota-resources": "resources", "--quota-upload-sessions": "uploadSessions", "--quota-staged-bytes": "stagedBytes" } as const)[flag];
        options.quotas = { ...options.quotas, [name]: Number(text) };
        break;
      }
      case "--worker-memory-bytes": {
        const text = value();
        if (!/^[1-9][0-9]{0,14}$/.test(text) || Number(text) < 16 * 1024 * 1024)
          throw new UsageError(`${flag} must be an integer from 16777216 (16 MiB, in bytes), got ${text}`);
        options.workerMemoryBytes = Number(text);
        break;
      }
      case "--worker-memory-base-bytes": {
        const text = value();
        if (!/^[1-9][0-9]{0,14}$/.test(text) || Number(text) < 128 * 1024 * 1024)
          throw new UsageError(`${flag} must be an integer from 134217728 (128 MiB, in bytes; an idle workerd holds about 60 MiB), got ${text}`);
        options.workerMemoryBaseBytes = Number(text);
        break;
      }
      case "--quota-storage-bytes": {
        const text = value();
        if (!/^[1-9][0-9]{0,14}$/.test(text)) throw new UsageError(`${flag} must be a positive integer (bytes), got ${text}`);
        options.storageQuotaBytes = Number(text);
        break;
      }
      case "--repair":
        options.repair = true;
        break;
      case "--runtime": {
        const text = value();
        if (text !== "on" && text !== "off") throw new UsageError(`--runtime must be on or off, got ${text}`);
        options.runtime = text === "on";
        break;
      }
      case "--gateway-port": {
        const text = value();
        const port = Number(text);
        if (!/^[0-9]{1,5}$/.test(text) || port > 65535) throw new UsageError(`--gateway-port must be 0..65535, got ${text}`);
        options.gatewayPort = port;
        break;
      }
      case "--stall-limit-ms": {
        const text = value();
        if (!/^[1-9][0-9]{0,8}$/.test(text) || Number(text) < 100)
          throw new UsageError(`--stall-limit-ms must be an integer from 100 (milliseconds), got ${text}`);
        options.stallLimitMs = Number(text);
        break;
      }
      case "--worker-log-budget": {
        const text = value();
        const match = /^([1-9][0-9]{0,9})(?::([1-9][0-9]{0,9}))?$/.exec(text);
        const rate = Number(match?.[1]);
        // a burst must hold the longest line, or a line that long would never pass
        const least = DEFAULT_LOG_BUDGET.maxLineBytes;
        const burst = match?.[2] === undefined ? Math.max(rate, least) : Number(match[2]);
        if (match === null || burst < least)
          throw new UsageError(
            `--worker-log-budget must be BYTES or BYTES:BURST (bytes a second from 1, a burst from ${least}, a line's longest), got ${text}`,
          );
        options.workerLogBudget = { bytesPerSecond: rate, burstBytes: burst };
        break;
      }
      case "--quiet":
        options.quiet = true;
        break;
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
  }
  if (options.engine === "postgres") {
    options.databaseUrl ??= env.TAKOFORM_DATABASE_URL || undefined;
    if (options.databaseUrl === undefined) throw new UsageError("--store postgres needs --database-url URL or TAKOFORM_DATABASE_URL");
  } else if (options.databaseUrl !== undefined) {
    throw new UsageError("--database-url applies to --store postgres only");
  }
  if (!options.builtinForms && options.formDirs.length === 0) {
    throw new UsageError("--no-builtin-forms needs at least one --forms DIR: the host would install nothing");
  }
  return options;
}
