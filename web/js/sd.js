// Single dummy: what the page hands to the package's `layouts` (the deal
// with its hidden hands as `-`, the options of a run, its share for each
// worker) and how it reads the figures back. The layouts themselves (every
// one, or a seeded random sample), their solving, every figure (mean
// tricks, the chance of making each level, its standard error, the
// expected score, each opening lead's) and the sum of the workers' shares
// (mergeLayouts) are the package's. No DOM here, so Node's tests can
// import it too.

import { SEATS, handText } from './bridge.js';

/** The sample sizes offered; every layout is offered too when there are at most ALL_UP_TO. */
export const SD_COUNTS = [20, 50, 100, 200, 500, 1000, 5000];
export const ALL_UP_TO = 20000;

/** The numbers of layouts offered for a run over `population` layouts: the
 *  sample sizes below it, then every one (the population) when there are
 *  at most ALL_UP_TO. */
export function countChoices(population) {
  const counts = SD_COUNTS.filter((n) => n < population);
  if (population <= ALL_UP_TO) counts.push(population);
  return counts;
}

/** The position for `layouts` and `countLayouts` with `hide`: every hand
 *  (PBN from North; `hands` are {N, E, S, W} card lists), the hidden ones
 *  dealt again by the package. */
export function positionDeal(hands) {
  return 'N:' + SEATS.map((s) => handText(hands[s])).join(' ');
}

/** The options of a run: the seats `hide` of the position dealt again; the
 *  whole table of every layout solved (or, with `lead` = {strain,
 *  declarer, leader}, every opening lead of `leader` scored),
 *  `count` layouts (a random sample; every one
 *  when `count` reaches `population`), the page's seed and the board's
 *  vulnerability (for expected scores). */
export function runOptions({ count, seed, population, vulnerability, lead, hide }) {
  const options = lead
    ? { strain: lead.strain, leader: lead.leader, everyLead: true, seed, vulnerability, hide }
    : { table: true, seed, vulnerability, hide };
  if (count < population) options.sample = count;
  return options;
}

/** How many workers share a run of `planned` layouts: one a core (at most
 *  8), and no more than the run's units of 40 layouts. */
export function workerCount(planned, cores) {
  return Math.max(1, Math.min(cores || 2, 8, Math.ceil(planned / 40)));
}

/** The options of worker `part` of `parts`: the package's share of the run. */
export function shareOptions(options, part, parts) {
  return parts > 1 ? { ...options, share: { part, parts } } : options;
}

/** The level a lead table is shown against: the contract's when it is the
 *  cell chosen, else the highest level the best lead lets declarer make in
 *  at least half the layouts (1 at least). */
export function leadLevel(cell, contract) {
  if (contract && contract.strain === cell.strain && contract.declarer === cell.declarer) return contract.level;
  let level = 1;
  cell.make.forEach((p, i) => { if (p != null && p >= 0.5) level = i + 1; });
  return level;
}

/** A strain and declarer's figures in a summary of `layouts` (null before any). */
export function cellOf(summary, strain, declarer) {
  return summary?.results.find((r) => r.strain === strain && r.declarer === declarer) ?? null;
}

/** The cell of the single dummy panel: the one the user picked (`sd.pick`),
 *  else the contract played's declarer and strain, else South in notrump. */
export function sdPick(sd, contract) {
  return sd.pick ?? (contract ? { declarer: contract.declarer, strain: contract.strain } : { declarer: 'S', strain: 'NT' });
}
