// The contract and play a LIN board or a PBN game records (issue 40):
// parseLin reads BBO's auction (mb|), played cards (pc|) and claim (mc|),
// parsePbn the Contract, Declarer and Play tags, and the play feeds
// analysePlay. The expected orders are worked by hand below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLin, parsePbn, analysePlay, replay, ddTable } from 'ddsrs';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';

// A BBO movie of the deal: North deals (md|3), hands South, West, North
// (East's is the rest). West opens 1S in fourth seat, East raises with an
// alert and its annotation, South doubles, East redoubles: 2SXX by West
// (the first of East-West to name spades). North leads.
const LIN = 'pn|Sud,Ouest,Nord,Est|st||md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|rh||ah|Board 1|sv|o|'
  + 'mb|p|mb|p|mb|p|mb|1S|mb|p|mb|2S!|an|constructive|mb|d|mb|p|mb|p|mb|r|mb|p|mb|p|mb|p|pg||'
  + 'pc|CT|pc|C4|pc|CA|pc|CJ|pg||pc|d9|pc|D2|pc|D5|pc|DA|pg||pc|H7|pc|H3|pc|HA|pc|H2|pg||mc|8|';

// By hand: trick 1 N CT, E C4, S CA, W CJ: South's ace wins. Trick 2 from
// South: D9, D2, D5, East's DA wins. Trick 3 from East: H7, H3, West's
// HA, H2.
const LIN_PLAY = ['CT', 'C4', 'CA', 'CJ', 'D9', 'D2', 'D5', 'DA', 'H7', 'H3', 'HA', 'H2'];

test('parseLin reads the auction, contract, play and claim of a BBO movie', () => {
  const [board] = parseLin(LIN);
  assert.equal(board.error, undefined);
  assert.equal(board.deal, DEAL);
  assert.deepEqual(board.auction, ['P', 'P', 'P', '1S', 'P', '2S', 'X', 'P', 'P', 'XX', 'P', 'P', 'P']);
  assert.deepEqual(board.contract, { level: 2, strain: 'S', penalty: 'XX', declarer: 'W', leader: 'N', text: '2SXX by W' });
  assert.equal(board.passedOut, false);
  assert.deepEqual(board.play, LIN_PLAY);
  assert.equal(board.claim, 8);
  assert.equal(board.playError, null);
  // The same board in a handviewer link.
  const [linked] = parseLin(`https://www.bridgebase.com/tools/handviewer.html?lin=${encodeURIComponent(LIN)}`);
  assert.deepEqual(linked, board);
});

