// Single dummy: the layouts of the unseen cards (the cards of the hidden
// hands, dealt again among them with each hand's size kept), every one
// when there are few, else a random sample of distinct ones (seeded, so a
// run can be repeated), and the sums the page shows. The package's
// `layouts` does this in the solver but is not available in WebAssembly
// (it needs threads), so the page deals the layouts and the workers solve
// them one by one: each layout's table (ddTable) and, for a contract, the
// score of every opening lead (solveBoard).

import { SEATS, DDS_STRAINS, handsDeal } from './bridge.js';

/** n choose k, exactly while it fits a double's integers (up to 2^53). */
export function choose(n, k) {
  if (k < 0 || k > n) return 0;
  k = Math.min(k, n - k);
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** The number of layouts: the multinomial of the hidden hands' sizes. */
export function population(sizes) {
  let left = sizes.reduce((a, b) => a + b, 0);
  let total = 1;
  for (const s of sizes) {
    total *= choose(left, s);
    left -= s;
  }
  return total;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `index`-th way (0 based, lexicographic) to choose k of the items. */
function unrank(items, k, index) {
  const out = [];
  let i = 0;
  let r = index;
  while (k > 0) {
    const c = choose(items.length - i - 1, k - 1);
    if (r < c) {
      out.push(items[i]);
      k -= 1;
    } else {
      r -= c;
    }
    i += 1;
  }
  return out;
}

/**
 * The layouts to solve: `hands` the real deal ({N, E, S, W} card arrays),
 * `hidden` the hidden seats (two or three), `count` how many at most.
 * Returns {population, all, deals} (all: every layout is there).
 */
export function makeLayouts(hands, hidden, count, seed = 1) {
  const seats = SEATS.filter((s) => hidden.includes(s));
  const unseen = seats.flatMap((s) => hands[s]).sort();
  const sizes = seats.map((s) => hands[s].length);
  const total = population(sizes);
  const deal = (parts) => handsDeal(Object.fromEntries(SEATS.map((s) => [s, seats.includes(s) ? parts[seats.indexOf(s)] : hands[s]])));
  const random = seeded(seed);
  const deals = [];
  if (seats.length === 2 && total <= count) {
    for (let i = 0; i < total; i++) {
      const first = unrank(unseen, sizes[0], i);
      const set = new Set(first);
      deals.push(deal([first, unseen.filter((c) => !set.has(c))]));
    }
    return { population: total, all: true, deals };
  }
  if (seats.length === 2) {
    // Distinct layout numbers at random (Floyd's algorithm), in drawing order.
    const chosen = new Set();
    for (let j = total - count; j < total; j++) {
      const t = Math.floor(random() * (j + 1));
      chosen.add(chosen.has(t) ? j : t);
    }
    for (const i of chosen) {
      const first = unrank(unseen, sizes[0], i);
      const set = new Set(first);
      deals.push(deal([first, unseen.filter((c) => !set.has(c))]));
    }
    return { population: total, all: false, deals };
  }
  // Three hidden hands: shuffles, duplicates dropped.
  const seen = new Set();
  for (let tries = 0; deals.length < Math.min(count, total) && tries < count * 20; tries++) {
    const deck = [...unseen];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    const parts = [];
    let at = 0;
    for (const n of sizes) { parts.push(deck.slice(at, at + n)); at += n; }
    const d = deal(parts);
    if (!seen.has(d)) { seen.add(d); deals.push(d); }
  }
  return { population: total, all: deals.length === total, deals };
}

/** Running sums of solved layouts. */
export class Tally {
  constructor({ size, lead }) {
    this.size = size;               // cards a hand (13 for a full deal)
    this.lead = lead ?? null;       // {strain, leader, declarer}
    this.layouts = 0;
    // counts[strain index (DDS order)][declarer index][declarer's tricks]
    this.counts = DDS_STRAINS.map(() => SEATS.map(() => new Array(size + 1).fill(0)));
    this.tables = 0;
    this.leads = new Map();         // card -> counts by the defenders' tricks
  }

  add(result) {
    this.layouts += 1;
    if (result.rows) {
      this.tables += 1;
      result.rows.forEach((row, si) => row.forEach((tricks, di) => { this.counts[si][di][tricks] += 1; }));
    }
    if (result.leads) {
      for (const [card, tricks] of Object.entries(result.leads)) {
        if (!this.leads.has(card)) this.leads.set(card, new Array(this.size + 1).fill(0));
        this.leads.get(card)[tricks] += 1;
      }
    }
  }

  /** Declarer's mean tricks in a strain. */
  mean(strain, declarer) {
    return meanOf(this.counts[DDS_STRAINS.indexOf(strain)][SEATS.indexOf(declarer)]);
  }

  /** The chance (0-1) that declarer takes at least `tricks`, with its standard error. */
  chance(strain, declarer, tricks, populationSize) {
    return chanceOf(this.counts[DDS_STRAINS.indexOf(strain)][SEATS.indexOf(declarer)], (t) => t >= tricks, populationSize);
  }

  /** Each lead: {card, mean defenders' tricks, chance to beat `need` tricks for declarer, s.e.}, best first. */
  leadResults(need, populationSize) {
    const out = [];
    for (const [card, dist] of this.leads) {
      const set = chanceOf(dist, (t) => this.size - t < need, populationSize);
      out.push({ card, mean: meanOf(dist), set: set.p, se: set.se, n: set.n });
    }
    return out.sort((a, b) => b.mean - a.mean || b.set - a.set || a.card.localeCompare(b.card));
  }
}

function meanOf(dist) {
  let n = 0;
  let sum = 0;
  dist.forEach((c, t) => { n += c; sum += c * t; });
  return n ? sum / n : null;
}

function chanceOf(dist, test, populationSize) {
  let n = 0;
  let hit = 0;
  dist.forEach((c, t) => { n += c; if (test(t)) hit += c; });
  if (!n) return { p: null, se: null, n };
  const p = hit / n;
  // Binomial standard error with the finite population correction (0 when every layout is in).
  const fpc = populationSize > 1 ? Math.max(0, (populationSize - n) / (populationSize - 1)) : 0;
  return { p, se: Math.sqrt((p * (1 - p) / n) * fpc), n };
}
