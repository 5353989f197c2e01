// Command line of `npm run bench -- [options]`.

import { parseArgs } from "node:util";
import type { BenchOptions } from "./benchmark.js";

export const USAGE = `usage: npm run bench -- [--json FILE] [--readme] [--only NAME[,NAME]] [--runs N] [--sizes 100,1000,10000]
                      [--concurrency N] [--seconds S] [--creates N] [--create-warmup N] [--pairs N] [--tf-counts 10,100,500]
                      [--profile-host DIR] [--keep]
benchmarks: host, host-start, floor, host-upload, replicas, terraform, codegen, runtime (all by default, in that order)`;

export interface BenchArgs {
  json?: string;
  /** Write the results into the marked section of bench/README.md. */
  readme: boolean;
  only?: string[];
  options: BenchOptions;
  help: boolean;
}

function positiveInts(text: string, flag: string): number[] {
  const values = text.split(",").map((s) => s.trim());
  if (values.some((v) => !/^[1-9]\d*$/.test(v))) throw new Error(`${flag}: expected comma-separated positive integers, got ${JSON.stringify(text)}`);
  return values.map(Number);
}

function positive(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`${flag}: expected a positive number, got ${JSON.stringify(text)}`);
  return value;
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      json: { type: "string" },
      readme: { type: "boolean" },
      only: { type: "string", multiple: true },
      runs: { type: "string" },
      sizes: { type: "string" },
      concurrency: { type: "string" },
      seconds: { type: "string" },
      creates: { type: "string" },
      "create-warmup": { type: "string" },
      pairs: { type: "string" },
      "tf-counts": { type: "string" },
      "profile-host": { type: "string" },
      keep: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const runs = Math.floor(positive(values.runs, "--runs", 3));
  if (runs < 3) throw new Error("--runs: every figure is a median of at least 3 runs");
  const options: BenchOptions = {
    runs,
    sizes: values.sizes === undefined ? [100, 1000, 10_000] : positiveInts(values.sizes, "--sizes"),
    concurrency: Math.floor(positive(values.concurrency, "--concurrency", 8)),
    seconds: positive(values.seconds, "--seconds", 3),
    creates: Math.floor(positive(values.creates, "--creates", 2000)),
    createWarmup: values["create-warmup"] === "0" ? 0 : Math.floor(positive(values["create-warmup"], "--create-warmup", 300)),
    pairs: Math.floor(positive(values.pairs, "--pairs", 7)),
    terraformCounts: values["tf-counts"] === undefined ? [10, 100, 500] : positiveInts(values["tf-counts"], "--tf-counts"),
    keep: values.keep === true,
  };
  if (values["profile-host"] !== undefined) options.profileHostDir = values["profile-host"];
  const out: BenchArgs = { options, help: values.help === true, readme: values.readme === true };
  if (values.json !== undefined) out.json = values.json;
  if (values.only !== undefined)
    out.only = values.only
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "");
  return out;
}
