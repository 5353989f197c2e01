// The contract between the benchmark runner and the separate load process: one job in (JSON on
// stdin), one result out (JSON on stdout).

import type { LatencySummary } from "../lib/stats.js";
import type { WireFormRef } from "./api.js";

/** The line the load process writes on stderr as its timed run starts (after any warm-up). */
export const TIMED_MARKER = "load: timed run starts";

export type LoadOp = "read" | "validate" | "create" | "update" | "delete";

export interface LoadJob {
  origin: string;
  token: string;
  space: string;
  ref: WireFormRef;
  op: LoadOp;
  /** Requests in flight at once (one HTTP/1.1 connection each). */
  concurrency: number;
  /** read, validate, update: run for this long. */
  durationMs?: number;
  /** read/validate: names to pick from; create: names to create (each once); update/delete: names to touch. */
  names: string[];
  /**
   * create: the first `warmup` names are created untimed before the timed run starts (in the same
   * load process, so both the client's and the server's code is warm when timing begins); they
   * are in `generations` but not in `ops` or the latency.
   */
  warmup?: number;
  /** update/delete: current generation of each name (default "1"). */
  generations?: Record<string, string>;
}

export interface LoadResult {
  op: LoadOp;
  /** Completed operations (create and update count prepare + apply as one). */
  ops: number;
  /** HTTP requests sent. */
  requests: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  opsPerSecond: number;
  /** The load process's own CPU time (user + system) per operation over the timed run, milliseconds. */
  clientCpuMsPerOp: number;
  /** Latency of one whole operation, milliseconds. */
  latency: LatencySummary;
  /** create/update: the generation each touched name now has. */
  generations: Record<string, string>;
}
