// Benchmark 3: a full artifact upload of a 16,384-file StaticAssetBundle (the portable file
// ceiling) against a host process: start, every blob PUT (8 in flight), commit. The figure that
// matters is host CPU per blob PUT at 16,384 files over the same at 64 files: a PUT that costs
// O(its blob) keeps that ratio near 1 (issue 15 measured about 36 ms of CPU per PUT at 16,384
// files when every PUT re-validated the manifest).

import { createHash, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Benchmark, BenchContext } from "../lib/benchmark.js";
import { figure, type Figure } from "../lib/figure.js";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, scratchDir, writeCredentials } from "../lib/paths.js";
import { cpuTimeOf } from "../lib/proc.js";
import { median, ratio } from "../lib/stats.js";
import { API } from "./api.js";

const FULL = 16_384;
const SMALL = 64;
const IN_FLIGHT = 8;

interface UploadSample {
  wallMs: number;
  hostCpuMsPerPut: number;
}

async function call(origin: string, method: string, target: string, body?: Buffer | object): Promise<{ status: number; json: any }> {
  const raw = body instanceof Buffer;
  const response = await fetch(origin + target, {
    method,
    headers: {
      authorization: `Bearer ${BENCH_TOKEN}`,
      "idempotency-key": randomUUID(),
      "content-type": raw ? "application/octet-stream" : "application/json",
    },
    ...(body === undefined ? {} : { body: raw ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

export async function upload(origin: string, pid: number, files: number, run: number): Promise<UploadSample> {
  const blobs = Array.from({ length: files }, (_, i) => Buffer.from(`run ${run} file ${i} ${randomUUID()}\n`));
  const sha = (b: Buffer) => "sha256:" + createHash("sha256").update(b).digest("hex");
  const manifest = {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "StaticAssetBundle",
    files: blobs.map((b, i) => ({ path: `assets/f${i}.txt`, mediaType: "text/plain", size: b.length, digest: sha(b) })),
  };
  const started = performance.now();
  const start = await call(origin, "POST", `${API}/artifacts/uploads`, { manifest });
  if (start.status !== 201) throw new Error(`upload start answered ${start.status}: ${JSON.stringify(start.json)}`);
  const byDigest = new Map(blobs.map((b) => [sha(b), b]));
  const missing = start.json.missingBlobs as string[];
  const cpuBefore = cpuTimeOf(pid)!;
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < missing.length) {
        const digest = missing[next++]!;
        const put = await call(origin, "PUT", `${API}/artifacts/uploads/${start.json.uploadId}/blobs/${digest}`, byDigest.get(digest)!);
        if (put.status !== 201 && put.status !== 204) throw new Error(`blob PUT answered ${put.status}`);
      }
    }),
  );
  const hostCpuMsPerPut = (cpuTimeOf(pid)! - cpuBefore) / missing.length;
  const commit = await call(origin, "POST", `${API}/artifacts/uploads/${start.json.uploadId}/commit`);
  if (commit.status !== 201 && commit.status !== 200) throw new Error(`commit answered ${commit.status}`);
  return { wallMs: performance.now() - started, hostCpuMsPerPut };
}

async function run(context: BenchContext): Promise<Figure[]> {
  const runs = context.options.runs;
  const dir = context.scratch(scratchDir("upload"));
  const dataDir = path.join(dir, "data");
  mkdirSync(dataDir);
  const host = await startHost({ dataDir, credentials: writeCredentials(dir), hostArgs: ["--quota-staged-bytes", String(1024 ** 3)] });
  const small: UploadSample[] = [];
  const full: UploadSample[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      small.push(await upload(host.url, host.pid, SMALL, i));
      full.push(await upload(host.url, host.pid, FULL, i));
      context.log(
        `  upload run ${i + 1}/${runs}: ${SMALL} files ${small.at(-1)!.hostCpuMsPerPut.toFixed(2)} ms CPU/PUT, ${FULL} files ${full.at(-1)!.hostCpuMsPerPut.toFixed(2)} ms CPU/PUT, ${(full.at(-1)!.wallMs / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await host.stop();
  }
  return [
    figure("upload.16384.wall", "full upload of a 16,384-file bundle (start, PUTs 8 in flight, commit)", median(full.map((s) => s.wallMs)), "ms", { runs }),
    figure("upload.16384.cpu-per-put", "host CPU per blob PUT, 16,384-file bundle", median(full.map((s) => s.hostCpuMsPerPut)), "ms", { runs }),
    figure("upload.64.cpu-per-put", "host CPU per blob PUT, 64-file bundle", median(small.map((s) => s.hostCpuMsPerPut)), "ms", { runs }),
    figure(
      "upload.cpu-per-put.ratio",
      "host CPU per PUT, 16,384 files vs 64 files",
      median(full.map((s, i) => ratio(s.hostCpuMsPerPut, small[i]!.hostCpuMsPerPut))),
      "x",
      {
        runs,
        target: { op: "<=", bound: 2 },
      },
    ),
  ];
}

export const hostUploadBenchmark: Benchmark = { name: "host-upload", title: "Full artifact upload", run };
