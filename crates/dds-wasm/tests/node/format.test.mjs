// detectFormat: the format of a text of deals, told as the `dds` command
// tells it (docs/cli.md's Input), on the fixtures and on texts made by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFormat, DdsError } from 'ddsrs';
import { fixture } from './helpers.mjs';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
const LIN = 'pn|a,b,c,d|st||md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|sv|o|';

test('the fixtures: a PBN file, DDS hand files, a file of deals', () => {
  assert.equal(detectFormat(fixture('sample', 'boards.pbn')), 'pbn');
  assert.equal(detectFormat(fixture('dds-hands', 'list10.txt')), 'dds-hands');
  assert.equal(detectFormat(fixture('sample', 'deals.txt')), 'deals');
});

test('texts made by hand', () => {
  assert.equal(detectFormat(`% PBN 2.1\n[Board "1"]\n[Deal "${DEAL}"]\n`), 'pbn');
  assert.equal(detectFormat('% PBN 2.1\n% EXPORT\n'), 'pbn');
  assert.equal(detectFormat(LIN), 'lin');
  assert.equal(detectFormat(`a title\n${LIN}`), 'lin');
  assert.equal(detectFormat('https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3S34JH258TQKD2JQC7%2C%7C'), 'lin');
  assert.equal(detectFormat(`NUMBER 1\nPBN 0 0 0 1 "${DEAL}"\n`), 'dds-hands');
  assert.equal(detectFormat(`# two deals\n${DEAL}\n\n${DEAL}\n`), 'deals');
  // The first line tells: deal lines then a tag are deals, a tag then LIN is PBN.
  assert.equal(detectFormat(`${DEAL}\n[Deal "${DEAL}"]\n`), 'deals');
  assert.equal(detectFormat(`[Deal "${DEAL}"]\n{${LIN}}\n`), 'pbn');
  assert.equal(detectFormat('\n# nothing\n; at all\n'), null);
  assert.equal(detectFormat(''), null);
});

test('a text that is not a string throws a TypeError', () => {
  assert.throws(() => detectFormat(7), (e) => e instanceof DdsError && e.kind === 'Type' && /text/.test(e.message));
});
