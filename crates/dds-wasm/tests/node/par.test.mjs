// par and dealerPar against DDS's Par and DealerPar (the PAR and PAR2
// lines), from the tables of the TABLE lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { par, dealerPar, ddTable, DdsError } from 'ddsrs';
import { readHands, STRAINS, SEATS } from './helpers.mjs';

const rows = (table) => STRAINS.map((_, s) => table.slice(4 * s, 4 * s + 4));

for (const file of ['list10.txt', 'list100.txt']) {
  test(`par and dealerPar equal the PAR and PAR2 lines of ${file}`, () => {
    for (const [i, r] of readHands(file).filter((r) => r.table && r.par).entries()) {
      const where = `${file} record ${i + 1}`;
      const sides = par(rows(r.table), r.vulnerability);
      assert.deepEqual([...sides.scoreTexts, ...sides.contractTexts], r.par, where);
      const dealer = dealerPar(rows(r.table), r.dealer, r.vulnerability);
      assert.deepEqual([String(dealer.score), ...dealer.texts], r.par2, where);
    }
  });
}

test('par takes a deal, a table object or the rows', () => {
  const deal = 'E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63';
  const table = ddTable(deal);
  const fromDeal = dealerPar(deal, 'E', 'NS');
  assert.equal(fromDeal.text, 'Par 100: EW 4Sx-1');
  assert.equal(fromDeal.parContract, 'EW 4Sx-1');
  assert.deepEqual(fromDeal.contracts, [{ level: 4, strain: 'S', declarer: 'EW', doubled: true, result: -1, text: '4S*-EW-1' }]);
  assert.deepEqual(dealerPar(table, 'E', 'NS'), fromDeal);
  assert.deepEqual(dealerPar(table.tricks, 'East', 'ns'), fromDeal);
  const withN = { ...table.tricks, N: table.tricks.NT };
  delete withN.NT;
  assert.deepEqual(dealerPar(withN, 'E', 'NS'), fromDeal);
  assert.deepEqual(par(deal, 'NS'), par(table.rows, 'NS'));
  assert.deepEqual(par(deal).scoreTexts, par(deal, 'None').scoreTexts);
});

test('a bad table gets the solver\'s message', () => {
  const bad = Array.from({ length: 5 }, () => [7, 7, 7, 7]);
  bad[0][2] = 14;
  assert.throws(() => par(bad, 'None'), (e) => e instanceof DdsError && e.kind === 'TricksOutOfRange'
    && e.message === 'a double dummy table entry is out of range: 14 tricks for South in S (at most 13)');
  assert.throws(() => par([[1, 2, 3]], 'None'), (e) => e.kind === 'Type');
  bad[0][2] = -1;
  assert.throws(() => par(bad, 'None'), (e) => e.kind === 'Type' && e.argument === 'table[0][2]');
  assert.throws(() => dealerPar(bad, 'Q'), (e) => e.kind === 'Parse' && e.argument === 'dealer');
});
