// `npm run bench -- --readme`: the run's results written into bench/README.md between two marker
// lines, replacing the previous run's: first every figure that has a target (met or not, with
// the min–max of its pairs and the load), then the whole table.

import { formatMet, formatTarget, formatValue } from "./table.js";
import type { Figure } from "./figure.js";

export const BEGIN = "<!-- bench:results:begin (written by npm run bench -- --readme) -->";
export const END = "<!-- bench:results:end -->";

/** text with everything between the markers replaced by block; throws when a marker is missing. */
export function replaceMarked(text: string, block: string): string {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`bench/README.md has no "${BEGIN}" ... "${END}" section`);
  return `${text.slice(0, begin + BEGIN.length)}\n${block.trim()}\n${text.slice(end)}`;
}

function valueOf(f: Figure): string {
  if (f.value === null) return `unavailable: ${f.unavailable ?? ""}`;
  const unit = f.unit === "" ? "" : ` ${f.unit}`;
  return f.spread === undefined
    ? `${formatValue(f.value)}${unit}`
    : `${formatValue(f.value)}${unit} (${formatValue(f.spread.min)}–${formatValue(f.spread.max)})`;
}

/** One row per figure with a target: what, measured, target, met, load. */
export function targetsTable(sections: ReadonlyArray<{ title: string; figures: readonly Figure[] }>): string {
  const rows = sections.flatMap((s) => s.figures.filter((f) => f.target !== undefined));
  const load = (f: Figure) => (f.load === undefined ? "" : `${f.load.min.toFixed(1)}–${f.load.max.toFixed(1)}`);
  const cell = (t: string) => t.replace(/\|/g, "\\|");
  return [
    "| target | measured | bound | met | load |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (f) =>
        `| ${[f.label, valueOf(f), formatTarget(f.target, f.unit), formatMet(f) === "NOT MET" ? "**not met**" : formatMet(f), load(f)].map(cell).join(" | ")} |`,
    ),
  ].join("\n");
}
