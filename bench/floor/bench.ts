// Benchmark "floor": the host at the largest --sizes stored beside the floor server (server.ts),
// reads and creates at 8 and 32 in flight as alternating A/B pairs (compare.ts). It reuses the
// data dir the host benchmark seeded when there is one, and seeds its own otherwise.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Benchmark, BenchContext } from "../lib/benchmark.js";
import type { Figure } from "../lib/figure.js";
import { startHost } from "../lib/host-process.js";
import { scratchDir, writeCredentials } from "../lib/paths.js";
import { benchFormRef } from "../host/form.js";
import { seed, seedName } from "../host/seed.js";
import { floorComparison } from "./compare.js";

async function run(context: BenchContext): Promise<Figure[]> {
  const size = Math.max(...context.options.sizes);
  const ref = benchFormRef();
  const handed = context.shared.seededDataDir;
  const reuse = handed !== undefined && handed.resources === size;
  let dataDir: string;
  let credentials: string;
  if (reuse) {
    ({ dir: dataDir, credentials } = handed);
  } else {
    const dir = context.scratch(scratchDir("floor-host"));
    dataDir = path.join(dir, "data");
    mkdirSync(dataDir);
    credentials = writeCredentials(dir);
  }
  const host = await startHost({ dataDir, credentials });
  try {
    if (!reuse) {
      const seeded = await seed(host.url, ref, 0, size);
      context.log(`floor: host seeded to ${size} in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
    }
    const names = Array.from({ length: size }, (_, i) => seedName(i));
    return await floorComparison(context, { host, size, names, ref });
  } finally {
    await host.stop();
  }
}

export const floorBenchmark: Benchmark = { name: "floor", title: "Host beside a bare node:http + better-sqlite3 floor (alternating A/B pairs)", run };
