// Injectable time. The composition root passes systemClock; tests pass a fixed or stepping clock.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** RFC 3339 UTC timestamp with second precision, the form conditions carry. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
