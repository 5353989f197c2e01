// What every benchmark module exports, and what the runner hands it.

import type { Figure } from "./figure.js";

export interface BenchOptions {
  /** Runs per figure; every figure is the median over them. */
  runs: number;
  /** Stored-resource sizes of the host benchmark. */
  sizes: number[];
  /** Requests in flight from the load process. */
  concurrency: number;
  /** Seconds each duration-bounded load run lasts. */
  seconds: number;
  /** Timed creates (and then deletes) per run. */
  creates: number;
  /** Untimed creates before each timed create run, in the same load process (JIT warm on both ends). */
  createWarmup: number;
  /** Alternating A/B pairs behind each paired figure (floor, Terraform); default 7. */
  pairs: number;
  /** Resource counts of the Terraform benchmark. */
  terraformCounts: number[];
  /** When set, the host under load runs with --cpu-prof writing into this directory. */
  profileHostDir?: string;
  /** Keep scratch directories instead of removing them. */
  keep: boolean;
}

export interface BenchContext {
  options: BenchOptions;
  /** Progress line on stderr (the table goes to stdout). */
  log(line: string): void;
  /** Handed from one benchmark to a later one in the same run (e.g. a seeded data dir). */
  shared: { seededDataDir?: { dir: string; credentials: string; resources: number } };
  /** Registers a scratch directory for removal at the end (unless --keep). */
  scratch(dir: string): string;
}

export interface Benchmark {
  name: string;
  title: string;
  run(context: BenchContext): Promise<Figure[]>;
}
