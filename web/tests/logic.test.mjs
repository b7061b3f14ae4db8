// The page's own JS without a browser: the text it reads that the package
// does not, its link, and what it hands to the package's layouts. (The
// rules it shows, the play, scores, board numbers and the single dummy
// figures, are the package's: page.test.mjs checks what the page shows.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, nodePackage } from './helpers.js';
import { dealHands, handsDeal, encodeHash, decodeHash, randomDeal, seatAfter } from '../js/bridge.js';
import { classify as classifyAs, classifyFile as classifyFileAs, readPlainHands, readDealList, boardsToPbn, fileProblem, oneLine, distinctBoards, decodeFile } from '../js/input.js';
import { recordOf, recordContract, playersOf, recordCards, onRecord, stepRecord, auctionRows, callHtml } from '../js/record.js';
import { positionDeal, runOptions, cellOf, sdPick, countChoices } from '../js/sd.js';
import {
  normaliseVul, linBoards, pbnBoards, ddsBoards, settleBoard, boardsMessage, unknownHandsMessage, linkTables,
} from '../js/boards.js';
import { keyAction, cardFocusStep } from '../js/keys.js';

const LIST1 = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
const dds = await nodePackage();
// The page's classify with the package's detectFormat, as files.js calls them.
const classify = (text) => classifyAs(text, dds.detectFormat(text));
const classifyFile = (text, fileName) => classifyFileAs(text, fileName, dds.detectFormat(text));

function read(text) {
  const { kind, text: body } = classify(text);
  if (kind === 'plain') return readPlainHands(body).deal;
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
  const boards = ddsBoards(dds.parseDdsHands(readFileSync(join(ROOT, 'fixtures/dds-hands/list10.txt'), 'utf8')));
  assert.equal(boards.length, 10);
  assert.deepEqual(boards[0], { deal: LIST1, dealer: 'N', vul: 'None', board: '1' });
  assert.deepEqual({ dealer: boards[1].dealer, vul: boards[1].vul }, { dealer: 'E', vul: 'NS' });
  // The same dealer and vulnerability as sample/boards.pbn, made from list10.
  const pbn = dds.parsePbn(readFileSync(join(ROOT, 'fixtures/sample/boards.pbn'), 'utf8'));
  boards.forEach((b, i) => assert.deepEqual([b.dealer, b.vul], [pbn[i].dealer, pbn[i].vulnerability === 'Both' ? 'All' : pbn[i].vulnerability]));
  const text = boardsToPbn(boards.slice(0, 2));
  assert.equal(dds.parsePbn(text).length, 2);
  // A line that does not read is a board that says why; the others are read.
  const bad = ddsBoards(dds.parseDdsHands(`PBN 0 7 0 0 "${LIST1}"\nTABLE 1\nPBN 1 3 0 0 "${LIST1}"`));
  assert.deepEqual(bad, [
    { deal: null, board: '1', error: 'line 1: vulnerability "7" is not 0-3' },
    { deal: LIST1, dealer: 'E', vul: 'EW', board: '2' },
  ]);
});

