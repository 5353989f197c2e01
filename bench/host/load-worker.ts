// The separate load process: reads one LoadJob on stdin, drives the host with an undici Pool
// (one connection per in-flight request), and writes one LoadResult on stdout. It runs in its
// own process so that the host's event loop is measured, not the client's.

import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { summarizeLatencies } from "../lib/stats.js";
import { API, exactQuery, queueSpec, resourceDocument, resourcePath } from "./api.js";
import { TIMED_MARKER, type LoadJob, type LoadResult } from "./load-job.js";

interface Reply {
  status: number;
  text: string;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function run(job: LoadJob): Promise<LoadResult> {
  const pool = new Pool(job.origin, { connections: job.concurrency, pipelining: 1 });
  const auth = `Bearer ${job.token}`;
  const query = exactQuery(job.space, job.ref);
  let requests = 0;
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> => {
    requests++;
    const all: Record<string, string> = { authorization: auth, ...headers };
    if (body !== undefined) all["content-type"] = "application/json";
    const res = await pool.request({ method: method as "GET", path, headers: all, ...(body === undefined ? {} : { body }) });
    return { status: res.statusCode, text: await res.body.text() };
  };

  const generations: Record<string, string> = {};
  const generationOf = (name: string) => generations[name] ?? job.generations?.[name] ?? "1";
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const fail = (what: string, reply: Reply) => {
    errors++;
    firstError ??= `${what}: ${reply.status} ${reply.text.slice(0, 300)}`;
  };

  /** prepare then PUT; create when generation is undefined. */
  const applyOnce = async (name: string, generation: number | undefined): Promise<Reply | undefined> => {
    const newGeneration = generation === undefined ? 1 : generation + 1;
    const document = resourceDocument(job.ref, name, job.space, queueSpec(newGeneration));
    const fence: Record<string, string> = generation === undefined ? {} : { "takoform-expected-generation": String(generation) };
    const prepared = await send("POST", `${API}/resources/prepare`, fence, JSON.stringify(document));
    if (prepared.status !== 200) {
      fail(`prepare ${name}`, prepared);
      return undefined;
    }
    const review = { prepareDigest: JSON.parse(prepared.text).review.prepareDigest as string };
    const headers = { "idempotency-key": randomUUID(), ...(generation === undefined ? { "if-none-match": "*" } : fence) };
    const applied = await send("PUT", resourcePath(job.ref, name), headers, JSON.stringify({ ...document, review }));
    if (applied.status === (generation === undefined ? 201 : 200)) return applied;
    fail(`apply ${name}`, applied);
    return undefined;
  };

  const operations: Record<LoadJob["op"], (slot: number, i: number) => Promise<void>> = {
    async read() {
      const name = job.names[Math.floor(Math.random() * job.names.length)]!;
      const reply = await send("GET", `${resourcePath(job.ref, name)}?${query}`, {});
      if (reply.status !== 200) fail(`read ${name}`, reply);
    },
    async validate() {
      const name = job.names[Math.floor(Math.random() * job.names.length)]!;
      const reply = await send("POST", `${API}/resources/validate`, {}, JSON.stringify(resourceDocument(job.ref, name, job.space, queueSpec(2))));
      if (reply.status !== 200 || JSON.parse(reply.text).valid !== true) fail(`validate ${name}`, reply);
    },
    async create(_slot, i) {
      const name = job.names[i]!;
      if ((await applyOnce(name, undefined)) !== undefined) generations[name] = "1";
    },
    async update(_slot, i) {
      const name = job.names[i % job.names.length]!;
      const current = Number(generationOf(name));
      const applied = await applyOnce(name, current);
      if (applied !== undefined) generations[name] = String(JSON.parse(applied.text).metadata.generation);
    },
    async delete(_slot, i) {
      const name = job.names[i]!;
      const headers = { "idempotency-key": randomUUID(), "takoform-expected-generation": generationOf(name) };
      const reply = await send("DELETE", `${resourcePath(job.ref, name)}?${query}`, headers);
      if (reply.status !== 204) fail(`delete ${name}`, reply);
    },
  };

  const operation = operations[job.op];
  const timed = job.op === "read" || job.op === "validate" || job.op === "update";
  // update: slot s owns names s, s+C, s+2C, ... so no two requests race on one name's fence.
  const slotNames = (slot: number) => Math.ceil((job.names.length - slot) / job.concurrency);
  /** Runs the slots until the names in [first, end) are used (or the deadline passes); `record` keeps latencies. */
  const runSlots = async (first: number, end: number, deadline: number, record: boolean) => {
    let next = first;
    const slots = Array.from({ length: job.concurrency }, async (_, slot) => {
      for (let round = 0; ; round++) {
        let i: number;
        if (job.op === "update") {
          const owned = slotNames(slot);
          if (owned <= 0) return;
          i = slot + (round % owned) * job.concurrency;
        } else if (timed) {
          i = round;
        } else {
          i = next++;
          if (i >= end) return;
        }
        if (timed && performance.now() >= deadline) return;
        const t0 = performance.now();
        try {
          await operation(slot, i);
        } catch (error) {
          fail(`${job.op}`, { status: 0, text: (error as Error).message });
        }
        if (record) latencies.push(performance.now() - t0);
      }
    });
    await Promise.all(slots);
  };
  const warmup = job.op === "create" ? Math.min(job.warmup ?? 0, job.names.length) : 0;
  if (warmup > 0) await runSlots(0, warmup, Number.POSITIVE_INFINITY, false);
  // The runner samples the server's CPU time when it reads this line (bench/host/load.ts).
  await new Promise<void>((resolve) => process.stderr.write(`${TIMED_MARKER}\n`, () => resolve()));
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await runSlots(warmup, job.names.length, started + (job.durationMs ?? 3000), true);
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  await pool.close();
  const ops = latencies.length;
  return {
    op: job.op,
    ops,
    requests,
    errors,
    ...(firstError === undefined ? {} : { firstError }),
    elapsedMs,
    opsPerSecond: (ops / elapsedMs) * 1000,
    clientCpuMsPerOp: (cpu.user + cpu.system) / 1000 / ops,
    latency: summarizeLatencies(latencies),
    generations,
  };
}

const job = JSON.parse(await readStdin()) as LoadJob;
process.stdout.write(JSON.stringify(await run(job)) + "\n");
