// A host that stops leaves no workerd behind. A new deployment starts a new workerd beside the
// serving one and retires the old one after a grace (reconcile.ts); a host closed within that
// grace must end both, or the old one outlives the host once its process exits (found as an
// orphaned workerd, parent 1, after a test run that closed its host right after a switch).

import { readdirSync, readFileSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { createVersion, deploy, deployWorker, eventually, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

/** The pids of this process's child workerd processes (Miniflare starts workerd as our child). */
function workerdChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const [state, ppid] = stat.slice(close + 2).split(" ");
    if (comm === "workerd" && state !== "Z" && Number(ppid) === process.pid) pids.push(Number(entry));
  }
  return pids.sort((a, b) => a - b);
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
};

let host: RuntimeHost | undefined;
afterAll(async () => host?.close());

const LABELLED = `export default { async fetch(request, env) { return new Response(env.LABEL); } };`;

it.skipIf(process.platform !== "linux")(
  "closing the host within a switch's grace ends the retiring workerd and the serving one",
  async () => {
    const before = workerdChildren();
    host = await startRuntimeHost();
    const { hostname } = await deployWorker(host.url, "shutdown", "labelled", { source: LABELLED, vars: { LABEL: "a" } });
    await eventually(
      () => viaGateway(host!.gatewayPort, hostname),
      (r) => r.status === 200 && r.body === "a",
      "the first version serves",
    );
    const second = await createVersion(host.url, "shutdown", "labelled", { source: LABELLED, vars: { LABEL: "b" } });
    await deploy(host.url, "shutdown", "labelled", [[second, 10000]]);
    await host.host.runtime!.reconcile();
    expect((await viaGateway(host.gatewayPort, hostname)).body).toBe("b");
    // Both instances run now: the serving one, and the one retired by the switch (grace 5 s).
    const running = workerdChildren().filter((pid) => !before.includes(pid));
    expect(running.length, `workerd children after the switch: ${running.join(", ")}`).toBeGreaterThanOrEqual(2);

    await host.close();
    host = undefined;
    const left = running.filter(alive);
    expect(left, "workerd processes still running after the host closed").toEqual([]);
  },
  60_000,
);