test('the link holds the deal, contract, play and hidden hands', () => {
  const s = { deal: LIST1, dealer: 'E', vul: 'All', board: '7', contract: { level: 3, strain: 'NT', declarer: 'S' }, plays: ['D5', 'D2'], hidden: ['E', 'W'] };
  const hash = encodeHash(s);
  assert.ok(!/[ "<>]/.test(hash), hash);
  assert.deepEqual(decodeHash(hash), s);
  // A doubled contract and a recorded play with its claim.
  const rec = { ...s, contract: { level: 4, strain: 'S', declarer: 'N', penalty: 'X' }, record: ['D5', 'D2', 'DA'], claim: 10 };
  assert.match(encodeHash(rec), /contract=4SX-N&.*record=D5D2DA&claim=10/);
  assert.deepEqual(decodeHash(encodeHash(rec)), rec);
  assert.deepEqual(decodeHash('#deal=N:QJ6.K652.J85.T98%20873.J97.AT764.Q4+K5.T83.KQ9.A7652_AT942.AQ4.32.KJ3&vul=both'), { deal: LIST1, vul: 'All' });
  assert.equal(decodeHash('#nothing'), null);
});

test('review of issue 40: the link\'s claim is 0 to 13 tricks; another is left out and named', () => {
  const base = `#deal=${LIST1.replace(/ /g, '_')}&contract=3NT-S`;
  assert.equal(decodeHash(`${base}&claim=0`).claim, 0);
  assert.equal(decodeHash(`${base}&claim=13`).claim, 13);
  assert.equal(decodeHash(`${base}&claim=13`).ignored, undefined);
  for (const bad of ['99', '14', '-1', 'abc', '']) {
    const h = decodeHash(`${base}&claim=${bad}`);
    assert.equal(h.claim, undefined, bad);
    assert.deepEqual(h.ignored, [`claim=${bad} (a claim is 0 to 13 tricks)`], bad);
    // The rest of the link is kept.
    assert.deepEqual(h.contract, { level: 3, strain: 'NT', declarer: 'S' });
  }
});

test('random deals, and lists of deals numbered from 1', () => {
  for (let i = 0; i < 20; i++) assert.equal(dds.parseDeal(randomDeal()).full, true);
  assert.equal(handsDeal(dealHands(LIST1)), LIST1);
  assert.equal(seatAfter('W'), 'N');
  // The page takes a numbered board's dealer and vulnerability from the package's boardInfo.
  assert.deepEqual(readDealList(`${LIST1}\n\n${LIST1}\n`), [{ deal: LIST1, board: '1' }, { deal: LIST1, board: '2' }]);
});

test('single dummy: the deal and options handed to the package\'s layouts, its figures read back', () => {
  const deal = positionDeal(dealHands(LIST1));
  assert.equal(deal, LIST1);
  assert.equal(dds.countLayouts(deal, ['E', 'W']).population, 10400600);
  assert.deepEqual(runOptions({ count: 20, seed: 3, population: 10400600, vulnerability: 'NS', hide: ['E', 'W'] }), { table: true, seed: 3, vulnerability: 'NS', hide: ['E', 'W'], sample: 20 });
  // As many as there are: every one, in the package's own order.
  assert.deepEqual(runOptions({ count: 100, seed: 1, population: 20, vulnerability: 'None', hide: ['N', 'S'] }), { table: true, seed: 1, vulnerability: 'None', hide: ['N', 'S'] });
  // The figures read back: East and West share six unknown cards (20 layouts); North declares spades.
  const summary = dds.layouts('N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98', { strain: 'S', leader: 'E' });
  assert.equal(cellOf(summary, 'S', 'N').mean, 10.2); // 10 tricks in 16 layouts, 11 in 4
  assert.equal(cellOf(summary, 'NT', 'S'), null);
  assert.equal(cellOf(null, 'NT', 'S'), null);
});

test('files: binary and empty ones are told apart before reading, messages on one line', () => {
  assert.equal(fileProblem(new Uint8Array()), 'the file is empty');
  assert.match(fileProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70])), /^it is not a text file/);
  assert.match(fileProblem(Uint8Array.from({ length: 100 }, (_, i) => (i % 3 ? 65 : 2))), /^it is not a text file/);
  // Latin-1 and UTF-8 text are text.
  assert.equal(fileProblem(new TextEncoder().encode('[Event "Café"]\n')), null);
  assert.equal(fileProblem(Uint8Array.from([0x5b, 0x45, 0xe9, 0x0d, 0x0a, 0x09])), null);
  assert.equal(oneLine('a\nb'), 'a');
  assert.equal(oneLine('x'.repeat(300)).length, 200);
  // A PBN file with no game is a PBN file (the package's parsePbn says it has no games).
  assert.equal(classify('% PBN 2.1\n% EXPORT\n').kind, 'pbn-file');
  assert.equal(classify('[Event "x"]\n[Board "1"]\n').kind, 'pbn-file');
});

