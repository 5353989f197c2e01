// Each reliability suite prints its figures (mutations acknowledged, kills survived, inputs tried,
// races run, nothing lost) as one line per measurement, so a run's output is its own record.
// docs/reliability.md quotes the figures of the last recorded run.

export type Figures = Record<string, number | string | boolean>;

export function printFigures(suite: string, label: string, figures: Figures): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key}=${value}`);
  console.log(`[reliability:${suite}] ${label}: ${parts.join(" ")}`);
}