test('the recorded play of a LIN board feeds analysePlay and replay', () => {
  const [board] = parseLin(LIN);
  // The contract names its opening leader: West declares, North leads.
  const { strain, leader } = board.contract;
  assert.equal(leader, 'N');
  const replayed = replay(board.deal, strain, leader, board.play);
  assert.equal(replayed.error, null);
  assert.deepEqual(replayed.tricks.map((t) => t.winner), ['S', 'E', 'W']);
  const analysis = analysePlay(board.deal, strain, leader, board.play);
  assert.equal(analysis.declarer, 'W');
  assert.equal(analysis.tricks.length, LIN_PLAY.length + 1);
  // Before the lead: West's spade tricks in the double dummy table (8).
  assert.equal(analysis.tricks[0], ddTable(board.deal).tricks.S.W);
  assert.equal(analysis.tricks[0], 8);
  // Each card with the seat that played it, by hand as above: trick 1 from
  // North, trick 2 from South, trick 3 from East.
  assert.deepEqual(analysis.cards.map((c) => c.card), LIN_PLAY);
  assert.deepEqual(analysis.cards.map((c) => c.seat).join(''), 'NESWSWNEESWN');
  assert.deepEqual(analysis.cards.map((c) => c.trick), [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
  assert.deepEqual(analysis.cards.map((c) => c.tricks), analysis.tricks.slice(1));
});

test('a contract names its opening leader, declarer\'s left-hand opponent', () => {
  // Whoever declares, in LIN (the auction) and in PBN (the Declarer tag).
  const lho = { N: 'E', E: 'S', S: 'W', W: 'N' };
  for (const [i, declarer] of ['N', 'E', 'S', 'W'].entries()) {
    // North deals (md|3): declarer opens 3NT after i passes, all pass.
    const calls = [...Array(i).fill('p'), '3N', 'p', 'p', 'p'].map((c) => `mb|${c}|`).join('');
    const [board] = parseLin(`md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|${calls}`);
    assert.equal(board.contract.declarer, declarer);
    assert.equal(board.contract.leader, lho[declarer], `LIN, ${declarer} declares`);
    const [game] = parsePbn(`[Deal "${DEAL}"]\n[Declarer "${declarer}"]\n[Contract "4HX"]\n`);
    assert.deepEqual([game.contract.declarer, game.contract.leader], [declarer, lho[declarer]], `PBN, ${declarer} declares`);
  }
});

test('a LIN board whose auction or play cannot be read keeps its deal and says why', () => {
  const [board] = parseLin('md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|mb|1S|mb|1H|pc|CT|pc|C44|');
  assert.equal(board.error, undefined);
  assert.equal(board.deal, DEAL);
  assert.equal(board.contract, null);
  // The auction holds only the calls before the one against the rules.
  assert.deepEqual(board.auction, ['1S']);
  assert.equal(board.playError, "call 2 of the auction, East's 1H, is not higher than the bid before it");
  assert.deepEqual(board.play, ['CT']);
  // A call after the auction ended: the auction before it, and its contract.
  const [after] = parseLin('md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|mb|p|mb|1N|mb|p|mb|p|mb|p|mb|2C|');
  assert.deepEqual(after.auction, ['P', '1NT', 'P', 'P', 'P']);
  assert.equal(after.contract.text, '1NT by E');
  assert.equal(after.playError, 'call 6 of the auction comes after the auction ended');
  const [passed] = parseLin('md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|mb|p|mb|p|mb|p|mb|p|');
  assert.deepEqual([passed.contract, passed.passedOut, passed.play, passed.claim], [null, true, [], null]);
  const [none] = parseLin('md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|');
  assert.deepEqual([none.auction, none.contract, none.passedOut, none.play, none.playError], [null, null, false, [], null]);
});

// A PBN game of the same deal: 2S by West, North leads ([Play "N"]): each
// line a trick, the columns North, East, South, West whoever leads; notes,
// glyphs, marks and comments between the cards; a claim after South's
// lead to trick 5 (`-` for the cards not played, `*` the end).
const PBN = `% PBN 2.1
[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "${DEAL}"]
[Declarer "W"]
[Contract "2S"]
[Result "8"]
[Play "N"]
CT C4 CA CJ
D5 DA! D9 =1= D2
H2 H7 H3 HA $2 {West wins with the ace}
S6 S3 SK? S2
- - C2 -
*
[Note "1:a low diamond"]
`;

// By hand: trick 1 as above, South wins; trick 2 from South: S D9, W D2,
// N D5, E DA: East wins; trick 3 from East: E H7, S H3, W HA, N H2: West
// wins; trick 4 from West: W S2, N S6, E S3, S SK: South wins and leads
// the club 2 to trick 5.
const PBN_PLAY = [...LIN_PLAY.slice(0, 8), 'H7', 'H3', 'HA', 'H2', 'S2', 'S6', 'S3', 'SK', 'C2'];

test('parsePbn reads Contract, Declarer and the Play section in the order played', () => {
  const [game] = parsePbn(PBN);
  assert.equal(game.error, undefined);
  assert.deepEqual(game.contract, { level: 2, strain: 'S', penalty: '', declarer: 'W', leader: 'N', text: '2S by W' });
  assert.equal(game.passedOut, false);
  assert.deepEqual(game.play, PBN_PLAY);
  assert.equal(game.playError, null);
  const analysis = analysePlay(game.deal, game.contract.strain, game.contract.leader, game.play);
  assert.equal(analysis.tricks.length, PBN_PLAY.length + 1);
  assert.equal(analysis.tricks[0], 8);
  const replayed = replay(game.deal, 'S', 'N', game.play);
  assert.deepEqual(replayed.tricks.map((t) => t.winner), ['S', 'E', 'W', 'S']);
  assert.deepEqual(replayed.current, { leader: 'S', cards: ['C2'], seats: ['S'], winning: 'S' });
});

test('a PBN game whose play cannot be read keeps its deal and says why', () => {
  const bad = PBN.replace('S6 S3 SK? S2', 'S6 S3 SZ S2');
  const [game] = parsePbn(bad);
  assert.equal(game.error, undefined);
  assert.equal(game.deal, DEAL);
  assert.equal(game.full, true);
  assert.deepEqual(game.play, PBN_PLAY.slice(0, 12));
  assert.equal(game.playError, 'card 16 of the play, "SZ", is not a card (expected suit and rank, such as SA or HT)');
  // Each line is a trick: a line short of a card, with tricks after it,
  // is named, not read on into the next line's cards.
  const [short] = parsePbn(PBN.replace('D5 DA! D9 =1= D2', 'D5 DA! D9 =1='));
  assert.deepEqual(short.play, LIN_PLAY.slice(0, 4));
  assert.equal(short.playError,
    'trick 2 of the play: the line "D5 DA D9" has 3 of the four cards (- for a seat that played none), but the play goes on after it');
  const [long] = parsePbn(PBN.replace('H2 H7 H3 HA', 'H2 H7 H3 HA D2'));
  assert.deepEqual(long.play, PBN_PLAY.slice(0, 8));
  assert.equal(long.playError, 'trick 3 of the play: the line "H2 H7 H3 HA D2" has 5 cards, more than one for each seat');
  const [wrongLeader] = parsePbn(PBN.replace('[Play "N"]', '[Play "E"]'));
  assert.equal(wrongLeader.playError, 'the play\'s leader is "E", but declarer\'s left-hand opponent is North');
  assert.deepEqual(wrongLeader.play, []);
  const [passed] = parsePbn(PBN.replace('[Contract "2S"]', '[Contract "Pass"]').replace(/\[Play[^]*\*\n/, ''));
  assert.deepEqual([passed.contract, passed.passedOut, passed.play, passed.playError], [null, true, [], null]);
});
