// analysePlay against DDS's AnalysePlay (the TRACE lines), and bestLine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysePlay, bestLine, ddTable } from 'dds-rs';
import { readHands } from './helpers.mjs';

test('analysePlay equals the TRACE lines of list10', () => {
  for (const [i, r] of readHands('list10.txt').filter((r) => r.trace).entries()) {
    const analysis = analysePlay(r.deal, r.strain, r.leader, r.play);
    assert.deepEqual(analysis.ddsTrace, r.trace, `list10 record ${i + 1}`);
    assert.equal(analysis.tricks.length, r.play.length + 1);
    assert.equal(analysis.declarer, 'WNES'['NESW'.indexOf(r.leader)]);
  }
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
