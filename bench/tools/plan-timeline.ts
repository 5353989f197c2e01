// Where a Terraform command's time went, from its TF_LOG=trace log: when each provider process
// started and exited, the first and last call of each provider RPC (and how many), and the
// latency the provider logged for each method, as means over consecutive blocks of 100 calls (a
// cold process shows its JIT warming as falling means). Seconds are from the log's first line.
//
// usage: npx tsx bench/tools/plan-timeline.ts TRACE.log   (or through ab-env.ts --timeline)

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export interface RpcSpan {
  method: string;
  calls: number;
  first: number;
  last: number;
  /** Mean logged latency (ms) of each consecutive block of 100 calls the provider logged. */
  blockMeans: number[];
}

export interface PlanTimeline {
  /** Seconds from the first line to each provider process start and exit. */
  starts: number[];
  exits: number[];
  rpcs: RpcSpan[];
  end: number;
}

const LINE = /^(\d{4}-\d\d-\d\dT[\d:.]+Z) \[\w+\]\s+(.*)$/;
const CALL = /^GRPCProvider(?:\.v6)?: (\w+)\s*$/;
const LOGGED = /method=\/tfplugin6\.Provider\/(\w+)/;
const MILLIS = /\bms=(\d+)/;

export function planTimeline(text: string): PlanTimeline {
  const starts: number[] = [];
  const exits: number[] = [];
  const spans = new Map<string, { calls: number; first: number; last: number; ms: number[] }>();
  let t0: number | undefined;
  let end = 0;
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (m === null) continue;
    const at = Date.parse(m[1]!) / 1000;
    t0 ??= at;
    const t = at - t0;
    end = t;
    const message = m[2]!;
    if (message.startsWith("provider: starting plugin:")) starts.push(t);
    else if (message.startsWith("provider: plugin process exited:")) exits.push(t);
    const call = CALL.exec(message);
    if (call !== null) {
      const span = spans.get(call[1]!) ?? { calls: 0, first: t, last: t, ms: [] };
      span.calls++;
      span.last = t;
      spans.set(call[1]!, span);
      continue;
    }
    const logged = LOGGED.exec(message);
    const ms = MILLIS.exec(message);
    if (logged !== null && ms !== null) spans.get(logged[1]!)?.ms.push(Number(ms[1]));
  }
  const rpcs = [...spans].map(([method, s]) => {
    const blockMeans: number[] = [];
    for (let i = 0; i + 100 <= s.ms.length; i += 100) blockMeans.push(s.ms.slice(i, i + 100).reduce((a, b) => a + b, 0) / 100);
    return { method, calls: s.calls, first: s.first, last: s.last, blockMeans };
  });
  rpcs.sort((a, b) => a.first - b.first);
  return { starts, exits, rpcs, end };
}

export function formatTimeline(t: PlanTimeline): string {
  const s = (x: number) => x.toFixed(3);
  const lines = [`  provider processes started at ${t.starts.map(s).join(", ")} s; exited at ${t.exits.map(s).join(", ")} s; log ends ${s(t.end)} s`];
  for (const r of t.rpcs) {
    const means = r.blockMeans.length === 0 ? "" : `; logged ms, mean per 100: ${r.blockMeans.map((m) => m.toFixed(1)).join(" ")}`;
    lines.push(`  ${r.method.padEnd(26)} ${String(r.calls).padStart(5)} calls, first ${s(r.first)} s, last ${s(r.last)} s${means}`);
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (file === undefined) throw new Error("usage: plan-timeline.ts TRACE.log");
  console.log(formatTimeline(planTimeline(readFileSync(file, "utf8"))));
}
