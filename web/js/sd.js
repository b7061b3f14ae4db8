// Single dummy: what the page hands to the package's `layouts` (the deal
// with its hidden hands as `-`, the options of a run) and how it reads
// the figures back. The layouts themselves (every one, or a seeded random
// sample), their solving and every figure (mean tricks, the chance of
// making each level, its standard error, the expected score) are the
// package's: the page's worker calls `layouts(deal, options)` and shows
// its summary. No DOM here, so Node's tests can import it too.

import { SEATS, handText } from './bridge.js';

/** The sample sizes offered; every layout is offered too when there are at most ALL_UP_TO. */
export const SD_COUNTS = [20, 50, 100, 200, 500, 1000, 5000];
export const ALL_UP_TO = 20000;

/** The deal for `layouts` and `countLayouts`: the hidden hands as `-`
 *  (PBN from North; `hands` are {N, E, S, W} card lists). */
export function hiddenDeal(hands, hidden) {
  return 'N:' + SEATS.map((s) => (hidden.includes(s) ? '-' : handText(hands[s]))).join(' ');
}

/** The options of a run: the whole table of every layout solved, `count`
 *  layouts (a random sample; every one when `count` reaches `population`),
 *  the page's seed and the board's vulnerability (for expected scores). */
export function runOptions({ count, seed, population, vulnerability }) {
  const options = { table: true, seed, vulnerability };
  if (count < population) options.sample = count;
  return options;
}

/** A strain and declarer's figures in a summary of `layouts` (null before any). */
export function cellOf(summary, strain, declarer) {
  return summary?.results.find((r) => r.strain === strain && r.declarer === declarer) ?? null;
}
