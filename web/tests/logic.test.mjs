// The page's own JS without a browser: the text it reads that the package
// does not, its rules of play (against the package's Board), its link and
// its single dummy layouts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, nodePackage } from './helpers.js';
import {
  replay, dealHands, handsDeal, encodeHash, decodeHash, contractScore, randomDeal, seatAfter, boardDealerVul,
} from '../js/bridge.js';
import { classify, readPlainHands, readHandviewer, readDdsFile, boardsToPbn } from '../js/input.js';
import { makeLayouts, population, Tally } from '../js/sd.js';

const LIST1 = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
const dds = await nodePackage();

function read(text) {
  const { kind, text: body } = classify(text);
  if (kind === 'plain') return readPlainHands(body).deal;
  if (kind === 'handviewer') return readHandviewer(body).deal;
  if (kind === 'pbn-deal') return dds.parseDeal(body).deal;
  if (kind === 'lin') return dds.parseLin(body)[0].deal;
  return kind;
}

test('hands in plain text, with or without suit symbols, become the PBN deal', () => {
  const cases = [
    LIST1,
    'QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3',
    'W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652',
    'North: ♠QJ6 ♥K652 ♦J85 ♣1098\nEast: ♠873 ♥J97 ♦A10764 ♣Q4\nSouth: ♠K5 ♥1083 ♦KQ9 ♣A7652\nWest: ♠AT942 ♥AQ4 ♦32 ♣KJ3',
    'N: S QJ6 H K652 D J85 C T98\nE: S 873 H J97 D AT764 C Q4\nS: S K5 H T83 D KQ9 C A7652\nW: S AT942 H AQ4 D 32 C KJ3',
    'West ♠ A T 9 4 2 ♥ A Q 4 ♦ 3 2 ♣ K J 3 North ♠ Q J 6 ♥ K 6 5 2 ♦ J 8 5 ♣ T 9 8 East ♠ 873 ♥ J97 ♦ AT764 ♣ Q4',
    [
      '         ♠ Q J 6', '         ♥ K 6 5 2', '         ♦ J 8 5', '         ♣ 10 9 8',
      '♠ A 10 9 4 2        ♠ 8 7 3', '♥ A Q 4             ♥ J 9 7', '♦ 3 2               ♦ A 10 7 6 4', '♣ K J 3             ♣ Q 4',
      '         ♠ K 5', '         ♥ 10 8 3', '         ♦ K Q 9', '         ♣ A 7 6 5 2',
    ].join('\n'),
    '♠QJ6 ♥K652 ♦J85 ♣T98\n♠AT942 ♥AQ4 ♦32 ♣KJ3  ♠873 ♥J97 ♦AT764 ♣Q4\n♠K5 ♥T83 ♦KQ9 ♣A7652',
    'QJ6 K652 J85 T98\n873 J97 AT764 Q4\nK5 T83 KQ9 A7652\nAT942 AQ4 32 KJ3',
    'https://www.bridgebase.com/tools/handviewer.html?n=sqj6hk652dj85ct98&e=s873hj97dat764cq4&s=sk5ht83dkq9ca7652&w=sat942haq4d32ckj3&d=e&v=n&b=2',
  ];
  for (const text of cases) assert.equal(read(text), LIST1, text);
  // The fourth hand is filled in.
  assert.deepEqual(readPlainHands('QJ6 K652 J85 T98\n873 J97 AT764 Q4\nK5 T83 KQ9 A7652'), { deal: LIST1, note: 'West gets the 13 cards left.' });
});

test('BBO hands: LIN and handviewer links go to the package\'s parseLin', () => {
  const lin = 'md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|';
  const link = 'https://www.bridgebase.com/tools/handviewer.html?lin=pn%7CA%2CB%2CC%2CD%7Cmd%7C3S34JH258TQKD2JQC7%2CS27TKH69D45789KC6%2CS6QH47JD36TAC258J%2C%7Csv%7Cb%7C';
  assert.equal(classify(lin).kind, 'lin');
  assert.equal(classify(link).kind, 'lin');
  assert.equal(read(link), read(lin));
  assert.equal(dds.parseLin(classify(link).text)[0].vulnerability, 'All');
  assert.equal(classify('[Board "1"]\n[Deal "' + LIST1 + '"]').kind, 'pbn-file');
  assert.equal(classify(readFileSync(join(ROOT, 'fixtures/dds-hands/list10.txt'), 'utf8')).kind, 'dds-file');
  assert.equal(classify(`${LIST1}\n${LIST1}`).kind, 'deal-list');
});

test('text that is no deal says what is wrong', () => {
  assert.throws(() => read(''), /Enter a deal/);
  assert.throws(() => read('hello world'), /cannot read the hand "hello"/);
  assert.throws(() => read('North ♠AKQ ♥J2 ♦T98 ♣7654'), /found 1 hand/);
  assert.throws(() => read(LIST1.replace('KJ3', 'KJ2')), /duplicate card \(C2\)/);
});

