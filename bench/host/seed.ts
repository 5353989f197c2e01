// Seeds a host with stored resources through the public API (prepare + apply per resource),
// from the separate load process with many requests in flight. There is no bulk route in the
// Host API, so "bulk" here means concurrency, not a side door into the store.

import { BENCH_TOKEN } from "../lib/paths.js";
import type { WireFormRef } from "./api.js";
import { runLoad } from "./load.js";

export const SEED_SPACE = "bench";
export const SEED_CONCURRENCY = 32;

export function seedName(i: number): string {
  return `s-${String(i).padStart(6, "0")}`;
}

export interface SeedResult {
  names: string[];
  elapsedMs: number;
  perSecond: number;
}

/** Creates seedName(from) .. seedName(to - 1); throws if any create failed. */
export async function seed(origin: string, ref: WireFormRef, from: number, to: number): Promise<SeedResult> {
  const names = Array.from({ length: to - from }, (_, k) => seedName(from + k));
  if (names.length === 0) return { names, elapsedMs: 0, perSecond: Number.NaN };
  const result = await runLoad({ origin, token: BENCH_TOKEN, space: SEED_SPACE, ref, op: "create", concurrency: SEED_CONCURRENCY, names });
  if (result.errors > 0) throw new Error(`seeding ${names.length} resources: ${result.errors} failed; first: ${result.firstError}`);
  return { names, elapsedMs: result.elapsedMs, perSecond: result.opsPerSecond };
}
