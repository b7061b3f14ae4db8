// layouts: the single-dummy statistics of `dds layouts`, solved on the
// calling thread (the facade's one-thread path: no threads in WebAssembly).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layouts, countLayouts, mergeLayouts, solveBoard, DdsError } from 'ddsrs';

const DEAL = 'N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98';

test('bad layouts arguments are refused before any work', () => {
  assert.throws(() => layouts(DEAL, {}), (e) => e.kind === 'Type' && e.argument === 'options');
  assert.throws(() => layouts(DEAL, { strain: 'X', leader: 'E' }), (e) => e.kind === 'Parse' && e.argument === 'strain');
  assert.throws(() => layouts('N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98.', { table: true }),
    (e) => e.kind === 'ParseDeal');
  assert.throws(() => layouts(DEAL.replace('J98.QJT.QJ.QJ', 'J98.QJT.QJ.QJT'), { table: true }), (e) => e instanceof DdsError);
  assert.throws(() => layouts(DEAL, { table: true, sample: 0 }), (e) => e.kind === 'Range' && e.argument === 'sample');
});

test('every layout, a sample, progress and a stop', () => {
  const all = layouts(DEAL, { strain: 'S', leader: 'E' });
  assert.equal(all.population, 20);
  assert.equal(all.solved, 20);
  assert.equal(all.complete, true);
  assert.deepEqual(all.hidden, ['E', 'W']);
  const [cell] = all.results;
  assert.equal(cell.declarer, 'N');
  assert.equal(cell.make[4], 0.2);
  assert.equal(cell.distribution.reduce((a, b) => a + b), 20);
  const calls = [];
  const stopped = layouts(DEAL, { strain: 'S', leader: 'E', onProgress: (done, planned) => { calls.push([done, planned]); return done < 5; } });
  assert.equal(stopped.stopped, true);
  assert.equal(stopped.solved, 5);
  assert.deepEqual(calls.at(-1), [5, 20]);
  const sample = layouts(DEAL, { table: true, sample: 6, seed: 7, vulnerability: 'All' });
  assert.equal(sample.solved, 6);
  assert.equal(sample.results.length, 20);
  assert.equal(sample.vulnerability, 'All');
});

test('countLayouts: the problem before any solving', () => {
  // Six unknown cards, three for each of East and West: C(6, 3) = 20.
  assert.deepEqual(countLayouts(DEAL), { population: 20, hidden: ['E', 'W'], unknown: '.43.76.76' });
  // North and South known: East and West share 26 cards, C(26, 13) = 10,400,600.
  const list1 = 'N:QJ6.K652.J85.T98 - K5.T83.KQ9.A7652 -';
  assert.deepEqual(countLayouts(list1).population, 10400600);
  // Three hidden hands: 39! / (13!)^3 layouts, about 8.4e16 (a sample only).
  assert.ok(countLayouts('N:QJ6.K652.J85.T98 - - -').population > 8.4e16);
  assert.throws(() => layouts('N:QJ6.K652.J85.T98 - - -', { strain: 'S', leader: 'E', limit: 2 }), (e) => e.kind === 'LayoutsNeedSample');
  assert.equal(layouts('N:QJ6.K652.J85.T98 - - -', { strain: 'S', leader: 'E', sample: 2 }).solved, 2);
  assert.throws(() => countLayouts('N:- - - -'), (e) => e.kind === 'LayoutSeats' && e.argument === 'deal');
  assert.throws(() => countLayouts(42), (e) => e.kind === 'Type' && e.argument === 'deal');
});

test('onProgress gets the figures so far: at the end, the figures returned', () => {
  const seen = [];
  const all = layouts(DEAL, { table: true, onProgress: (done, planned, summary) => { seen.push([done, planned, summary]); } });
  assert.equal(seen.length, 20);
  seen.forEach(([done, planned, summary], i) => {
    assert.equal(done, i + 1);
    assert.equal(planned, 20);
    assert.equal(summary.solved, i + 1);
    assert.equal(summary.stopped, false);
    assert.equal(summary.results.length, 20);
    assert.equal(summary.results[0].distribution.reduce((a, b) => a + b), i + 1);
  });
  assert.deepEqual(seen.at(-1)[2], all);
  // Stopped after 5: the figures of the fifth call are the ones returned.
  let fifth;
  const stopped = layouts(DEAL, { strain: 'S', leader: 'E', onProgress: (done, planned, summary) => { fifth = summary; return done < 5; } });
  assert.deepEqual({ ...fifth, stopped: true }, stopped);
});

