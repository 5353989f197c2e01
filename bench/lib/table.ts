// Renders figures as a Markdown pipe table (readable on a terminal and pasteable into
// bench/README.md): figure, value, unit, target, met.

import type { Figure, Target } from "./figure.js";

/** Significant-enough digits: 3 for small values, none for large ones, never exponent notation. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString("en-US");
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1 || abs === 0) return value.toFixed(2);
  return value.toPrecision(2);
}

export function formatTarget(target: Target | undefined, unit: string): string {
  if (target === undefined) return "";
  const op = target.op === "<=" ? "≤" : "≥";
  return `${op} ${formatValue(target.bound)}${unit === "" ? "" : " " + unit}`;
}

export function formatMet(figure: Figure): string {
  if (figure.target === undefined) return "";
  if (figure.met === true) return "met";
  if (figure.met === false) return "NOT MET";
  return "n/a";
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/**
 * One table row. An unavailable figure shows "unavailable [n]" where n is footnote(reason), so
 * a reason shared by many rows is printed once under the table.
 */
export function formatRow(figure: Figure, footnote: (reason: string) => number): string[] {
  let value = figure.value === null ? `unavailable [${footnote(figure.unavailable ?? "unknown reason")}]` : formatValue(figure.value);
  if (figure.value !== null && figure.spread !== undefined) value += ` (${formatValue(figure.spread.min)}–${formatValue(figure.spread.max)})`;
  const of = figure.spread !== undefined ? `median of ${figure.runs} A/B pairs, min–max` : `median of ${figure.runs}`;
  const label = figure.runs === undefined ? figure.label : `${figure.label} (${of})`;
  const load =
    figure.load === undefined
      ? ""
      : figure.load.min.toFixed(1) === figure.load.max.toFixed(1)
        ? figure.load.min.toFixed(1)
        : `${figure.load.min.toFixed(1)}–${figure.load.max.toFixed(1)}`;
  return [label, value, figure.unit, formatTarget(figure.target, figure.unit), formatMet(figure), load].map(cell);
}

export const HEADER = ["figure", "value", "unit", "target", "met", "load"];

/**
 * A Markdown table with padded columns; section titles become bold rows; the reasons of
 * unavailable figures follow the table as numbered footnotes ("[1] unavailable: ...").
 */
export function formatTable(sections: ReadonlyArray<{ title: string; figures: readonly Figure[] }>): string {
  const reasons: string[] = [];
  const footnote = (reason: string) => {
    const at = reasons.indexOf(reason);
    return at >= 0 ? at + 1 : reasons.push(reason);
  };
  const rows: Array<string[] | string> = [];
  for (const section of sections) {
    rows.push(`**${section.title}**`);
    for (const f of section.figures) rows.push(formatRow(f, footnote));
  }
  const widths = HEADER.map((h) => h.length);
  for (const row of rows) if (Array.isArray(row)) row.forEach((c, i) => (widths[i] = Math.max(widths[i]!, c.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  const out = [line(HEADER), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`];
  for (const row of rows) out.push(Array.isArray(row) ? line(row) : line([row, ...HEADER.slice(1).map(() => "")]));
  if (reasons.length > 0) out.push("", ...reasons.map((reason, i) => `[${i + 1}] unavailable: ${reason}`));
  return out.join("\n");
}
