// The cron scheduler's ticks (host/runtime/cron-scheduler.ts, ADR 0304): a due trigger fires at
// its scheduled time, once; after the clock jumps past many due times only the latest fires; a
// firing that throws, even before it returns a promise, is reported and stops neither the tick
// nor the other triggers.

import { describe, expect, it } from "vitest";
import { CronScheduler, type CronPlan } from "../../../host/runtime/cron-scheduler.js";

const MINUTE = 60_000;
const START = Date.UTC(2026, 11, 7, 12, 0, 30);

function scheduler(fire: (trigger: CronPlan, at: number) => Promise<void>) {
  const clock = { now: START };
  const reported: unknown[] = [];
  const cron = new CronScheduler(
    fire,
    () => clock.now,
    (error) => reported.push(error),
  );
  return { cron, clock, reported };
}

describe("the cron scheduler", () => {
  it("fires a due trigger once at its time, and only the latest of the times a clock jump passed", async () => {
    const fired: [string, number][] = [];
    const { cron, clock } = scheduler(async (trigger, at) => void fired.push([trigger.key, at]));
    cron.setTriggers([
      { key: "every-minute", cron: "* * * * *" },
      { key: "hourly", cron: "0 * * * *" },
    ]);
    await cron.tick();
    expect(fired).toEqual([]);
    clock.now = START + MINUTE;
    await cron.tick();
    await cron.tick();
    expect(fired).toEqual([["every-minute", Date.UTC(2026, 11, 7, 12, 1)]]);
    fired.length = 0;
    clock.now = START + 3 * 24 * 60 * MINUTE; // the machine slept three days
    await cron.tick();
    expect(fired).toEqual([
      ["every-minute", Date.UTC(2026, 11, 10, 12, 0)],
      ["hourly", Date.UTC(2026, 11, 10, 12, 0)],
    ]);
  });

  it("reports a firing that throws, and fires the other triggers", async () => {
    const fired: string[] = [];
    const { cron, clock, reported } = scheduler((trigger) => {
      if (trigger.key === "broken") throw new Error("no version takes it");
      fired.push(trigger.key);
      return Promise.resolve();
    });
    cron.setTriggers([
      { key: "broken", cron: "* * * * *" },
      { key: "fine", cron: "* * * * *" },
    ]);
    clock.now = START + MINUTE;
    await expect(cron.tick()).resolves.toBeUndefined();
    expect(fired).toEqual(["fine"]);
    expect(reported).toEqual([new Error("no version takes it")]);
  });
});
