// Command-line options of `takoform host`.

import path from "node:path";
import { STORE_ENGINES } from "./store/open.js";
import { parseRateLimit, type RateLimitOptions } from "./http/middleware/rate-limit.js";
import type { StoreEngine } from "./store/store.js";
import { publicOrigin } from "./http/discovery-origin.js";
import type { TenantQuotas } from "./lifecycle/quotas.js";

export const HOST_USAGE = `usage: takoform host [--port N] [--data DIR] [--credentials FILE] [--forms DIR ...]
                     [--no-builtin-forms] [--store sqlite|lowdb] [--conformance-probes]
                     [--endpoint-domain DOMAIN] [--rate-limit RATE[:BURST]] [--public-url URL] [--repair] [--quota-resources N]
                     [--quota-upload-sessions N] [--quota-staged-bytes N] [--quiet]

Serves Host API v1beta1 on http://127.0.0.1:PORT. The first line on stdout is
"listening on http://127.0.0.1:PORT"; request logs (one JSON line each) go to stderr.

  --port N              TCP port on 127.0.0.1 (default 8080; 0 picks a free port)
  --data DIR            state directory (default ./.takoform/)
  --credentials FILE    {"credentials":[{"token","tenant","principal"}, ...]}; without it a
                        development credential is created in DIR and printed
  --forms DIR           also install the Form Packages, Interface and Binding Definitions below
                        DIR (repeatable)
  --no-builtin-forms    do not install the built-in Edge Platform Family corpus
  --store ENGINE        sqlite (default, durable per mutation) or lowdb (one JSON file)
  --conformance-probes  honour the test-only Takoform-Conformance-Probe header (host/README.md)
  --endpoint-domain D   DNS suffix of host-assigned WorkerEndpoint hostnames
  --async-commit-delay-ms N
                        delay before an accepted (202) mutation commits (default 100)
  --rate-limit R[:B]    refuse more than R requests/second per credential (burst B, default
                        R) with rate_limited (429, Retry-After); default: no limit
  --public-url URL      the https origin clients reach this host at through a proxy; discovery
                        advertises it (default: only loopback origins are advertised)
  --repair              move a damaged or emptied store aside (<file>.damaged-<time>) and start
                        with an empty one; without it such a store stops the host
  --quota-resources N   resources one tenant may hold (default 10000)
  --quota-upload-sessions N
                        upload sessions one tenant may have open (default 16; idle ones end
                        after 24 h)
  --quota-staged-bytes N
                        bytes one tenant's open upload sessions may stage (default 1 GiB)
  --quiet               no request log`;

export interface HostCliOptions {
  port: number;
  dataDir: string;
  credentialsFile?: string;
  formDirs: string[];
  builtinForms: boolean;
  engine: StoreEngine;
  conformanceProbes: boolean;
  endpointDomain?: string;
  asyncCommitDelayMs?: number;
  rateLimit?: RateLimitOptions;
  publicUrl?: string;
  repair: boolean;
  quotas?: Partial<TenantQuotas>;
  quiet: boolean;
}

export class UsageError extends Error {}

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export function parseHostOptions(args: readonly string[], cwd: string = process.cwd()): HostCliOptions {
  const options: HostCliOptions = {
    port: 8080,
    dataDir: path.resolve(cwd, ".takoform"),
    formDirs: [],
    builtinForms: true,
    engine: "sqlite",
    conformanceProbes: false,
    repair: false,
    quiet: false,
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
      case "--repair":
        options.repair = true;
        break;
      case "--quiet":
        options.quiet = true;
        break;
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
  }
  if (!options.builtinForms && options.formDirs.length === 0) {
    throw new UsageError("--no-builtin-forms needs at least one --forms DIR: the host would install nothing");
  }
  return options;
}