test('the recorded play: its contract, who played each card, the cost of each card, steps through it', () => {
  assert.equal(recordOf({ deal: LIST1, play: [], auction: null, contract: null, passedOut: false }), null);
  const info = { level: 4, strain: 'S', penalty: 'X', declarer: 'W', leader: 'N', text: '4SX by W' };
  const rec = recordOf({ deal: LIST1, auction: ['1S', 'P'], contract: info, passedOut: false, play: ['CT', 'C4'], claim: 8 });
  assert.deepEqual(rec, { contract: info, passedOut: false, auction: ['1S', 'P'], play: ['CT', 'C4'], claim: 8, playError: null });
  // The opening leader is the package's (parseLin's contract.leader).
  assert.deepEqual(recordContract(info), { level: 4, strain: 'S', declarer: 'W', penalty: 'X', leader: 'N' });
  assert.deepEqual(recordContract({ ...info, penalty: '' }), { level: 4, strain: 'S', declarer: 'W', leader: 'N' });
  // Who plays each card while analysePlay solves: the package's replay of the cards before it.
  const play = ['CT', 'C4', 'CA', 'CJ', 'H8', 'H4'];
  const seats = playersOf(play, (p) => dds.replay(LIST1, 'S', 'N', p));
  assert.deepEqual(seats, [
    { seat: 'N', trick: 0 }, { seat: 'E', trick: 0 }, { seat: 'S', trick: 0 }, { seat: 'W', trick: 0 },
    { seat: 'S', trick: 1 }, { seat: 'W', trick: 1 },
  ]);
  assert.deepEqual(recordCards(['CT'], seats, null)[0], { card: 'CT', seat: 'N', trick: 0, after: null, change: null });
  // Then analysePlay's cards: the seat, trick, tricks after and change for the card's side, as the package gives them.
  const analysed = dds.analysePlay(LIST1, 'S', 'N', play);
  const shown = recordCards(play, seats, analysed.cards);
  assert.deepEqual(shown.map((c) => [c.seat, c.trick]), seats.map((p) => [p.seat, p.trick]));
  assert.deepEqual(shown.map((c) => c.after), analysed.tricks.slice(1));
  assert.deepEqual(shown.map((c) => c.change), analysed.cards.map((c) => c.change));
  // Made-up cards of analysePlay: the panel keeps the package's change (it flips no signs itself).
  const made = [{ card: 'CT', seat: 'N', trick: 1, tricks: 8, change: 0 }, { card: 'C4', seat: 'E', trick: 1, tricks: 9, change: -1 }];
  assert.deepEqual(recordCards(['CT', 'C4'], [], made), [
    { card: 'CT', seat: 'N', trick: 0, after: 8, change: 0 }, { card: 'C4', seat: 'E', trick: 0, after: 9, change: -1 },
  ]);
  // Steps: the record of six cards, the play at its fifth card (a trick done, one card of the next).
  const at = (n) => play.slice(0, n);
  assert.equal(onRecord(play, at(3)), true);
  assert.equal(onRecord(play, ['CT', 'C2']), false);
  assert.deepEqual(stepRecord(play, at(5), 'back', 4), at(4));
  assert.deepEqual(stepRecord(play, at(5), 'trick-back', 4), at(4));
  assert.deepEqual(stepRecord(play, at(4), 'trick-back', 4), at(0));
  assert.deepEqual(stepRecord(play, at(5), 'forward', 4), at(6));
  assert.deepEqual(stepRecord(play, at(1), 'trick-forward', 0), at(4));
  assert.deepEqual(stepRecord(play, at(4), 'trick-forward', 4), at(6));
  assert.deepEqual(stepRecord(play, at(2), 'end', 0), play);
  assert.deepEqual(stepRecord(play, at(2), 'start', 0), []);
  assert.equal(stepRecord(play, at(0), 'start', 0), null);
  // At the start there is nothing to go back to: a card or a trick.
  assert.equal(stepRecord(play, at(0), 'back', 0), null);
  assert.equal(stepRecord(play, at(0), 'trick-back', 0), null);
  assert.equal(stepRecord([], [], 'trick-back', 0), null);
  assert.equal(stepRecord(play, play, 'forward', 4), null);
  // Off the record: back works, forward does not.
  assert.equal(stepRecord(play, ['CT', 'C2'], 'forward', 0), null);
  assert.deepEqual(stepRecord(play, ['CT', 'C2'], 'back', 0), ['CT']);
});