/** Every completion of DEAL: East gets three of the six unknown cards. */
function completions() {
  const deal = DEAL.slice(2).split(' ');
  const unknown = [];
  countLayouts(DEAL).unknown.split('.').forEach((ranks, suit) => {
    for (const rank of ranks) unknown.push({ suit, rank });
  });
  const out = [];
  for (let mask = 0; mask < 1 << unknown.length; mask++) {
    if ([...mask.toString(2)].filter((b) => b === '1').length !== 3) continue;
    const hands = deal.map((h) => h.split('.'));
    unknown.forEach(({ suit, rank }, i) => { hands[mask & (1 << i) ? 1 : 3][suit] += rank; });
    out.push('N:' + hands.map((h) => h.join('.')).join(' '));
  }
  return out;
}

test('everyLead: each card\'s figures equal every card of solveBoard over the layouts', () => {
  const perCard = new Map();
  for (const deal of completions()) {
    for (const scored of solveBoard(deal, 'NT', 'E', [], -1, 3).cards) {
      for (const card of [scored.card, ...scored.equals]) {
        const counts = perCard.get(card) ?? new Array(14).fill(0);
        counts[13 - scored.tricks] += 1;
        perCard.set(card, counts);
      }
    }
  }
  const summary = layouts(DEAL, { strain: 'NT', leader: 'E', everyLead: true });
  assert.equal(summary.leads.length, perCard.size);
  for (const lead of summary.leads) {
    assert.deepEqual(lead.distribution, perCard.get(lead.card), lead.card);
    assert.equal(lead.make.length, 7);
  }
  assert.equal(layouts(DEAL, { strain: 'NT', leader: 'E' }).leads, undefined);
});

test('shares of a run in several calls add up with mergeLayouts to the whole run', () => {
  for (const options of [{ strain: 'S', leader: 'W' }, { table: true, sample: 11, seed: 4 }, { strain: 'H', leader: 'S', everyLead: true }]) {
    const whole = layouts(DEAL, options);
    for (const parts of [2, 3]) {
      const shares = [];
      for (let part = 0; part < parts; part++) shares.push(layouts(DEAL, { ...options, share: { part, parts } }));
      const merged = mergeLayouts(shares);
      assert.deepEqual(merged.results.map((c) => c.distribution), whole.results.map((c) => c.distribution));
      assert.deepEqual(merged.leads, whole.leads);
      assert.equal(merged.solved, whole.solved);
      assert.equal(merged.planned, whole.planned);
      assert.equal(merged.complete, whole.complete);
    }
  }
  const spades = layouts(DEAL, { strain: 'S', leader: 'W' });
  const hearts = layouts(DEAL, { strain: 'H', leader: 'W' });
  assert.throws(() => mergeLayouts([spades, hearts]), (e) => e instanceof DdsError && e.kind === 'LayoutMerge');
  assert.throws(() => mergeLayouts([]), (e) => e.kind === 'Type');
  assert.throws(() => layouts(DEAL, { table: true, share: { part: 2, parts: 2 } }), (e) => e.kind === 'Range' && e.argument === 'share');
});

test('hide: a position\'s hidden seats dealt again, a full deal or an ending', () => {
  // The full deal of list10's first record with East and West hidden is the deal with them as '-'.
  const full = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  assert.deepEqual(countLayouts(full, ['E', 'W']), countLayouts('N:QJ6.K652.J85.T98 - K5.T83.KQ9.A7652 -'));
  const options = { strain: 'NT', leader: 'E', sample: 30, seed: 2 };
  assert.deepEqual(layouts(full, { ...options, hide: ['W', 'E'] }).results, layouts('N:QJ6.K652.J85.T98 - K5.T83.KQ9.A7652 -', options).results);
  // An ending of three cards a hand, East and West hidden: C(6, 3) = 20
  // layouts, declarer's tricks out of three, each against solveBoard.
  const ending = 'N:AK2... QJ3... T98... 7.65..';
  assert.equal(countLayouts(ending, ['E', 'W']).population, 20);
  const summary = layouts(ending, { strain: 'S', leader: 'E', hide: ['E', 'W'] });
  const cards = ['SQ', 'SJ', 'S3', 'S7', 'H6', 'H5'];
  const want = new Array(14).fill(0);
  for (let mask = 0; mask < 64; mask++) {
    if ([...mask.toString(2)].filter((b) => b === '1').length !== 3) continue;
    const hand = (bit) => { const h = { S: '', H: '' }; cards.forEach((c, i) => { if (((mask >> i) & 1) === bit) h[c[0]] += c[1]; }); return `${h.S}.${h.H}..`; };
    const deal = `N:AK2... ${hand(1)} T98... ${hand(0)}`;
    want[3 - solveBoard(deal, 'S', 'E', [], -1, 1).cards[0].tricks] += 1;
  }
  assert.deepEqual(summary.results[0].distribution, want);
  assert.throws(() => countLayouts('N:AK2... QJ3... T98... 76...', ['E']), (e) => e.kind === 'Position');
  assert.throws(() => countLayouts(ending, 'E'), (e) => e.kind === 'Type' && e.argument === 'hide');
});
