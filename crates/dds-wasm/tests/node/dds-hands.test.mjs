// parseDdsHands: the deal lines of DDS's hand files (PBN dealer vul trump
// first "deal"), against the tests' own reading of the fixtures
// (helpers.mjs's readHands) and bad lines worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDdsHands, DdsError } from 'ddsrs';
import { fixture, readHands } from './helpers.mjs';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';

test('list10 and list100: every deal line, its dealer, vulnerability, trump and leader as DDS numbers them', () => {
  for (const name of ['list10.txt', 'list100.txt']) {
    const text = fixture('dds-hands', name);
    const got = parseDdsHands(text);
    const want = readHands(name);
    assert.equal(got.length, want.length, name);
    // The line each deal is on: the fixture's PBN lines.
    const lines = text.split('\n').flatMap((l, i) => (l.startsWith('PBN') ? [i + 1] : []));
    got.forEach((board, i) => {
      const { dealer, vulnerability, strain, leader, deal } = want[i];
      assert.deepEqual(board, { line: lines[i], deal, dealer, vulnerability, strain, leader }, `${name} record ${i + 1}`);
    });
  }
  // list10's second record: dealer East (1), North-South vulnerable (2).
  const [, second] = parseDdsHands(fixture('dds-hands', 'list10.txt'));
  assert.deepEqual([second.dealer, second.vulnerability], ['E', 'NS']);
});

test('a bad line is an error of its own; the other lines are read', () => {
  const text = [
    'NUMBER 4',
    `PBN 0 7 0 0 "${DEAL}"`,
    'TABLE 5 8 5 8',
    `PBN 3 1 4 2 "${DEAL}"`,
    `PBN 0 0 0 0 "${DEAL.replace('KJ3', 'KJ2')}"`,
    'PBN 0 0 0',
    `PBN 0 0 0 0 "${DEAL}" 7`,
  ].join('\n');
  const [vul, good, duplicate, short, trailing] = parseDdsHands(text);
  assert.ok(vul.error instanceof DdsError);
  assert.deepEqual([vul.line, vul.error.kind, vul.error.argument, vul.error.message], [2, 'Parse', 'line 2', 'line 2: vulnerability "7" is not 0-3']);
  assert.equal(vul.deal, undefined);
  // West deals, both vulnerable, no trump, South leads.
  assert.deepEqual(good, { line: 4, deal: DEAL, dealer: 'W', vulnerability: 'All', strain: 'NT', leader: 'S' });
  assert.equal(duplicate.error.kind, 'ParseDeal');
  assert.match(duplicate.error.message, /^line 5: .*C2/);
  assert.equal(short.error.message, 'line 6: no first');
  assert.equal(trailing.error.message, 'line 7: text after the deal: "7"');
  assert.deepEqual(parseDdsHands('NUMBER 0\n\n'), []);
  assert.throws(() => parseDdsHands(42), (e) => e instanceof DdsError && e.kind === 'Type' && e.argument === 'text');
});