test('the auction as BBO shows it: columns W N E S, the dealer\'s first', () => {
  assert.deepEqual(auctionRows(['1S', 'P', '4S', 'P', 'P', 'P'], 'N'), {
    columns: ['W', 'N', 'E', 'S'],
    rows: [[null, '1S', 'P', '4S'], ['P', 'P', 'P']],
  });
  assert.deepEqual(auctionRows(['P'], 'W').rows, [['P']]);
  assert.equal(callHtml('P'), 'Pass');
  assert.equal(callHtml('X'), 'Dbl');
  assert.equal(callHtml('XX'), 'Rdbl');
  assert.equal(callHtml('3NT'), '3NT');
  assert.equal(callHtml('2H'), '2<span class="red">\u2665</span>');
  // The calls as the package writes them, whatever the LIN's spelling (d, r, p, 1n, 2c!): the page reads none itself.
  const board = dds.parseLin('md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|mb|1n|mb|d|mb|r|mb|p|mb|2c!|mb|p|mb|p|mb|p|')[0];
  assert.deepEqual(board.auction.map(callHtml), ['1NT', 'Dbl', 'Rdbl', 'Pass', '2<span>\u2663</span>', 'Pass', 'Pass', 'Pass'].map((c) => c.replace('<span>', '<span class="black">')));
  // Anything else is not a call of the package's: shown as it is (escaped), not read again.
  for (const other of ['D', 'R', 'PASS', 'Dbl', '3N', '1S!']) assert.equal(callHtml(other), other);
  assert.equal(callHtml('<b>'), '&lt;b&gt;');
});

test('review of issue 40: a file that is not UTF-8 is ISO 8859-1, each byte its own character (0x80 to 0x9F too), as the model reads it', () => {
  // Bytes 0x80 to 0x9F, which windows-1252 (a browser's TextDecoder('iso-8859-1')) reads as \u20ac, \u201a, ...
  // (Node's TextDecoder reads them as ISO 8859-1: page.test.mjs checks the page in Chromium.)
  const high = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
  const text = decodeFile(high);
  assert.equal(text.length, 32);
  assert.deepEqual([...text].map((c) => c.codePointAt(0)), [...high]);
  assert.notEqual(text[0], '\u20ac');
  // A whole file, longer than one piece of the decoding: Node's latin1 (ISO 8859-1) reading of the same bytes.
  const tag = Buffer.from('[Event "Caf\u00e9 \u0080\u009f"]\n', 'latin1');
  const game = Buffer.from(`[Board "1"]\n[Deal "${LIST1}"]\n\n`, 'latin1');
  const file = Buffer.concat([tag, ...Array(400).fill(game)]);
  assert.ok(file.length > 20000);
  const decoded = decodeFile(new Uint8Array(file));
  assert.equal(decoded, file.toString('latin1'));
  assert.equal(dds.parsePbn(decoded)[0].event, 'Caf\u00e9 \u0080\u009f');
  // Valid UTF-8 stays UTF-8.
  assert.equal(decodeFile(new TextEncoder().encode('Caf\u00e9 \u20ac')), 'Caf\u00e9 \u20ac');
});

test('a traveller file\'s games: one entry a board, its tables\' records', () => {
  const rec = (level) => ({ contract: { level, strain: 'S', declarer: 'W' }, play: [] });
  const game = (board, level, extra = {}) => ({ deal: LIST1, board, dealer: 'N', vul: 'None', record: rec(level), ...extra });
  // The package's copyOf (game indices here, from 0) says which games repeat which.
  const byPackage = distinctBoards([game('1', 2, { copyOf: null }), game('1', 3, { copyOf: 0 }), game('2', 4, { copyOf: null }), game('1', 1, { copyOf: 0 })]);
  assert.deepEqual(byPackage.map((b) => [b.board, b.games, b.tables.map((t) => t.contract.level)]), [['1', 3, [2, 3, 1]], ['2', 1, [4]]]);
  // Formats the package does not read (no copyOf) keep every board, bad ones too.
  const read = distinctBoards([game('1', 2), game('1', 3), { deal: null, error: 'bad', board: '1' }]);
  assert.deepEqual(read.map((b) => [b.games, b.tables.length]), [[1, 1], [1, 1], [1, 0]]);
});

