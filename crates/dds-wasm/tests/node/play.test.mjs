// analysePlay against DDS's AnalysePlay (the TRACE lines), and bestLine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysePlay, bestLine, ddTable } from 'ddsrs';
import { readHands, SEATS } from './helpers.mjs';

test('analysePlay equals the TRACE lines of list10', () => {
  for (const [i, r] of readHands('list10.txt').filter((r) => r.trace).entries()) {
    const analysis = analysePlay(r.deal, r.strain, r.leader, r.play);
    assert.deepEqual(analysis.ddsTrace, r.trace, `list10 record ${i + 1}`);
    assert.equal(analysis.tricks.length, r.play.length + 1);
    assert.equal(analysis.declarer, 'WNES'['NESW'.indexOf(r.leader)]);
  }
});

// Who plays each card of a fixture's play, and to which trick (from 1):
// the test's own reading of the rules, for the expected values. The
// highest trump wins a trick, else the highest card of the suit led.
function players(leader, strain, play) {
  const rank = (card) => '23456789TJQKA'.indexOf(card[1]);
  const beats = (card, best) => (card[0] === best[0] ? rank(card) > rank(best) : card[0] === strain);
  const out = [];
  let lead = SEATS.indexOf(leader);
  for (let t = 0; 4 * t < play.length; t++) {
    const cards = play.slice(4 * t, 4 * t + 4);
    cards.forEach((_, k) => out.push({ seat: SEATS[(lead + k) % 4], trick: t + 1 }));
    let best = 0;
    cards.forEach((card, k) => { if (beats(card, cards[best])) best = k; });
    lead = (lead + best) % 4;
  }
  return out;
}

test('analysePlay gives each card its seat and the change it made for its side, as the TRACE lines say', () => {
  const side = (seat) => ('NS'.includes(seat) ? 'NS' : 'EW');
  let changed = 0;
  for (const [i, r] of readHands('list100.txt').filter((r) => r.trace).entries()) {
    const { cards, declarer } = analysePlay(r.deal, r.strain, r.leader, r.play);
    const expected = players(r.leader, r.strain, r.play);
    assert.deepEqual(cards.map((c) => c.card), r.play, `list100 record ${i + 1}`);
    assert.deepEqual(cards.map((c) => ({ seat: c.seat, trick: c.trick })), expected, `list100 record ${i + 1}`);
    // DDS's trace: declarer's side's tricks before each card (it stops
    // before the last trick); a card's change for its own side is the
    // trace's step, the other way round for a defender's card.
    for (let k = 0; k + 1 < r.trace.length; k++) {
      const step = r.trace[k + 1] - r.trace[k];
      const change = side(cards[k].seat) === side(declarer) ? step : 0 - step;
      assert.equal(cards[k].tricks, r.trace[k + 1], `list100 record ${i + 1}, card ${k + 1}`);
      assert.equal(cards[k].change, change, `list100 record ${i + 1}, card ${k + 1} (${cards[k].card})`);
      if (change !== 0) changed++;
    }
  }
  // The records hold cards that changed the result, not only ones that kept it.
  assert.ok(changed >= 10, `${changed} cards changed the result`);
});

test('bestLine plays to the end at the value of the table', () => {
  for (const r of readHands('list10.txt').slice(0, 3)) {
    const line = bestLine(r.deal, r.strain, r.leader);
    const declarer = 'WNES'['NESW'.indexOf(r.leader)];
    const tricks = ddTable(r.deal).tricks[r.strain][declarer];
    assert.equal(line.nsTricks, 'NS'.includes(declarer) ? tricks : 13 - tricks);
    assert.equal(line.cards.length, 52);
    assert.equal(line.cards.filter((c) => c.wins !== null).length, 13);
    assert.equal(line.cards[0].seat, r.leader);
  }
});
