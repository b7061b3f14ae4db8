// Deal input (PBN deals, LIN, PBN files) and PBN output as `dds pbn`
// writes it (the expected files are the command's output).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseDeal, parseLin, parsePbn, writePbn, handRecord, Solver, DdsError } from 'ddsrs';
import { fixture, cliMessage, readHands } from './helpers.mjs';

const here = (name) => readFileSync(new URL(name, import.meta.url), 'utf8');
const bytes = (name) => new Uint8Array(readFileSync(new URL(name, import.meta.url)));
// What a board or game records of its contract and play, when it records none.
const NO_PLAY = { contract: null, passedOut: false, play: [], playError: null };
const NO_LIN_PLAY = { ...NO_PLAY, auction: null, claim: null };

test('parseDeal reads a PBN deal, unknown hands included', () => {
  assert.deepEqual(parseDeal('S:- AKQJT98765432... - -'), {
    deal: 'N:- - - AKQJT98765432...',
    hands: { N: null, E: null, S: null, W: 'AKQJT98765432...' },
    full: false,
  });
  const deal = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  assert.equal(parseDeal(deal).full, true);
  assert.equal(parseDeal(deal).hands.E, '873.J97.AT764.Q4');
  assert.throws(() => parseDeal('N:x'), (e) => e instanceof DdsError && e.kind === 'ParseDeal');
});

test('parseLin reads each board, a bad one alone', () => {
  const text = 'qx|o1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|ah|Board 1|'
    + 'qx|o2|md|9SA,,,|';
  const [one, two] = parseLin(text);
  assert.deepEqual(one, {
    deal: 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3',
    dealer: 'N', vulnerability: 'EW', board: 1, copyOf: null, ...NO_LIN_PLAY,
  });
  assert.ok(two.error instanceof DdsError);
  assert.equal(two.error.kind, 'Lin');
});

test('parseLin reads BBO links: handviewer lin=, percent-encoded, and n=/e=/s=/w= hands', () => {
  const deal = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  const lin = 'qx|o3|md|1SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|';
  const link = `https://www.bridgebase.com/tools/handviewer.html?lin=${encodeURIComponent(lin)}`;
  // Board 3 without sv|: the board number's vulnerability.
  assert.deepEqual(parseLin(link), [{ deal, dealer: 'S', vulnerability: 'EW', board: 3, copyOf: null, ...NO_LIN_PLAY }]);
  const hands = 'https://www.bridgebase.com/tools/handviewer.html?n=sqj6hk652dj85ct98&e=s873hj97dat764cq4'
    + '&s=sk5ht83dkq9ca7652&w=sat942haq4d32ckj3&d=w&v=n&b=9';
  assert.deepEqual(parseLin(hands), [{ deal, dealer: 'W', vulnerability: 'NS', board: 9, copyOf: null, ...NO_LIN_PLAY }]);
  assert.deepEqual(parseLin('https://www.bridgebase.com/'), []);
});

