// contractScore and boardInfo: the model's duplicate scoring and the
// dealer and vulnerability of a board number, against the Laws of
// Duplicate Bridge (Law 77's scoring table, Law 2's board cycle) as
// written out here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractScore, boardInfo, DdsError } from 'ddsrs';
import { readHands } from './helpers.mjs';

// [contract, vulnerability, tricks, declarer's side's score], each worked
// out from Law 77: trick score (20 a minor trick, 30 a major, 40 + 30 in
// no trump; x2 doubled, x4 redoubled), game 300 / 500 vulnerable (else 50
// for a part score), slams 500 / 750 and 1000 / 1500, 50 / 100 for making
// doubled / redoubled, overtricks at trick value or 100 / 200 each doubled
// (x2 redoubled), undertricks 50 / 100 each, doubled 100, 200, 200, 300...
// (vulnerable 200, 300...), redoubled twice that.
const LAW_77 = [
  ['4S by N', 'None', 10, 420],        // 120 + 300
  ['4S by N', 'NS', 11, 650],          // 120 + 500 + 30
  ['4SX by N', 'None', 10, 590],       // 240 + 300 + 50
  ['4SXX by N', 'All', 10, 1080],      // 480 + 500 + 100
  ['4SX by N', 'None', 7, -500],       // 100 + 200 + 200
  ['3NT by S', 'All', 10, 630],        // 100 + 500 + 30
  ['2S by W', 'None', 8, 110],         // 60 + 50
  ['2C by N', 'None', 9, 110],         // 40 + 50 + 20
  ['5C by N', 'None', 11, 400],        // 100 + 300
  ['2HX by N', 'None', 8, 470],        // 120 + 300 + 50: doubled into game
  ['1CXX by S', 'None', 8, 430],       // 80 + 50 + 100 + 200
  ['6H by E', 'EW', 12, 1430],         // 180 + 500 + 750
  ['1NTX by N', 'All', 8, 380],        // 80 + 50 + 50 + 200
  ['7NTXX by S', 'All', 13, 2980],     // 880 + 500 + 1500 + 100
  ['3NT by N', 'None', 6, -150],       // 3 x 50
  ['3NT by N', 'NS', 6, -300],         // 3 x 100
  ['3NTX by N', 'None', 8, -100],
  ['3NTX by N', 'None', 7, -300],
  ['3NTX by N', 'None', 6, -500],
  ['3NTX by N', 'None', 5, -800],
  ['3NTX by N', 'EW', 5, -800],        // East-West's vulnerability is not declarer's
  ['3NTX by N', 'NS', 8, -200],
  ['3NTX by N', 'NS', 7, -500],
  ['3NTX by N', 'All', 6, -800],
  ['3NTXX by N', 'All', 6, -1600],
];

test('contractScore: declarer\'s side\'s score is Law 77\'s', () => {
  for (const [contract, vulnerability, tricks, score] of LAW_77) {
    const got = contractScore(contract, vulnerability, tricks);
    assert.equal(got.score, score, `${contract}, ${vulnerability} vulnerable, ${tricks} tricks`);
    assert.equal(got.scoreNs, 'NS'.includes(contract.at(-1)) ? score : -score);
    assert.equal(got.made, score > 0);
  }
});

test('contractScore: North-South\'s score, the result and the contract\'s parts', () => {
  const made = contractScore('4HX by E', 'EW', 10);
  assert.deepEqual(made, {
    contract: '4HX by E', level: 4, strain: 'H', penalty: 'X', declarer: 'E', leader: 'S', vulnerable: true,
    tricks: 10, tricksNeeded: 10, made: true, result: 0, score: 790, scoreNs: -790,
  });
  const down = contractScore('4HX by E', 'EW', 9);
  assert.deepEqual([down.score, down.scoreNs, down.result, down.made], [-200, 200, -1, false]);
  // The contract's other forms, and its parts.
  assert.equal(contractScore('3n-s', 'none', 9).contract, '3NT by S');
  assert.equal(contractScore('4S W', 'Both', 10).score, 620);
  assert.deepEqual(contractScore({ level: 4, strain: 'S', declarer: 'N', penalty: 'X' }, 'None', 10), contractScore('4SX by N', 'None', 10));
  assert.equal(contractScore({ level: 3, strain: 'NT', declarer: 'W' }, undefined, 11).score, 460);
  // Vulnerability left out: none.
  assert.equal(contractScore('2S by W', undefined, 8).score, 110);
  assert.equal(contractScore('7NT by N', 'None', 0).result, -13);
});

test('contractScore: the opening leader is declarer\'s left-hand opponent (Law 41)', () => {
  const leaders = { N: 'E', E: 'S', S: 'W', W: 'N' };
  for (const [declarer, leader] of Object.entries(leaders)) {
    assert.equal(contractScore({ level: 1, strain: 'C', declarer }, 'None', 7).leader, leader);
    assert.equal(contractScore(`3NTX by ${declarer}`, 'All', 0).leader, leader);
  }
  // DDS's list1.txt, first record: West declares in spades, North on lead (`first` 0).
  const [record] = readHands('list1.txt');
  assert.equal(contractScore({ level: 2, strain: record.strain, declarer: 'W' }, record.vulnerability, 8).leader, record.leader);
});

test('contractScore: bad arguments', () => {
  const throws = (f, kind, argument) => assert.throws(f, (e) => e instanceof DdsError && e.kind === kind && e.argument === argument);
  throws(() => contractScore('4S', 'None', 10), 'Parse', 'contract');
  throws(() => contractScore('8S by N', 'None', 10), 'Parse', 'contract');
  throws(() => contractScore(42, 'None', 10), 'Type', 'contract');
  throws(() => contractScore({ level: 8, strain: 'S', declarer: 'N' }, 'None', 10), 'Range', 'contract.level');
  throws(() => contractScore({ level: 4, strain: 'X', declarer: 'N' }, 'None', 10), 'Parse', 'contract.strain');
  throws(() => contractScore({ level: 4, strain: 'S', declarer: 'N', penalty: 'XXX' }, 'None', 10), 'Parse', 'contract.penalty');
  throws(() => contractScore('4S by N', 'Some', 10), 'Parse', 'vulnerability');
  throws(() => contractScore('4S by N', 'None', 14), 'Range', 'tricks');
  throws(() => contractScore('4S by N', 'None', -1), 'Range', 'tricks');
  throws(() => contractScore('4S by N', 'None', 1.5), 'Type', 'tricks');
  throws(() => contractScore('4S by N', 'None'), 'Type', 'tricks');
});

// Law 2: the dealer goes round from North, board 1; the vulnerability of
// boards 1 to 16, repeated every 16 boards.
const CYCLE = ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None', 'EW', 'All', 'None', 'NS', 'All', 'None', 'NS', 'EW'];

test('boardInfo: the dealer and vulnerability of boards 1 to 48', () => {
  for (let board = 1; board <= 48; board++) {
    assert.deepEqual(boardInfo(board), { board, dealer: 'NESW'[(board - 1) % 4], vulnerability: CYCLE[(board - 1) % 16] }, `board ${board}`);
  }
  assert.deepEqual(boardInfo(' 7 '), { board: 7, dealer: 'S', vulnerability: 'All' });
  for (const bad of [0, -1, 1.5, '', 'seven', '0', null, undefined]) {
    assert.throws(() => boardInfo(bad), (e) => e instanceof DdsError && ['Range', 'Type'].includes(e.kind) && e.argument === 'board', String(bad));
  }
});
