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
}

export interface FigureOptions {
  runs?: number;
  target?: Target;
  note?: string;
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
  return out;
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
