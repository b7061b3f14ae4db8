// Every bad input throws a DdsError with the solver's own message: the
// one the `dds` command prints (checked against the command itself when
// DDS_CLI names its binary).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ddTable, solveBoard, analysePlay, bestLine, par, dealerPar, ddTables, replay, DdsError, Board } from 'ddsrs';
import { cliMessage } from './helpers.mjs';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';

function throwsDds(f, kind, message, argument) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof DdsError, `a DdsError, got ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'DdsError');
    assert.equal(e.kind, kind);
    assert.equal(e.message, message);
    if (argument !== undefined) assert.equal(e.argument, argument);
    return true;
  });
}

/** The command says the same (after its own prefix), when it is at hand. */
function sameAsCli(args, message) {
  const said = cliMessage(args);
  if (said !== null) assert.ok(said.includes(message), `dds ${args.join(' ')} said: ${said}`);
}

test('bad deals', () => {
  const three = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652';
  throwsDds(() => ddTable(three), 'ParseDeal', 'pbn deal has 3 hands, expected 4', 'deal');
  sameAsCli(['table', three], 'pbn deal has 3 hands, expected 4');
  const twice = DEAL.replace('KJ3', 'KJ2');
  throwsDds(() => ddTable(twice), 'ParseDeal', 'invalid deal: duplicate card (C2)');
  sameAsCli(['table', twice], 'invalid deal: duplicate card (C2)');
  const seat = DEAL.replace('N:', 'X:');
  throwsDds(() => ddTable(seat), 'ParseDeal', "invalid first seat 'X' in pbn deal (expected N, E, S or W)");
  sameAsCli(['table', seat], "invalid first seat 'X' in pbn deal (expected N, E, S or W)");
  throwsDds(() => ddTable('N:A... K... Q... J...'), 'NotFullDeal', 'a full deal of 13 cards per hand is needed');
  throwsDds(() => ddTable(undefined), 'Type', 'deal: expected a string, got undefined', 'deal');
  throwsDds(() => ddTable(42), 'Type', 'deal: expected a string, got the number 42', 'deal');
  throwsDds(() => ddTable('md|9SA,,,|'), 'Lin', "LIN board 1: md|9SA,,,|: the dealer digit is Some('9'), expected 1 to 4", 'deal');
});

test('bad strains, seats, vulnerabilities and cards', () => {
  throwsDds(() => solveBoard(DEAL, 'X', 'N'), 'Parse', 'invalid strain (expected S, H, D, C or NT)', 'strain');
  sameAsCli(['solve', DEAL, '--trump', 'X', '--leader', 'N'], 'invalid strain (expected S, H, D, C or NT)');
  throwsDds(() => solveBoard(DEAL, 'S', 'Q'), 'Parse', 'invalid seat (expected N, E, S or W)', 'leader');
  sameAsCli(['solve', DEAL, '--trump', 'S', '--leader', 'Q'], 'invalid seat (expected N, E, S or W)');
  throwsDds(() => par(DEAL, 'Some'), 'Parse', 'invalid vulnerability (expected None, NS, EW or All)', 'vulnerability');
  sameAsCli(['par', DEAL, '--vul', 'Some'], 'invalid vulnerability (expected None, NS, EW or All)');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', ['SZ']), 'Parse', 'invalid card (expected suit and rank, such as SA or HT)', 'played[0]');
  sameAsCli(['solve', DEAL, '--trump', 'S', '--leader', 'N', '--played', 'SZ'], 'invalid card (expected suit and rank, such as SA or HT)');
  throwsDds(() => dealerPar(DEAL, 'Z', 'None'), 'Parse', 'invalid seat (expected N, E, S or W)', 'dealer');
  throwsDds(() => solveBoard(DEAL, 4, 'N'), 'Type', 'strain: expected a string, got the number 4', 'strain');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', {}), 'Type', 'played: expected an array of cards such as ["SA", "HT"], got a value of type object');
});

test('a string where a list of played cards is expected is a type error, even one that reads as cards', () => {
  const expected = (argument, shown) => `${argument}: expected an array of cards such as ["SA", "HT"], got the string ${shown}`;
  throwsDds(() => analysePlay(DEAL, 'S', 'N', 'CT C4'), 'Type', expected('plays', '"CT C4"'), 'plays');
  throwsDds(() => analysePlay(DEAL, 'S', 'N', 'CT X8'), 'Type', expected('plays', '"CT X8"'), 'plays');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', 'SA'), 'Type', expected('played', '"SA"'), 'played');
  throwsDds(() => bestLine(DEAL, 'S', 'N', 'CT'), 'Type', expected('played', '"CT"'), 'played');
  throwsDds(() => new Board(DEAL, 'S', 'N', 'CT'), 'Type', expected('played', '"CT"'), 'played');
  throwsDds(() => replay(DEAL, 'S', 'N', 'CTC4CACJ'), 'Type', expected('plays', '"CTC4CACJ"'), 'plays');
  // A deal passed where the cards go is named, not read as 13 cards.
  throwsDds(() => analysePlay(DEAL, 'S', 'N', DEAL), 'Type', expected('plays', '"N:QJ6.K652.J85.T98 873.J97.AT7"...'), 'plays');
  // Arrays are read as before; left out, no cards.
  assert.equal(analysePlay(DEAL, 'S', 'N', ['CT', 'C4']).tricks.length, 3);
  assert.equal(solveBoard(DEAL, 'S', 'N').cards.length > 0, true);
});

test('par: every score is North-South\'s, ewFirst\'s too, and the package README says so', () => {
  // DDS 2.9's SidesPar (libdds, checked by hand) gives this table's sides
  // -110 and 110: East-West's score from East-West's side. The package
  // keeps North-South's in both, as dealerPar's and DDS's DealerPar's.
  const sides = par([[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]], 'None');
  assert.equal(sides.nsFirst.score, -110);
  assert.equal(sides.ewFirst.score, -110);
  assert.deepEqual(sides.scoreTexts, ['NS -110', 'EW 110']);
  const readme = readFileSync(new URL(import.meta.resolve('ddsrs/package.json')).pathname.replace(/package\.json$/, 'README.md'), 'utf8');
  const row = readme.split('\n').find((line) => line.startsWith('| `par('));
  assert.match(row, /`ewFirst\.score`[^|]*North-South's/);
  assert.match(row, /SidesPar[^|]*East-West's/);
});

test('illegal plays and positions', () => {
  throwsDds(() => analysePlay(DEAL, 'S', 'N', ['SA']), 'IllegalPlay', 'card 1 of the play (SA, North to play): West holds it');
  sameAsCli(['play', DEAL, '--trump', 'S', '--leader', 'N', 'SA'], 'card 1 of the play (SA, North to play): West holds it');
  throwsDds(() => analysePlay(DEAL, 'S', 'N', ['CT', 'H7']), 'IllegalPlay',
    'card 2 of the play (H7, East to play): a revoke: East must follow to clubs');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', ['SA']), 'Position', "invalid position: SA is played to the trick but still in West's hand");
  sameAsCli(['solve', DEAL, '--trump', 'S', '--leader', 'N', '--played', 'SA'], "invalid position: SA is played to the trick but still in West's hand");
  throwsDds(() => bestLine(DEAL, 'S', 'N', ['SA']), 'Position', "invalid position: SA is played to the trick but still in West's hand");
  throwsDds(() => new Board(DEAL, 'S', 'N').after('SA'), 'Position', 'invalid position: North does not hold SA');
});

test('bad targets and solutions', () => {
  throwsDds(() => solveBoard(DEAL, 'S', 'N', [], 14), 'Range', 'target: expected -1 (the most tricks) or a number of tricks from 0 to 13', 'target');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', [], 'max'), 'Type', 'target: expected a whole number, got a value of type string', 'target');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', [], -1, 0), 'Range', 'solutions: expected 1, 2 or 3', 'solutions');
  throwsDds(() => solveBoard(DEAL, 'S', 'N', [], 1.5), 'Type', 'target: expected a whole number, got the number 1.5', 'target');
  const ending = 'N:A... K... Q... J...';
  throwsDds(() => solveBoard(ending, 'N', 'N', [], 2), 'TargetTooHigh', 'target 2 is more than the 1 tricks left');
});

test('a bad deal in a batch fails alone', () => {
  const bad = DEAL.replace('N:', 'X:');
  const items = ddTables([DEAL, bad, 7, DEAL]);
  assert.equal(items.length, 4);
  assert.deepEqual(items[0], items[3]);
  assert.equal(items[1].deal, bad);
  assert.ok(items[1].error instanceof DdsError);
  assert.equal(items[1].error.kind, 'ParseDeal');
  assert.equal(items[1].error.argument, 'deals[1]');
  assert.equal(items[2].error.kind, 'Type');
  throwsDds(() => ddTables(DEAL), 'Type', 'deals: expected an array of deals', 'deals');
});
