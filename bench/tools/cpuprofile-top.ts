// Summarizes a V8 .cpuprofile (from `node --cpu-prof`): the frames with the most self time, and
// the source files with the most self time, as percentages of all samples.
// usage: npx tsx bench/tools/cpuprofile-top.ts FILE.cpuprofile [TOP] [SCOPE]
// SCOPE (default "/dist/") selects the frames of the inclusive-time listing. Percentages are of
// BUSY time: samples in the "(idle)" frame (the event loop waiting) are left out.

import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FrameShare {
  frame: string;
  selfMs: number;
  percent: number;
}

function shortUrl(url: string): string {
  if (url === "") return "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) return url.slice(nm + "node_modules/".length);
  const dist = url.indexOf("/dist/");
  if (dist >= 0) return url.slice(dist + 1);
  return url.replace(/^file:\/\//, "");
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"} ${shortUrl(url)}${url === "" ? "" : `:${lineNumber + 1}`}`;
}

/**
 * Inclusive (self + callees) time of every frame whose URL contains `scope`, each frame counted
 * once per sample even when it recurses.
 */
export function inclusiveTimes(profile: Profile, scope: string): FrameShare[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    if (byId.get(id)?.callFrame.functionName === "(idle)") return;
    total += delta;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (!node.callFrame.url.includes(scope)) continue;
      const name = frameName(node);
      if (seen.has(name)) continue;
      seen.add(name);
      ms.set(name, (ms.get(name) ?? 0) + delta);
    }
  });
  return [...ms].map(([frame, selfMs]) => ({ frame, selfMs, percent: (100 * selfMs) / total })).sort((a, b) => b.selfMs - a.selfMs);
}

export function selfTimes(profile: Profile): { frames: FrameShare[]; files: FrameShare[]; totalMs: number; idleMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frameMs = new Map<string, number>();
  const fileMs = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (node === undefined) return;
    if (node.callFrame.functionName === "(idle)") {
      idle += delta;
      return;
    }
    const { functionName, url } = node.callFrame;
    const frame = frameName(node);
    frameMs.set(frame, (frameMs.get(frame) ?? 0) + delta);
    const file = url === "" ? `(native) ${functionName}` : shortUrl(url);
    fileMs.set(file, (fileMs.get(file) ?? 0) + delta);
    total += delta;
  });
  const rank = (m: Map<string, number>) =>
    [...m].map(([frame, selfMs]) => ({ frame, selfMs, percent: (100 * selfMs) / total })).sort((a, b) => b.selfMs - a.selfMs);
  return { frames: rank(frameMs), files: rank(fileMs), totalMs: total, idleMs: idle };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, topText, scope = "/dist/"] = process.argv.slice(2);
  if (file === undefined) {
    console.error("usage: npx tsx bench/tools/cpuprofile-top.ts FILE.cpuprofile [TOP] [SCOPE]");
    process.exit(2);
  }
  const top = Number(topText ?? 25);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const { frames, files, totalMs, idleMs } = selfTimes(profile);
  console.log(`${(totalMs / 1000).toFixed(1)} s busy, ${(idleMs / 1000).toFixed(1)} s idle; percentages are of busy time\n\ntop frames by self time:`);
  for (const f of frames.slice(0, top)) console.log(`${f.percent.toFixed(1).padStart(5)}%  ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.frame}`);
  console.log("\ntop files by self time:");
  for (const f of files.slice(0, top)) console.log(`${f.percent.toFixed(1).padStart(5)}%  ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.frame}`);
  console.log(`\ntop frames by inclusive time, URLs containing ${JSON.stringify(scope)}:`);
  for (const f of inclusiveTimes(profile, scope).slice(0, top))
    console.log(`${f.percent.toFixed(1).padStart(5)}%  ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.frame}`);
}
