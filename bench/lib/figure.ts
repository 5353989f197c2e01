// One reported figure: a value with its unit, the runs it is the median of, and (for the issue's
// targets) the bound it is compared against. A figure that could not be measured carries the
// reason instead of a value, so one missing tool never fails the whole run.

export interface Target {
  /** value must be at most (<=) or at least (>=) bound. */
  op: "<=" | ">=";
  bound: number;
}

export interface Figure {
  /** Stable key for --json consumers, e.g. "host.10000.read.p99". */
  id: string;
  /** What the table shows in its first column. */
  label: string;
  /** null when unavailable. */
  value: number | null;
  unit: string;
  /** Number of runs the value is the median of (absent for single observations such as a size). */
  runs?: number;
  target?: Target;
  /** true/false against target; null when there is a target but no value; absent without target. */
  met?: boolean | null;
  unavailable?: string;
  note?: string;
  /** For a median of A/B pairs: the smallest and largest pair. */
  spread?: Range;
  /** The 1-minute load average over the runs behind the value (lowest and highest sample). */
  load?: Range;
}

export interface Range {
  min: number;
  max: number;
}

export interface FigureOptions {
  runs?: number;
  target?: Target;
  note?: string;
  spread?: Range;
  load?: Range;
}

export function meets(target: Target, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return target.op === "<=" ? value <= target.bound : value >= target.bound;
}

export function figure(id: string, label: string, value: number, unit: string, options: FigureOptions = {}): Figure {
  if (!Number.isFinite(value)) return unavailable(id, label, unit, "no finite value was measured", options);
  const out: Figure = { id, label, value, unit };
  if (options.runs !== undefined) out.runs = options.runs;
  if (options.target !== undefined) {
    out.target = options.target;
    out.met = meets(options.target, value);
  }
  if (options.note !== undefined) out.note = options.note;
  if (options.spread !== undefined) out.spread = options.spread;
  if (options.load !== undefined) out.load = options.load;
  return out;
}

/** The range of finite values, or undefined when there are none. */
export function rangeOf(values: readonly number[]): Range | undefined {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return undefined;
  return { min: Math.min(...finite), max: Math.max(...finite) };
}

export function unavailable(id: string, label: string, unit: string, reason: string, options: FigureOptions = {}): Figure {
  const out: Figure = { id, label, value: null, unit, unavailable: oneLine(reason, 600) };
  if (options.target !== undefined) {
    out.target = options.target;
    out.met = null;
  }
  if (options.note !== undefined) out.note = options.note;
  return out;
}

/** First non-empty line of a message, trimmed to a table-friendly length. */
export function oneLine(text: string, max = 160): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== "") ?? "(no message)";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
