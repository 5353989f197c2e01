// The traffic split of a WorkerDeployment: request n (a per-worker counter) takes slot
// floor(frac(n * phi) * 10000), and the version whose cumulative weight (basis points) first
// exceeds the slot answers. The golden-ratio sequence is equidistributed with low discrepancy, so
// over N requests each version's observed share is within a few requests of weight/10000 * N,
// deterministically (the test states its tolerance). The same function runs in the router worker
// (its source is inlined) and in Node for queue and cron deliveries.

export const PHI = 0.6180339887498949;

export function splitSlot(n: number): number {
  return Math.floor(((n * PHI) % 1) * 10000);
}

/** Index of the version serving slot `slot`, given cumulative weights ending at 10000. */
export function pickVersion(cumulative: readonly number[], slot: number): number {
  const index = cumulative.findIndex((limit) => slot < limit);
  return index === -1 ? cumulative.length - 1 : index;
}

export function cumulativeWeights(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((weight) => (sum += weight));
}

/** The split as JavaScript source for the router worker (the same two functions). */
export const SPLIT_SOURCE = `const PHI = ${PHI};
function splitSlot(n) { return Math.floor(((n * PHI) % 1) * 10000); }
function pickVersion(cumulative, slot) { const i = cumulative.findIndex((limit) => slot < limit); return i === -1 ? cumulative.length - 1 : i; }`;
