// Alternating A/B pairs (issue 19): two sides measured one right after the other, the side that
// goes first alternating from pair to pair, so a drift in machine load hits both alike. A figure
// is the median of the per-pair values, shown with the smallest and largest pair and the load
// average sampled at each pair.

import { figure, rangeOf, type Figure, type Target } from "./figure.js";
import { loadAverage } from "./proc.js";
import { median, ratio } from "./stats.js";

/** Pair i runs A first when i is even, B first when it is odd. */
export function pairOrder<T>(i: number, a: T, b: T): [T, T] {
  return i % 2 === 0 ? [a, b] : [b, a];
}

/** Round i of a rotation of several sides: their order, started at side i mod their count. */
export function rotation<T>(i: number, sides: readonly T[]): T[] {
  const k = i % sides.length;
  return [...sides.slice(k), ...sides.slice(0, k)];
}

/** Per-pair samples of one quantity on both sides, and the load at each pair. */
export class PairSamples {
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly loads: number[] = [];

  add(a: number, b: number, load: number = loadAverage()[0]): void {
    this.a.push(a);
    this.b.push(b);
    this.loads.push(load);
  }

  /** a / b of every pair. */
  ratios(): number[] {
    return this.a.map((x, i) => ratio(x, this.b[i]!));
  }
}

/** The median of per-pair values, with their min–max and the load over the pairs. */
export function pairedFigure(id: string, label: string, values: readonly number[], unit: string, loads: readonly number[], target?: Target): Figure {
  const spread = rangeOf(values);
  const load = rangeOf(loads);
  return figure(id, label, median(values), unit, {
    runs: values.length,
    ...(spread === undefined ? {} : { spread }),
    ...(load === undefined ? {} : { load }),
    ...(target === undefined ? {} : { target }),
  });
}
