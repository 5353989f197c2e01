// A tenant's worker output (console.log, console.error) reaches the host's output a line at a
// time, naming the tenant, and only as far as the tenant's log budget allows (worker-output.ts,
// log-budget.ts, ADR 0301): a worker that logs in a loop has most of its lines dropped (and is
// told how many once lines pass again), a long line is cut, and another tenant's lines still pass.

import { afterAll, beforeAll, expect, it } from "vitest";
import { deployTwoTenants, eventually, FIRST_TENANT, SECOND_TENANT, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

/** 4 KiB at once, then a byte a second (what passes does not depend on how fast this machine is); lines cut at 512 bytes. */
const BUDGET = { bytesPerSecond: 1, burstBytes: 4096, maxLineBytes: 512 };
let host: RuntimeHost;
let noisy: string;
let quiet: string;
const lines: string[] = [];

const source = (who: string) => `export default {
  fetch(request) {
    const q = new URL(request.url).searchParams;
    const n = Number(q.get("n") ?? 1);
    for (let i = 0; i < n; i++) console.log("${who} " + (q.get("tag") ?? "line") + " " + i + " " + "x".repeat(Number(q.get("pad") ?? 90)));
    if (q.has("error")) console.error("${who} trouble");
    return new Response("logged " + n);
  },
};`;

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { logBudget: BUDGET, workerOutput: (line) => (lines.push(line), true) });
  ({ first: noisy, second: quiet } = await deployTwoTenants(host, "output", ["noisy", source("noisy")], ["quiet", source("quiet")]));
}, 60_000);
afterAll(async () => host.close());

const logged = (prefix: string, tag: string) =>
  eventually(
    async () => lines.filter((line) => line.startsWith(prefix) && line.includes(` ${tag} `)),
    (found) => found.length > 0,
    `a line tagged ${tag}`,
  );

it("names the tenant on each line of its workers' output, stdout and stderr", async () => {
  expect((await viaGateway(host.gatewayPort, quiet, "/?tag=hello&error")).status).toBe(200);
  expect(await logged(`takoform worker ${SECOND_TENANT}: `, "hello")).toEqual([`takoform worker ${SECOND_TENANT}: quiet hello 0 ${"x".repeat(90)}`]);
  await eventually(
    async () => lines.filter((line) => line === `takoform worker ${SECOND_TENANT} (stderr): quiet trouble`),
    (found) => found.length === 1,
    "the console.error line",
  );
});

it("passes a looping logger's lines up to its budget, drops the rest and says so, and cuts a long line", async () => {
  // 2,000 lines of about 110 bytes: about 220 KB against a 4 KiB burst.
  expect((await viaGateway(host.gatewayPort, noisy, "/?tag=flood&n=2000")).status).toBe(200);
  const notice = `takoform runtime: tenant ${FIRST_TENANT}'s workers write more than their log budget`;
  await eventually(
    async () => lines.filter((line) => line.startsWith(notice)),
    (found) => found.length === 1,
    "the dropping notice",
  );
  // The other tenant's budget is its own.
  expect((await viaGateway(host.gatewayPort, quiet, "/?tag=after")).status).toBe(200);
  await logged(`takoform worker ${SECOND_TENANT}: `, "after");
  const passed = lines.filter((line) => line.startsWith(`takoform worker ${FIRST_TENANT}: noisy flood `));
  // The burst's worth (4,096 bytes of lines of 105 or 106 bytes, less the lines of the deploy's
  // requests), not the flood's 2,000.
  expect(passed.length).toBeGreaterThan(30);
  expect(passed.length).toBeLessThanOrEqual(39);
  expect(passed[0]).toBe(`takoform worker ${FIRST_TENANT}: noisy flood 0 ${"x".repeat(90)}`);

  // Once the bucket refills, a line passes, after the count of what was dropped.
  host.advance(5_000_000);
  expect((await viaGateway(host.gatewayPort, noisy, "/?tag=long&pad=2000")).status).toBe(200);
  const [long] = await logged(`takoform worker ${FIRST_TENANT}: `, "long");
  // Each line that passed after drops came after the count of them: every line is passed or counted.
  const counts = lines.filter((line) => line.startsWith(`takoform runtime: tenant ${FIRST_TENANT}'s workers: `));
  const count = counts.map((line) => Number(/: (\d+) lines \(\d+ bytes\) over the log budget were dropped$/.exec(line)![1])).reduce((a, b) => a + b, 0);
  expect(count + passed.length).toBe(2000);
  expect(lines.indexOf(counts.at(-1)!)).toBe(lines.indexOf(long!) - 1);
  expect(
    lines.filter((line) => line.startsWith(notice)),
    "said once while over",
  ).toHaveLength(1);
  // 512 bytes kept of "noisy long 0 " and 2,000 x's; the rest said in a count.
  expect(long).toBe(`takoform worker ${FIRST_TENANT}: noisy long 0 ${"x".repeat(512 - "noisy long 0 ".length)} [${2013 - 512} more bytes cut]`);
});