test('a handviewer link whose lin= holds no board is an error board, not []', () => {
  for (const link of [
    'https://www.bridgebase.com/tools/handviewer.html?lin=%ZZmd%7',
    'https://www.bridgebase.com/tools/handviewer.html?lin=pn%7CSouth%2CWest%7Cst%7C%7C',
    'https://www.bridgebase.com/tools/handviewer.html?lin=',
  ]) {
    const boards = parseLin(link);
    assert.equal(boards.length, 1, link);
    assert.ok(boards[0].error instanceof DdsError, link);
    assert.equal(boards[0].error.kind, 'Lin');
    assert.match(boards[0].error.message, /^LIN board 1: the link's lin= parameter holds no deal \(md\|\.\.\.\|\)/);
  }
});

test('parsePbn lists the games with deal, dealer, vulnerability and board', () => {
  const games = parsePbn(here('games.pbn'));
  assert.equal(games.length, 5);
  assert.deepEqual(games[0], { game: 1, board: '', deal: null, full: false, dealer: null, vulnerability: null, event: '', date: null, copyOf: null, ...NO_PLAY });
  // No Dealer or Vulnerable tag: board 6's (East, East-West).
  assert.deepEqual(games[1], {
    game: 2, board: '6', deal: 'N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75',
    full: true, dealer: 'E', vulnerability: 'EW', event: 'Club', date: null, copyOf: null, ...NO_PLAY,
  });
  assert.equal(games[2].error.message, 'game 3 (board 7): invalid deal: duplicate card (C2)');
  assert.equal(games[3].error.message, 'game 4 (board 8): invalid deal: duplicate card (C2)');
  assert.equal(games[4].error.message, 'game 5 (board 9): Dealer "X": invalid seat (expected N, E, S or W)');
  const sample = parsePbn(fixture('sample', 'boards.pbn'));
  assert.ok(sample.every((g) => g.full && g.event === 'Sample boards'));
});

test('writePbn writes what dds pbn writes', () => {
  assert.equal(writePbn(fixture('sample', 'boards.pbn')).text, here('boards.expected.pbn'));
  const { text, solved, errors } = new Solver().writePbn(here('games.pbn'), { keepGoing: true });
  assert.equal(text, here('games.expected.pbn'));
  assert.equal(solved, 1);
  // dds pbn --keep-going games.pbn says `dds: games.pbn: game 3 (board 7): ...`.
  assert.deepEqual(errors.map((e) => [e.game, e.board, e.error.message]), [
    [3, '7', 'game 3 (board 7): invalid deal: duplicate card (C2)'],
    [4, '8', 'game 4 (board 8): invalid deal: duplicate card (C2)'],
    [5, '9', 'game 5 (board 9): Dealer "X": invalid seat (expected N, E, S or W)'],
  ]);
  assert.throws(() => writePbn(here('games.pbn')), (e) => e instanceof DdsError
    && e.message === 'game 3 (board 7): invalid deal: duplicate card (C2)');
  assert.throws(() => writePbn('[Event "x"\n'), (e) => e.kind === 'PbnFile');
});

test('copyOf: each copy of a board names the first game (or LIN board) of it, as handRecord keeps one', () => {
  const deal = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  const other = 'E:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
  // A traveller: board 1 at three tables (the third without its Dealer
  // tag: board 1's dealer is North anyway), board 2, a bad game, and a
  // game without a number (numbered by its place, 6: another board).
  const text = `[Board "1"]\n[Dealer "N"]\n[Deal "${deal}"]\n\n[Board "2"]\n[Deal "${other}"]\n\n`
    + `[Board "1"]\n[Dealer "N"]\n[Deal "${deal}"]\n\n[Board "1"]\n[Deal "${deal}"]\n\n`
    + `[Board "3"]\n[Deal "N:x"]\n\n[Deal "${deal}"]\n\n[Board "2"]\n[Vulnerable "None"]\n[Deal "${other}"]\n`;
  const games = parsePbn(text);
  assert.deepEqual(games.map((g) => g.copyOf ?? null), [null, null, 1, 1, null, null, null]);
  // The last game says None where board 2's cycle says North-South: another board.
  assert.equal(handRecord(text, { keepGoing: true }).boards, 4);
  const lin = 'qx|o1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|ah|Board 1|'
    + 'qx|c1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|ah|Board 1|'
    + 'qx|o2|md|4SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|ah|Board 2|';
  assert.deepEqual(parseLin(lin).map((b) => b.copyOf), [null, 1, null]);
});

test('copyOf in a traveller file of 2,000 games: each copy names the first game of its board', () => {
  // 100 boards (the deals of list100) played at 20 tables, round by round:
  // game 100 * t + b is board b + 1 at table t + 1. Some tables give the
  // board's Dealer and Vulnerable tags, others leave them to the number.
  // Board 1 at tables 4 and 6 says all vulnerable where its number says
  // none: another board, whose first game is table 4's.
  const deals = readHands('list100.txt').map((r) => r.deal);
  assert.equal(new Set(deals).size, 100);
  const games = [];
  const expected = [];
  for (let t = 0; t < 20; t++) {
    deals.forEach((deal, b) => {
      const other = b === 0 && (t === 3 || t === 5);
      const tags = other ? '[Vulnerable "All"]\n' : t % 2 ? `[Dealer "${'NESW'[b % 4]}"]\n` : '';
      games.push(`[Board "${b + 1}"]\n${tags}[Deal "${deal}"]\n`);
      expected.push(other ? (t === 3 ? null : 301) : t === 0 ? null : b + 1);
    });
  }
  const parsed = parsePbn(games.join('\n'));
  assert.equal(parsed.length, 2000);
  assert.deepEqual(parsed.map((g) => g.copyOf), expected);
});

test('parsePbn of a text with no games says what dds says of it', () => {
  for (const text of ['% PBN 2.1\n% EXPORT\n', '', '\n\n{ a comment }\n']) {
    assert.throws(() => parsePbn(text), (e) => e instanceof DdsError && e.kind === 'PbnFile'
      && e.message === 'a PBN file with no games', JSON.stringify(text));
  }
  // The command's words, when DDS_CLI names it: `dds: FILE: a PBN file with no games: ...`.
  const dir = mkdtempSync(join(tmpdir(), 'ddsrs-'));
  try {
    writeFileSync(join(dir, 'empty.pbn'), '% PBN 2.1\n% EXPORT\n');
    const said = cliMessage(['pbn', join(dir, 'empty.pbn')]);
    if (said !== null) assert.ok(said.includes(': a PBN file with no games'), said);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('writePbn of a Latin-1 file\'s bytes gives back the bytes dds pbn writes', () => {
  // latin1.expected.pbn is `dds pbn latin1.pbn`'s output (ISO 8859-1: é is one byte, 0xE9).
  const input = bytes('latin1.pbn');
  const expected = bytes('latin1.expected.pbn');
  assert.ok(expected.includes(0xe9) && !Buffer.from(expected).toString('latin1').includes('\u00c3'));
  const result = writePbn(input);
  assert.ok(result.bytes instanceof Uint8Array);
  assert.deepEqual(Buffer.from(result.bytes), Buffer.from(expected));
  assert.equal(result.solved, 2);
  assert.equal(result.text, Buffer.from(expected).toString('latin1'));
  // The same through a Solver; a UTF-8 file stays UTF-8; text in, no bytes out.
  assert.deepEqual(Buffer.from(new Solver().writePbn(input).bytes), Buffer.from(expected));
  const utf8 = new TextEncoder().encode(Buffer.from(input).toString('latin1'));
  assert.deepEqual(Buffer.from(writePbn(utf8).bytes), Buffer.from(new TextEncoder().encode(result.text)));
  assert.equal(writePbn(here('games.pbn'), { keepGoing: true }).bytes, undefined);
  assert.throws(() => writePbn(42), (e) => e instanceof DdsError && e.kind === 'Type');
  // Live against the command, when DDS_CLI names it.
  const cli = process.env.DDS_CLI;
  if (cli) {
    const run = spawnSync(cli, ['pbn', new URL('latin1.pbn', import.meta.url).pathname]);
    assert.equal(run.status, 0, String(run.stderr));
    assert.deepEqual(Buffer.from(result.bytes), run.stdout);
  }
});

test('handRecord makes the page dds report makes', () => {
  // The expected pages are `dds report fixtures/sample/boards.pbn` and
  // `dds report --keep-going games.pbn` (run in this folder).
  const sample = handRecord(fixture('sample', 'boards.pbn'), { fileName: 'boards.pbn' });
  assert.equal(sample.html, here('boards.report.html'));
  assert.equal(sample.boards, 10);
  const progress = [];
  const games = new Solver().handRecord(here('games.pbn'), { keepGoing: true, fileName: 'games.pbn', onProgress: (d, t) => { progress.push([d, t]); } });
  assert.equal(games.html, here('games.report.html'));
  assert.deepEqual(games.errors.map((e) => [e.game, e.board]), [[3, '7'], [4, '8'], [5, '9']]);
  assert.deepEqual(progress.at(-1), [5, 5]);
  assert.throws(() => handRecord(here('games.pbn')), (e) => e.message === 'game 3 (board 7): invalid deal: duplicate card (C2)');
  assert.throws(() => handRecord('[Event "x"]\n'), (e) => e.kind === 'PbnFile');
});