test('DDS hand files: dealer and vulnerability as DDS numbers them', () => {
  const boards = readDdsFile(readFileSync(join(ROOT, 'fixtures/dds-hands/list10.txt'), 'utf8'));
  assert.equal(boards.length, 10);
  assert.deepEqual(boards[0], { deal: LIST1, dealer: 'N', vul: 'None', board: '1' });
  assert.deepEqual({ dealer: boards[1].dealer, vul: boards[1].vul }, { dealer: 'E', vul: 'NS' });
  // The same dealer and vulnerability as sample/boards.pbn, made from list10.
  const pbn = dds.parsePbn(readFileSync(join(ROOT, 'fixtures/sample/boards.pbn'), 'utf8'));
  boards.forEach((b, i) => assert.deepEqual([b.dealer, b.vul], [pbn[i].dealer, pbn[i].vulnerability === 'Both' ? 'All' : pbn[i].vulnerability]));
  const text = boardsToPbn(boards.slice(0, 2));
  assert.equal(dds.parsePbn(text).length, 2);
});

test('the rules of play agree with the package\'s Board on list10\'s plays', () => {
  const lines = readFileSync(join(ROOT, 'fixtures/dds-hands/list10.txt'), 'utf8').split('\n');
  let checked = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^PBN \d+ \d+ (\d+) (\d+) "([^"]+)"/.exec(lines[i]);
    if (!m) continue;
    const play = lines.slice(i, i + 8).find((l) => l.startsWith('PLAY'));
    const cards = /"([^"]*)"/.exec(play)[1].match(/../g);
    const strain = ['S', 'H', 'D', 'C', 'NT'][Number(m[1])];
    const leader = ['N', 'E', 'S', 'W'][Number(m[2])];
    const hands = dealHands(m[3]);
    let board = new dds.Board(m[3], strain, leader);
    for (let k = 0; k <= cards.length; k++) {
      const pos = replay(hands, strain, leader, cards.slice(0, k));
      assert.equal(pos.error, null);
      assert.equal(pos.toPlay, board.toPlay, `deal ${m[3]} after ${k} cards`);
      assert.deepEqual([...pos.legal].sort(), [...board.legalCards].sort());
      assert.equal(handsDeal(pos.remaining), board.remaining);
      if (k < cards.length) board = board.after(cards[k]);
      checked += 1;
    }
  }
  assert.equal(checked, 395); // every position of the ten PLAY lines
  const bad = replay(dealHands(LIST1), 'S', 'E', ['S3', 'H3']);
  assert.match(bad.error, /South must follow suit/);
  assert.deepEqual(bad.plays, ['S3']);
});

test('the link holds the deal, contract, play and hidden hands', () => {
  const s = { deal: LIST1, dealer: 'E', vul: 'All', board: '7', contract: { level: 3, strain: 'NT', declarer: 'S' }, plays: ['D5', 'D2'], hidden: ['E', 'W'] };
  const hash = encodeHash(s);
  assert.ok(!/[ "<>]/.test(hash), hash);
  assert.deepEqual(decodeHash(hash), s);
  assert.deepEqual(decodeHash('#deal=N:QJ6.K652.J85.T98%20873.J97.AT764.Q4+K5.T83.KQ9.A7652_AT942.AQ4.32.KJ3&vul=both'), { deal: LIST1, vul: 'All' });
  assert.equal(decodeHash('#nothing'), null);
});

test('scores, random deals, board numbers', () => {
  assert.equal(contractScore(4, 'S', 0, false, 10), 420);
  assert.equal(contractScore(3, 'NT', 0, true, 10), 630);
  assert.equal(contractScore(2, 'S', 0, false, 8), 110);
  assert.equal(contractScore(4, 'S', 1, false, 7), -500);
  assert.equal(contractScore(6, 'H', 0, true, 12), 1430);
  assert.equal(contractScore(1, 'NT', 1, true, 8), 380);
  assert.equal(contractScore(7, 'NT', 2, true, 13), 2980);
  for (let i = 0; i < 20; i++) assert.equal(dds.parseDeal(randomDeal()).full, true);
  assert.deepEqual(boardDealerVul(1), { dealer: 'N', vul: 'None' });
  assert.deepEqual(boardDealerVul(16), { dealer: 'W', vul: 'EW' });
  assert.deepEqual(boardDealerVul(17), { dealer: 'N', vul: 'None' });
  assert.equal(seatAfter('W'), 'N');
});

test('single dummy layouts: distinct, all of them when few, the hidden cards only', () => {
  const hands = dealHands(LIST1);
  const sample = makeLayouts(hands, ['E', 'W'], 50, 3);
  assert.equal(sample.population, 10400600);
  assert.equal(new Set(sample.deals).size, 50);
  for (const d of sample.deals) {
    const h = dealHands(dds.parseDeal(d).deal);
    assert.deepEqual(h.N, hands.N);
    assert.deepEqual(h.S, hands.S);
    assert.equal(h.E.length, 13);
  }
  assert.deepEqual(makeLayouts(hands, ['E', 'W'], 50, 3).deals, sample.deals, 'seeded');
  const ending = dealHands('N:QJ6.K6.J. K98.A.T.Q A7.T8.9.2 T54.Q4.3.');
  const all = makeLayouts(ending, ['N', 'S'], 1000);
  assert.equal(all.population, 924);
  assert.equal(all.all, true);
  assert.equal(new Set(all.deals).size, 924);
  assert.equal(population([3, 3, 3]), 1680);
  const t = new Tally({ size: 13 });
  t.add({ rows: dds.ddTable(LIST1).rows });
  assert.equal(t.mean('S', 'W'), 8);
  assert.equal(t.chance('S', 'W', 8, 10).p, 1);
});
