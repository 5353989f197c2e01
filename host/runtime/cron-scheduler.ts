// The host's scheduler for WorkerCronTrigger: at each time the cron names (UTC, minute
// resolution) it invokes the worker's scheduled handler with scheduledTime and cron. Time comes
// from an injected clock, so a test advances it instead of waiting; tick() fires everything due.

import { parseCron, type CronSchedule } from "../rules/attachments/cron-schedule.js";

export interface CronPlan {
  key: string;
  cron: string;
}

export type FireCron = (trigger: CronPlan, scheduledTime: number) => Promise<void>;

const MINUTE = 60_000;

/** The first firing strictly after `afterMs` (null when the schedule names no time within 5 years). */
export function nextFiring(schedule: CronSchedule, afterMs: number): number | null {
  let t = Math.floor(afterMs / MINUTE) * MINUTE + MINUTE;
  const limit = afterMs + 5 * 366 * 24 * 60 * MINUTE;
  while (t <= limit) {
    const d = new Date(t);
    const dayOk = dayMatches(schedule, d);
    if (!schedule.months.includes(d.getUTCMonth() + 1) || !dayOk) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
      continue;
    }
    if (!schedule.hours.includes(d.getUTCHours())) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
      continue;
    }
    if (schedule.minutes.includes(d.getUTCMinutes())) return t;
    t += MINUTE;
  }
  return null;
}

function dayMatches(schedule: CronSchedule, d: Date): boolean {
  const dom = schedule.daysOfMonth.includes(d.getUTCDate());
  const dow = schedule.daysOfWeek.includes(d.getUTCDay());
  return schedule.dayMatchesEither ? dom || dow : dom && dow;
}

/** The latest due time of a trigger at `now` (null: none), moving its next firing past `now`. */
function latestDue(state: { schedule: CronSchedule; at: number | null }, now: number): number | null {
  let latest: number | null = null;
  while (state.at !== null && state.at <= now) {
    latest = state.at;
    state.at = nextFiring(state.schedule, state.at);
  }
  return latest;
}

export class CronScheduler {
  readonly #next = new Map<string, { cron: string; schedule: CronSchedule; at: number | null }>();
  #triggers: CronPlan[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly fire: FireCron,
    private readonly now: () => number = Date.now,
    private readonly report: (error: unknown) => void = (error) => console.error("takoform runtime: cron:", error),
  ) {}

  /** Replaces the triggers; a trigger whose cron is unchanged keeps its next firing. */
  setTriggers(triggers: CronPlan[]): void {
    this.#triggers = triggers;
    const keep = new Set(triggers.map((t) => t.key));
    for (const key of this.#next.keys()) if (!keep.has(key)) this.#next.delete(key);
    for (const trigger of triggers) {
      const known = this.#next.get(trigger.key);
      if (known !== undefined && known.cron === trigger.cron) continue;
      const parsed = parseCron(trigger.cron);
      if (!parsed.ok) continue;
      this.#next.set(trigger.key, { cron: trigger.cron, schedule: parsed.schedule, at: nextFiring(parsed.schedule, this.now()) });
    }
  }

  start(intervalMs = 1000): void {
    this.#timer = setInterval(() => void this.tick().catch(this.report), intervalMs);
    this.#timer.unref();
  }

  /**
   * Fires every trigger whose time has come, then schedules its next firing. A trigger fires once
   * per tick, at the latest of its due times: times missed while the host's clock jumped (a
   * machine resumed from sleep, a clock set forward) are not made up (ADR 0304).
   */
  async tick(): Promise<void> {
    const now = this.now();
    const firings: Promise<void>[] = [];
    for (const trigger of this.#triggers) {
      const state = this.#next.get(trigger.key);
      const scheduledTime = state === undefined ? null : latestDue(state, now);
      if (scheduledTime === null) continue;
      firings.push(
        Promise.resolve()
          .then(() => this.fire(trigger, scheduledTime))
          .catch(this.report),
      );
    }
    await Promise.all(firings);
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
  }
}
