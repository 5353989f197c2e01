// WorkerCronTrigger's cron is PARSED, not pattern-matched (decision 0020): five fields
//   minute 0-59, hour 0-23, day-of-month 1-31, month 1-12, day-of-week 0-6 (0 = Sunday)
// each a comma list of "*", "*/step", "n", "n-m" or "n-m/step" (the Form's own grammar; no names).
// Refused with invalid_argument, on validate, prepare and apply alike: a value outside its field,
// a descending range (5-1), a step outside 1..span of its field (*/0, */60 on minutes: span = max -
// min, as the Form's description says), a step on a bare literal (5/10, by the item grammar), and a day/month combination no calendar has
// (0 0 31 2 *), because each names no schedule. Day matching follows the common cron rule: when
// both day fields are restricted (neither starts with "*") a day matches either; otherwise both.

import { accept, refuse, type RuleOutcome } from "../outcome.js";

interface FieldSpec {
  name: string;
  min: number;
  max: number;
}

const FIELDS: readonly FieldSpec[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day-of-month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day-of-week", min: 0, max: 6 },
];

export interface CronSchedule {
  minutes: number[];
  hours: number[];
  daysOfMonth: number[];
  months: number[];
  daysOfWeek: number[];
  /** True when both day fields are restricted, so a day matches either of them. */
  dayMatchesEither: boolean;
}

const ITEM = /^(?:\*(?:\/(\d{1,2}))?|(\d{1,2})(?:-(\d{1,2})(?:\/(\d{1,2}))?)?)$/;

export function parseCron(expression: string, pointer = "/cron"): RuleOutcome<{ schedule: CronSchedule }> {
  const fields = expression.split(" ");
  if (fields.length !== 5 || fields.some((f) => f === "")) {
    return refuse("invalid_argument", `${pointer}: ${JSON.stringify(expression)} must be five fields separated by single spaces`, pointer);
  }
  const sets: number[][] = [];
  for (let i = 0; i < 5; i++) {
    const parsed = parseField(fields[i]!, FIELDS[i]!);
    if (typeof parsed === "string") return refuse("invalid_argument", `${pointer}: ${JSON.stringify(expression)}: ${parsed}`, pointer);
    sets.push(parsed);
  }
  const schedule: CronSchedule = {
    minutes: sets[0]!,
    hours: sets[1]!,
    daysOfMonth: sets[2]!,
    months: sets[3]!,
    daysOfWeek: sets[4]!,
    dayMatchesEither: !fields[2]!.startsWith("*") && !fields[4]!.startsWith("*"),
  };
  if (!firesOnSomeDay(schedule)) {
    return refuse("invalid_argument", `${pointer}: ${JSON.stringify(expression)} names no day any calendar has, so it never fires`, pointer);
  }
  return accept({ schedule });
}

function parseField(text: string, field: FieldSpec): number[] | string {
  const values = new Set<number>();
  for (const item of text.split(",")) {
    const m = ITEM.exec(item);
    if (m === null) return `${field.name} item ${JSON.stringify(item)} is not *, */step, n, n-m or n-m/step`;
    const [, starStep, from, to, rangeStep] = m;
    const step = starStep ?? rangeStep;
    const stepValue = step === undefined ? 1 : Number(step);
    const span = field.max - field.min;
    if (stepValue < 1 || stepValue > span)
      return `${field.name} item ${JSON.stringify(item)} has step ${stepValue}; a step must be between 1 and ${span}, the span of ${field.min}-${field.max}`;
    let lo = field.min;
    let hi = field.max;
    if (from !== undefined) {
      lo = Number(from);
      hi = to === undefined ? lo : Number(to);
      for (const v of [lo, hi]) {
        if (v < field.min || v > field.max) return `${field.name} value ${v} is outside ${field.min}-${field.max}`;
      }
      if (lo > hi) return `${field.name} range ${lo}-${hi} is descending; a range runs from low to high`;
    }
    for (let v = lo; v <= hi; v += stepValue) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

/** Whether some day of a 28-year Gregorian span (every weekday/date/leap combination) matches. */
function firesOnSomeDay(s: CronSchedule): boolean {
  const doms = new Set(s.daysOfMonth);
  const months = new Set(s.months);
  const dows = new Set(s.daysOfWeek);
  const day = new Date(Date.UTC(2001, 0, 1));
  const end = Date.UTC(2029, 0, 1);
  while (day.getTime() < end) {
    if (months.has(day.getUTCMonth() + 1)) {
      const dom = doms.has(day.getUTCDate());
      const dow = dows.has(day.getUTCDay());
      if (s.dayMatchesEither ? dom || dow : dom && dow) return true;
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return false;
}