test('issue 41: a board\'s dealer and vulnerability: stated, else its number\'s (the package\'s boardInfo), else the user\'s choice, else North and none', () => {
  // Board 6: East deals, E-W vulnerable (the package's boardInfo, the laws' rotation).
  const info = dds.boardInfo('6');
  const six = { dealer: info.dealer, vul: info.vulnerability };
  assert.deepEqual(six, { dealer: 'E', vul: 'EW' });
  // What the board states wins over its number and the user's choice.
  assert.deepEqual(settleBoard({ dealer: 'W', vul: 'both', board: '6' }, six, { dealer: 'S', vul: 'NS' }),
    { dealer: 'W', vul: 'All', assumed: { dealer: false, vul: false } });
  assert.deepEqual(settleBoard({ board: '6' }, six, { dealer: 'S' }), { dealer: 'E', vul: 'EW', assumed: { dealer: false, vul: false } });
  // Nothing stated, no number: the user's choice where made, else the default, and which it was.
  assert.deepEqual(settleBoard({}, {}, { dealer: 'S' }), { dealer: 'S', vul: 'None', assumed: { dealer: 'chosen', vul: 'default' } });
  assert.deepEqual(settleBoard({ dealer: 'x', vul: 'nonsense' }), { dealer: 'N', vul: 'None', assumed: { dealer: 'default', vul: 'default' } });
  assert.deepEqual(['none', 'NS', 'ew', 'Both', 'all', '', 'x'].map(normaliseVul), ['None', 'NS', 'EW', 'All', 'All', null, null]);
});

test('issue 41: the package\'s games as the page\'s boards, and what the page says of them', () => {
  const pbn = dds.parsePbn(readFileSync(join(ROOT, 'fixtures/sample/boards.pbn'), 'utf8'));
  const boards = pbnBoards(pbn);
  assert.equal(boards.length, pbn.length);
  boards.forEach((b, i) => {
    assert.equal(b.deal, pbn[i].deal);
    assert.equal(b.board, pbn[i].board ?? String(i + 1));
    assert.equal(b.copyOf, null);
  });
  // A game without a deal (nor a board number) says so, numbered by its place in the file.
  const [noDeal] = pbnBoards([{ game: 4, deal: null }]);
  assert.equal(noDeal.board, '5');
  assert.equal(noDeal.error, 'no deal in this game');
  // The package's copyOf (a game number from 1) as the index of that game.
  assert.equal(pbnBoards([{ game: 2, deal: LIST1, board: '1', copyOf: 1 }])[0].copyOf, 0);
  const lin = linBoards(dds.parseLin('md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|sv|b|ah|Board 3|'));
  assert.equal(lin.length, 1);
  assert.equal(lin[0].vul, 'All');
  assert.equal(lin[0].dealer, 'N'); // md|3: North deals (LIN numbers the seats from South)
  assert.equal(boardsMessage('club.pbn', 2, 5), "club.pbn: 2 boards (5 games: a board's copies are its tables)");
  assert.equal(boardsMessage(null, 1, 1), '1 board');
  assert.match(unknownHandsMessage(['E', 'S', 'W']), /^This deal cannot be analysed: East, South and West are unknown/);
  assert.match(unknownHandsMessage(['N']), /: North is unknown/);
});

test('issue 41: a link\'s record is the board\'s one table; the single dummy panel\'s cell', () => {
  const h = decodeHash(`#deal=${LIST1.replace(/ /g, '_')}&contract=3NT-S&record=D5D2&claim=9`);
  assert.deepEqual(linkTables(h), [{ contract: h.contract, passedOut: false, auction: null, play: ['D5', 'D2'], claim: 9, playError: null }]);
  assert.equal(linkTables(decodeHash(`#deal=${LIST1.replace(/ /g, '_')}&contract=3NT-S&claim=0`))[0].claim, 0);
  assert.deepEqual(linkTables(decodeHash(`#deal=${LIST1.replace(/ /g, '_')}&contract=3NT-S`)), []);
  assert.deepEqual(linkTables(decodeHash(`#deal=${LIST1.replace(/ /g, '_')}&record=D5D2`)), []);
  const contract = { declarer: 'W', strain: 'H', level: 4 };
  assert.deepEqual(sdPick({ pick: { declarer: 'N', strain: 'C' } }, contract), { declarer: 'N', strain: 'C' });
  assert.deepEqual(sdPick({}, contract), { declarer: 'W', strain: 'H' });
  assert.deepEqual(sdPick({}, null), { declarer: 'S', strain: 'NT' });
});

