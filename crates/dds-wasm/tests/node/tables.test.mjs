// Tables against DDS's own answers (the TABLE lines of list10 and list100),
// and the ways a deal can be given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ddTable, ddTables, positionTable, replay, Solver, DdsError } from 'ddsrs';
import { readHands, STRAINS, SEATS } from './helpers.mjs';

for (const file of ['list10.txt', 'list100.txt']) {
  test(`ddTables equals the TABLE lines of ${file}`, () => {
    const records = readHands(file).filter((r) => r.table);
    const tables = ddTables(records.map((r) => r.deal));
    assert.equal(tables.length, records.length);
    records.forEach((record, i) => {
      assert.deepEqual(tables[i].rows.flat(), record.table, `${file} deal ${i + 1}: ${record.deal}`);
    });
  });
}

test('ddTable gives the tricks by strain and declarer and DDS\'s 5 x 4 rows', () => {
  const [record] = readHands('list10.txt');
  const table = ddTable(record.deal);
  assert.equal(table.deal, record.deal);
  STRAINS.forEach((strain, s) => SEATS.forEach((seat, d) => {
    assert.equal(table.tricks[strain][seat], record.table[4 * s + d]);
    assert.equal(table.rows[s][d], record.table[4 * s + d]);
  }));
});

test('a deal is read from any first seat, with spaces around it, or from one LIN board', () => {
  const deal = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  const rows = ddTable(deal).rows;
  assert.deepEqual(ddTable('  W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652\n').rows, rows);
  const lin = 'qx|o1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|ah|Board 1|';
  const table = ddTable(lin);
  assert.deepEqual(table.rows, rows);
  assert.equal(table.deal, deal);
});

test('a Solver instance gives the module\'s answers', () => {
  const records = readHands('list10.txt').slice(0, 3);
  const solver = new Solver({ memoryMb: 16 });
  for (const record of records) assert.deepEqual(solver.ddTable(record.deal), ddTable(record.deal));
  assert.ok(solver.nodes > 0);
  assert.deepEqual(solver.ddTables(records.map((r) => r.deal)), ddTables(records.map((r) => r.deal)));
  solver.free();
  assert.throws(() => new Solver({ memoryMb: 0 }), (e) => e instanceof DdsError && e.kind === 'Range');
});

test('positionTable: the endings of list10\'s plays agree with DDS\'s traces', () => {
  // After whole tricks, DDS's trace gives declarer's side's total with the
  // trick's winner on lead; the ending's table counts the tricks left,
  // declarer on the right of the leader.
  let checked = 0;
  for (const r of readHands('list10.txt').filter((r) => r.play && r.trace)) {
    const declarerSide = 'NS'.includes('WNES'['NESW'.indexOf(r.leader)]) ? 'NS' : 'EW';
    for (const tricks of [3, 7, 11]) {
      const cards = 4 * tricks;
      if (r.play.length < cards || r.trace.length <= cards) continue;
      const got = replay(r.deal, r.strain, r.leader, r.play.slice(0, cards));
      const table = positionTable(got.remaining);
      assert.equal(table.tricksLeft, 13 - tricks);
      const leader = got.toPlay;
      const declarer = SEATS[(SEATS.indexOf(leader) + 3) % 4];
      const rest = r.trace[cards] - got.tricksWon[declarerSide];
      const want = 'NS'.includes(declarer) === (declarerSide === 'NS') ? rest : 13 - tricks - rest;
      assert.equal(table.tricks[r.strain][declarer], want, `${r.deal} after ${tricks} tricks`);
      checked += 1;
    }
  }
  assert.ok(checked >= 20, `${checked} endings`);
  // A full deal's is ddTable's; unequal hands are refused.
  const deal = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  assert.deepEqual(new Solver().positionTable(deal).rows, ddTable(deal).rows);
  assert.throws(() => positionTable('N:AK... Q... T... 8...'), (e) => e instanceof DdsError && e.kind === 'Position');
});
