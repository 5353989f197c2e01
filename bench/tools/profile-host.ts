// Profiles the host under one kind of load at a time: seeds a fresh data dir (unprofiled), then
// for each requested operation restarts the host with `node --cpu-prof`, drives that operation
// from the separate load process, stops the host and prints where its CPU time went.
//
// usage: npx tsx bench/tools/profile-host.ts [--stored 10000] [--ops start,read,validate,update,create]
//                                             [--seconds 10] [--concurrency 8] [--out DIR] [--top N]
//                                             [--database-url URL]
// The seeded data dir is removed at the end; the .cpuprofile files are kept (open them in
// Chrome DevTools or summarize them with bench/tools/cpuprofile-top.ts).

import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { DISCOVERY } from "../host/api.js";
import { benchFormRef } from "../host/form.js";
import type { LoadOp } from "../host/load-job.js";
import { runLoad } from "../host/load.js";
import { seed, SEED_SPACE } from "../host/seed.js";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, scratchDir, writeCredentials } from "../lib/paths.js";
import { inclusiveTimes, selfTimes } from "./cpuprofile-top.js";

const { values } = parseArgs({
  options: {
    stored: { type: "string", default: "10000" },
    ops: { type: "string", default: "start,read,validate,update,create" },
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "8" },
    out: { type: "string" },
    top: { type: "string", default: "15" },
    "database-url": { type: "string" },
  },
});
const stored = Number(values.stored);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const top = Number(values.top);
const ops = values.ops!.split(",");
const base = scratchDir("profile");
const out = values.out ?? path.join(base, "profiles");
mkdirSync(out, { recursive: true });
const dataDir = path.join(base, "data");
mkdirSync(dataDir);
const credentials = writeCredentials(base);
const ref = benchFormRef();
// --database-url: the host on the postgres store (an empty database; scripts/throwaway-postgres.ts makes one).
const hostArgs = values["database-url"] === undefined ? [] : ["--store", "postgres", "--database-url", values["database-url"]];

const seeder = await startHost({ dataDir, credentials, hostArgs });
const seeded = await seed(seeder.url, ref, 0, stored);
await seeder.stop();
console.log(`seeded ${stored} resources in ${(seeded.elapsedMs / 1000).toFixed(1)} s (data dir ${dataDir})`);
const generations: Record<string, string> = {};

function discovered(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(`${origin}${DISCOVERY}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` }, agent: false }, (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode === 200));
      })
      .once("error", () => resolve(false));
  });
}

for (const op of ops) {
  const dir = path.join(out, `tmp-${op}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const host = await startHost({ dataDir, credentials, hostArgs, nodeArgs: ["--cpu-prof", "--cpu-prof-dir", dir] });
  let summary = "";
  if (op === "start") {
    while (!(await discovered(host.url))) await new Promise((r) => setTimeout(r, 2));
    summary = "spawn to first discovery 200";
  } else {
    const names = op === "create" ? Array.from({ length: Math.round(seconds * 200) }, (_, i) => `p-${Date.now().toString(36)}-${i}`) : seeded.names;
    const result = await runLoad({
      origin: host.url,
      token: BENCH_TOKEN,
      space: SEED_SPACE,
      ref,
      op: op as LoadOp,
      concurrency,
      names,
      durationMs: seconds * 1000,
      generations,
    });
    if (op === "update") Object.assign(generations, result.generations);
    summary = `${result.ops} ops, ${result.opsPerSecond.toFixed(0)}/s, p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms, ${result.errors} errors`;
  }
  await host.stop();
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread, the others
  // are worker threads (the sqlite store's writer), kept beside it as host-<op>.thread<N>.cpuprofile.
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  const threadOf = (f: string) => Number(f.split(".").at(-3));
  const file = files.find((f) => threadOf(f) === 0);
  if (file === undefined) throw new Error(`no main-thread profile written for ${op}`);
  const target = path.join(out, `host-${op}.cpuprofile`);
  renameSync(path.join(dir, file), target);
  for (const other of files.filter((f) => f !== file)) renameSync(path.join(dir, other), path.join(out, `host-${op}.thread${threadOf(other)}.cpuprofile`));
  rmSync(dir, { recursive: true, force: true });
  const profile = JSON.parse(readFileSync(target, "utf8"));
  const { frames, totalMs, idleMs } = selfTimes(profile);
  console.log(`\n== ${op}: ${summary}; host busy ${(totalMs / 1000).toFixed(2)} s, idle ${(idleMs / 1000).toFixed(2)} s; ${target}`);
  console.log("self time (% of busy):");
  for (const f of frames.slice(0, top)) console.log(`  ${f.percent.toFixed(1).padStart(5)}%  ${f.frame}`);
  console.log("inclusive time in dist/ (% of busy):");
  for (const f of inclusiveTimes(profile, "/dist/").slice(0, top)) console.log(`  ${f.percent.toFixed(1).padStart(5)}%  ${f.frame}`);
}

rmSync(dataDir, { recursive: true, force: true });
console.log(`\nprofiles kept in ${out}`);