test('issue 41: a file named .pbn is a PBN file whatever it holds; other text that reads as hands is no file', () => {
  const notes = 'just some notes\nabout a bridge club';
  assert.equal(classify(notes).kind, 'plain');
  assert.equal(classifyFile(notes, 'club.PBN').kind, 'pbn-file');
  assert.equal(classifyFile(notes, 'club.pbn').text, classify(notes).text);
  assert.equal(classifyFile(notes, 'notes.txt').kind, 'plain');
  assert.equal(classifyFile(notes).kind, 'plain');
  // Text of another kind keeps its kind, whatever the file's name.
  assert.equal(classifyFile(LIST1, 'deal.pbn').kind, 'pbn-deal');
  assert.equal(classifyFile('md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|', 'x.pbn').kind, 'lin');
});

test('issue 41: the keys: steps through the play and the file\'s boards; the arrows between the cards', () => {
  const steps = [['ArrowLeft', false, 'back'], ['ArrowLeft', true, 'trick-back'], ['Backspace', false, 'back'], ['ArrowUp', false, 'trick-back'],
    ['ArrowRight', false, 'forward'], ['ArrowRight', true, 'trick-forward'], ['ArrowDown', false, 'trick-forward'], ['End', false, 'end'], ['Home', false, 'start']];
  for (const [key, shift, step] of steps) assert.deepEqual(keyAction(key, shift), { step }, key);
  assert.deepEqual(keyAction('['), { board: -1 });
  assert.deepEqual(keyAction(']'), { board: 1 });
  for (const key of ['a', 'Enter', 'constructor', 'toString', ' ']) assert.equal(keyAction(key), null, key);
  assert.deepEqual(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'Home', 'x'].map(cardFocusStep), [-1, -1, 1, 1, 0, 0]);
});

test('issue 41: the numbers of layouts the single dummy panel offers: samples below the population, every one up to 20,000', () => {
  // The populations are the package's countLayouts: E-W's 26 cards, and six unknown cards.
  const all = dds.countLayouts(LIST1, ['E', 'W']).population;
  assert.equal(all, 10400600);
  assert.deepEqual(countChoices(all), [20, 50, 100, 200, 500, 1000, 5000]);
  const six = dds.countLayouts('N:AKQ... JT9... 876... 543...', ['E', 'W']).population;
  assert.equal(six, 20);
  assert.deepEqual(countChoices(six), [20]);
  assert.deepEqual(countChoices(700), [20, 50, 100, 200, 500, 700]);
  assert.deepEqual(countChoices(20000), [20, 50, 100, 200, 500, 1000, 5000, 20000]);
  assert.deepEqual(countChoices(20001), [20, 50, 100, 200, 500, 1000, 5000]);
});


test('issue 41: the kinds of file are the package\'s detectFormat (the dds command\'s): the first line that is not blank or a comment tells', () => {
  // DDS's hand files may start with NUMBER; PBN files with a comment; LIN anywhere among deal lines is LIN.
  assert.equal(classify(`NUMBER 1\nPBN 0 0 0 1 "${LIST1}"\n`).kind, 'dds-file');
  assert.equal(classify(`{ made by hand }\n[Deal "${LIST1}"]\n`).kind, 'pbn-file');
  assert.equal(classify('a title\nmd|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|').kind, 'lin');
  // A deal line first: deal lines, as `dds` reads the text (a tag or a hand line later is no PBN or hand file).
  assert.equal(classify(`${LIST1}\n[Deal "${LIST1}"]\n`).kind, 'plain');
  assert.equal(classify(`${LIST1}\nPBN 0 0 0 1 "${LIST1}"\n`).kind, 'plain');
  // Deal lines skip blank lines and # comments only, as `dds` reads them: a % line is no deal.
  assert.equal(classify(`# two\n${LIST1}\n\n${LIST1}\n`).kind, 'deal-list');
  assert.equal(classify(`% two\n${LIST1}\n${LIST1}\n`).kind, 'plain');
  assert.deepEqual(readDealList(`# one\n${LIST1}\n`), [{ deal: LIST1, board: '1' }]);
  // A link that holds no board for the package is no deal.
  assert.throws(() => classify('https://www.bridgebase.com/tools/handviewer.html'), /this link holds no board/);
});
