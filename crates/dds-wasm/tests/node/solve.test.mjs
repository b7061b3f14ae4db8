// solveBoard against DDS's SolveBoard (the FUT lines: every card of the
// opening lead, solutions 3), and the other targets and solutions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { solveBoard, Solver, Board } from 'ddsrs';
import { readHands } from './helpers.mjs';

for (const file of ['list10.txt', 'list100.txt']) {
  test(`solveBoard equals the FUT lines of ${file}`, () => {
    for (const [i, r] of readHands(file).filter((r) => r.fut).entries()) {
      const got = solveBoard(r.deal, r.strain, r.leader);
      const cards = got.cards.map(({ card, tricks, equals }) => ({ card, tricks, equals }));
      assert.deepEqual(cards, r.fut, `${file} record ${i + 1}: ${r.deal} ${r.strain} ${r.leader}`);
    }
  });
}

test('targets and solutions are DDS\'s', () => {
  const [r] = readHands('list10.txt');
  const best = solveBoard(r.deal, r.strain, r.leader, [], -1, 1);
  assert.equal(best.cards.length, 1);
  assert.equal(best.cards[0].tricks, r.fut[0].tricks);
  const optimal = solveBoard(r.deal, r.strain, r.leader, [], -1, 2);
  assert.deepEqual(optimal.cards.map((c) => c.card), r.fut.filter((c) => c.tricks === r.fut[0].tricks).map((c) => c.card));
  const legal = solveBoard(r.deal, r.strain, r.leader, [], 0, 3);
  assert.equal(legal.cards.length, r.fut.length);
  const none = solveBoard(r.deal, r.strain, r.leader, undefined, 13, 2);
  assert.deepEqual(none.cards, []);
});

test('a position inside a trick: the cards played, as an array (a string is a type error)', () => {
  // From N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3,
  // North leads the ten of clubs; East plays the queen or the four.
  const remaining = 'N:QJ6.K652.J85.98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  const a = solveBoard(remaining, 'S', 'N', ['CT']).cards;
  const b = solveBoard(remaining, 's', 'North', ['c10']).cards;
  assert.deepEqual(a, b);
  assert.throws(() => solveBoard(remaining, 'S', 'N', 'C10'), (e) => e.kind === 'Type' && e.argument === 'played');
  assert.deepEqual(a.map((c) => c.card).sort(), ['C4', 'CQ']);
  const board = new Board(remaining, 'S', 'N', ['CT']);
  assert.equal(board.toPlay, 'E');
  assert.equal(board.winning, 'N');
  assert.deepEqual(board.played, ['CT']);
  assert.deepEqual([...board.legalCards].sort(), ['C4', 'CQ']);
  assert.equal(board.tricksLeft, 13);
  assert.deepEqual(new Solver().solve(board).cards, a);
  const next = board.after('C4');
  assert.equal(next.toPlay, 'S');
  assert.equal(next.hand('E'), '873.J97.AT764.Q');
});

test('a Solver keeps its table warm along a play, with the answers of a fresh one', () => {
  const [r] = readHands('list10.txt');
  const warm = new Solver();
  let board = new Board(r.deal, r.strain, r.leader);
  let warmNodes = 0;
  let coldNodes = 0;
  for (const card of r.play.slice(0, 24)) {
    const fresh = new Solver();
    const before = warm.nodes;
    const answer = warm.solve(board);
    warmNodes += warm.nodes - before;
    const again = fresh.solve(board);
    coldNodes += fresh.nodes;
    fresh.free();
    const scores = (solution) => solution.cards.map((c) => `${c.card} ${c.tricks}`).sort();
    assert.deepEqual(scores(answer), scores(again));
    board = board.after(card);
  }
  assert.ok(warmNodes < coldNodes, `warm ${warmNodes} nodes, fresh ${coldNodes}`);
});
