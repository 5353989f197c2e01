// takoform conformance --host URL --credentials FILE [--only NAME ...] [--json FILE]
//                      [--corpus DIR ...] [--probe-corpus DIR] [--schemas DIR ...] [--concurrency N] [--list]
//
// Drives a Host API v1beta1 host black-box over HTTP and reports every selected check as passed
// or failed. Exit 0 only when every selected check passed; 1 when any failed; 2 on a usage or
// setup error (nothing was measured).

import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Subcommand } from "../main.js";
import type { CheckResult } from "../../conformance/check.js";

const USAGE =
  "usage: takoform conformance --host URL --credentials FILE [--only NAME ...] [--json FILE]\n" +
  "                            [--corpus DIR ...] [--probe-corpus DIR] [--schemas DIR ...] [--concurrency N] [--list]";

interface Args {
  host?: string;
  credentials?: string;
  only: string[];
  json?: string;
  corpus: string[];
  probeCorpus?: string;
  schemas: string[];
  concurrency?: number;
  list: boolean;
}

function parse(argv: string[]): Args | string {
  const a: Args = { only: [], corpus: [], schemas: [], list: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string | undefined => argv[++i];
    switch (flag) {
      case "--host":
        a.host = value();
        break;
      case "--credentials":
        a.credentials = value();
        break;
      case "--only": {
        // --only takes one or more names up to the next flag.
        let any = false;
        while (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) {
          a.only.push(...argv[++i]!.split(",").filter(Boolean));
          any = true;
        }
        if (!any) return "--only needs at least one check name";
        break;
      }
      case "--json":
        a.json = value();
        break;
      case "--corpus": {
        const v = value();
        if (v) a.corpus.push(path.resolve(v));
        break;
      }
      case "--probe-corpus": {
        const v = value();
        if (v) a.probeCorpus = path.resolve(v);
        break;
      }
      case "--schemas": {
        const v = value();
        if (v) a.schemas.push(path.resolve(v));
        break;
      }
      case "--concurrency":
        a.concurrency = Number(value());
        break;
      case "--list":
        a.list = true;
        break;
      case "-h":
      case "--help":
        return "";
      default:
        return `unknown argument ${flag}`;
    }
  }
  if (a.concurrency !== undefined && !(Number.isInteger(a.concurrency) && a.concurrency > 0)) return "--concurrency needs a positive integer";
  return a;
}

const command: Subcommand = {
  summary: "run the black-box Host API v1beta1 conformance checks against a host",
  async run(argv) {
    const args = parse(argv);
    if (typeof args === "string") {
      if (args) console.error(`takoform conformance: ${args}`);
      console.error(USAGE);
      return args ? 2 : 0;
    }
    if (args.list) {
      const { REGISTRY } = await import("../../conformance/registry.js");
      for (const [name, check] of Object.entries(REGISTRY)) {
        console.log(check.kind === "pending" ? `${name}\tpending\t${check.reason}` : `${name}\timplemented`);
      }
      return 0;
    }
    if (!args.host || !args.credentials) {
      console.error("takoform conformance: --host and --credentials are required");
      console.error(USAGE);
      return 2;
    }
    const { runConformance, SetupError } = await import("../../conformance/run.js");
    let results: CheckResult[];
    try {
      results = await runConformance({
        host: args.host,
        credentialsFile: args.credentials,
        only: args.only,
        ...(args.corpus.length ? { corpusDirs: args.corpus } : {}),
        ...(args.probeCorpus ? { probeCorpusDir: args.probeCorpus } : {}),
        ...(args.schemas.length ? { schemaDirs: args.schemas.map((dir, i) => ({ label: `schemas${i + 1}`, dir })) } : {}),
        ...(args.concurrency ? { concurrency: args.concurrency } : {}),
        onResult: (r) => console.log(`${r.status === "passed" ? "PASS" : "FAIL"} ${r.name}: ${r.message}`),
      });
    } catch (e) {
      if (e instanceof SetupError) {
        console.error(`takoform conformance: ${e.message}`);
        return 2;
      }
      throw e;
    }
    const passed = results.filter((r) => r.status === "passed").length;
    const failed = results.length - passed;
    if (args.json) writeFileSync(args.json, JSON.stringify({ checks: results }, null, 2) + "\n");
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  },
};
export default command;
