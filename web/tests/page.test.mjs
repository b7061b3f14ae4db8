// The page in headless Chromium, checked by what a person sees: the table
// and par of known deals (DDS's answers in fixtures/dds-hands/list10.txt),
// the scores on the cards during a play (against the package's solveBoard
// in Node), the tricks, result and score of a play and the cards of a link
// (the package's replay and contractScore), a PBN file solved and
// downloaded (against `dds pbn`), boards' dealer and vulnerability, single
// dummy (against the package's layouts in Node), messages for bad input,
// the link, the keyboard, and screenshots at desktop and phone width.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync, existsSync, copyFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  ROOT, TARGET, buildPkg, nodePackage, serve, launch, openPage, shownTable, enterDeal, tempDir,
} from './helpers.js';
import { dealHands } from '../js/bridge.js';

const SEATS = ['N', 'E', 'S', 'W'];
const STRAINS = ['S', 'H', 'D', 'C', 'NT'];
const next = (seat, k = 1) => SEATS[(SEATS.indexOf(seat) + k) % 4];
const side = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');

/** list10's deals with their dealer, vulnerability, TABLE and PAR2 lines. */
function list10() {
  const lines = readFileSync(join(ROOT, 'fixtures/dds-hands/list10.txt'), 'utf8').split('\n');
  const deals = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^PBN (\d+) (\d+) (\d+) (\d+) "([^"]+)"/.exec(lines[i]);
    if (!m) continue;
    const block = lines.slice(i + 1, i + 8);
    // PLAY and TRACE: DDS's AnalysePlay of a play (declarer's side's tricks at the lead and after each card).
    const play = /^PLAY \d+ "([^"]*)"/.exec(block.find((l) => l.startsWith('PLAY')) ?? '')?.[1].match(/../g) ?? [];
    const trace = (block.find((l) => l.startsWith('TRACE')) ?? '').trim().split(/\s+/).slice(2).map(Number);
    const table = block.find((l) => l.startsWith('TABLE')).split(/\s+/).slice(1, 21).map(Number);
    const par2 = [...block.find((l) => l.startsWith('PAR2')).matchAll(/"([^"]*)"/g)].map((x) => x[1]);
    const tricks = {};
    STRAINS.forEach((s, si) => { tricks[s] = Object.fromEntries(SEATS.map((d, di) => [d, table[si * 4 + di]])); });
    deals.push({
      deal: m[5], dealer: SEATS[Number(m[1])], vul: ['None', 'All', 'NS', 'EW'][Number(m[2])], tricks, par2,
      strain: STRAINS[Number(m[3])], leader: SEATS[Number(m[4])], play, trace,
    });
  }
  return deals;
}

const LIST10 = list10();
let dds;
let server;
let chrome;
let tmp;

before(async () => {
  await buildPkg();
  dds = await nodePackage();
  server = await serve();
  chrome = await launch();
  tmp = await tempDir();
});

after(async () => {
  await chrome?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Loads a deal by typing it, with the dealer and vulnerability chosen in the selects. */
async function loadDeal(page, { deal, dealer = 'N', vul = 'None' }) {
  await page.selectOption('#dealer', dealer);
  await page.selectOption('#vul', vul);
  await enterDeal(page, deal);
  await page.waitForFunction((d) => document.querySelector('#deal-input').value === d && document.querySelector('#table table.dd'), dds.parseDeal(deal).deal);
}

/** The legal cards shown with their scores: {card: {text, cost}}, once every one has its score. */
async function shownScores(page) {
  try {
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('#diagram button.card')];
      return cards.length > 0 && cards.every((c) => c.querySelector('.res'));
    }, null, { timeout: 30000 });
  } catch (e) {
    // What the page showed, for a wait that timed out (once in CI, not
    // seen since): the cards, their scores, the message, the address.
    const seen = await page.evaluate(() => ({
      cards: [...document.querySelectorAll('#diagram button.card')].map((c) => c.textContent),
      message: document.querySelector('#message')?.textContent,
      status: document.querySelector('#dd-status')?.textContent,
      hash: location.hash,
    })).catch((err) => String(err));
    throw new Error(`${e.message}\nthe page showed: ${JSON.stringify(seen)}`);
  }
  return page.$$eval('#diagram button.card', (cards) => Object.fromEntries(cards.map((c) => [c.dataset.card, {
    text: c.querySelector('.res').textContent, cost: c.classList.contains('cost'),
  }])));
}

/** What the page should show on each legal card, from the package in Node: the
 *  contract's result if the card is played, and whether it costs a trick. */
function expectedScores(deal, contract, plays) {
  const leader = next(contract.declarer);
  let board = new dds.Board(deal, contract.strain, leader);
  const taken = { NS: 0, EW: 0 };
  plays.forEach((card) => {
    const before = board.played.length;
    board = board.after(card);
    if (before === 3) taken[side(board.leader)] += 1;
  });
  const { cards } = dds.solveBoard(board.remaining, contract.strain, board.leader, board.played);
  const best = Math.max(...cards.map((c) => c.tricks));
  const out = {};
  for (const c of cards) {
    const mine = side(board.toPlay) === side(contract.declarer) ? c.tricks : board.tricksLeft - c.tricks;
    const diff = taken[side(contract.declarer)] + mine - (contract.level + 6);
    const text = diff === 0 ? '=' : diff > 0 ? `+${diff}` : `\u2212${-diff}`;
    for (const card of [c.card, ...c.equals]) out[card] = { text, cost: c.tricks < best };
  }
  return out;
}

const norm = (deal) => dds.parseDeal(deal).deal;
const parScore = async (page) => (await page.textContent('#par-score')).replace('\u2212', '-').replace('+', '');
const playsOf = (url) => /[#&]play=([^&]*)/.exec(url)?.[1].match(/../g) ?? [];

describe('the page', () => {
  test('list10\'s first deal: the table and par shown are DDS\'s', async () => {
    const { page, errors } = await openPage(chrome, server.url);
    const d = LIST10[0];
    await loadDeal(page, d);
    assert.deepEqual(await shownTable(page, norm(d.deal)), d.tricks);
    await page.waitForSelector('#par-score');
    // PAR2 "-110" "2S-EW": DDS's DealerPar.
    assert.equal(await parScore(page), d.par2[0]);
    assert.ok((await page.textContent('#par')).includes(`(${d.par2.slice(1).join(' ')})`));
    assert.match(await page.textContent('#par-contracts'), /2♠ by EW/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a played contract: every legal card\'s score is the package\'s solveBoard', async () => {
    const { page, errors } = await openPage(chrome, server.url);
    const d = LIST10[0];
    await loadDeal(page, d);
    await page.click('#table button.cell[data-seat="W"][data-strain="S"]');
    const contract = { declarer: 'W', strain: 'S', level: 2 };
    assert.equal(await page.inputValue('#level'), '2');
    let sawCost = false;
    for (let k = 0; k < 7; k++) {
      const shown = await shownScores(page);
      const plays = playsOf(page.url());
      assert.equal(plays.length, k);
      assert.deepEqual(shown, expectedScores(d.deal, contract, plays), `after ${plays.join(' ')}`);
      // Play a card that costs a trick when there is one (to see it marked), else the last one.
      const costly = Object.keys(shown).find((c) => shown[c].cost);
      sawCost ||= Boolean(costly);
      const card = costly ?? Object.keys(shown).at(-1);
      await page.click(`#diagram button.card[data-card="${card}"]`);
      await page.waitForFunction((n) => (/[#&]play=([^&]*)/.exec(location.hash)?.[1].length ?? 0) === n * 2, k + 1);
    }
    assert.ok(sawCost, 'some card cost a trick');
    // The tricks each side has taken, after the first trick.
    const plays = playsOf(page.url());
    let board = new dds.Board(d.deal, 'S', 'N');
    const taken = { NS: 0, EW: 0 };
    plays.forEach((c) => { const before = board.played.length; board = board.after(c); if (before === 3) taken[side(board.leader)] += 1; });
    assert.equal(await page.textContent('#taken-decl'), String(taken.EW));
    assert.equal(await page.textContent('#taken-def'), String(taken.NS));
    // The first trick in the list: each card under the seat that played it,
    // clockwise from North's lead (the laws' order), the winner's marked.
    const firstTrick = await page.$$eval('ol.tricks li:first-child .tc', (tcs) => tcs.map((tc) => [tc.querySelector('small').textContent, tc.classList.contains('won')]));
    let afterFirst = new dds.Board(d.deal, 'S', 'N');
    plays.slice(0, 4).forEach((c) => { afterFirst = afterFirst.after(c); });
    assert.deepEqual(firstTrick, ['N', 'E', 'S', 'W'].map((s) => [s, s === afterFirst.leader]));
    // A link with the play reproduces it.
    const link = page.url();
    const again = await openPage(chrome, link);
    await again.page.waitForSelector('#diagram button.card .res');
    assert.equal(await again.page.textContent('#taken'), await page.textContent('#taken'));
    assert.equal(await again.page.textContent('#diagram'), await page.textContent('#diagram'));
    assert.deepEqual(await shownScores(again.page), expectedScores(d.deal, contract, plays));
    await again.page.close();
    // Undo a card, then a trick.
    await page.click('#undo-card');
    assert.deepEqual(playsOf(page.url()), plays.slice(0, 6));
    assert.deepEqual(await shownScores(page), expectedScores(d.deal, contract, plays.slice(0, 6)));
    await page.click('#undo-trick');
    assert.deepEqual(playsOf(page.url()), plays.slice(0, 4));
    await page.click('#undo-trick');
    assert.deepEqual(playsOf(page.url()), []);
    // Best card, then the rest of the best line from inside the trick: it ends with the tricks double dummy promised.
    const lead = await shownScores(page);
    await page.click('#best-card');
    await page.waitForFunction(() => /play=..(&|$)/.test(location.hash));
    assert.equal(lead[playsOf(page.url())[0]].cost, false);
    await page.waitForFunction(() => /Double dummy from here: \d+/.test(document.querySelector('#dd-status').textContent));
    const promised = Number(/from here: (\d+)/.exec(await page.textContent('#dd-status'))[1]);
    await page.click('#play-out');
    await page.waitForFunction(() => /Played out/.test(document.querySelector('#dd-status').textContent));
    assert.equal(playsOf(page.url()).length, 52);
    assert.equal(await page.textContent('#taken-decl'), String(promised));
    assert.match(await page.textContent('#dd-status'), /West took 8 tricks \(=\), EW \+110/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the keyboard: a contract chosen sends it to the cards, the arrows move between them, Enter plays, undo and the best card', async () => {
    const d = LIST10[2];
    const { page, errors } = await openPage(chrome, server.url);
    await loadDeal(page, d);
    await page.focus('#table button.cell[data-seat="S"][data-strain="H"]');
    await page.keyboard.press('Enter');
    // No Tab needed: the contract chosen, the keyboard is on the opening leader's (West's) first card.
    await page.waitForFunction(() => document.activeElement?.matches('#diagram .hand-W button.card'));
    await shownScores(page);
    const focused = () => page.evaluate(() => document.activeElement?.matches('#diagram button.card') ? document.activeElement.dataset.card : null);
    const order = await page.$$eval('#diagram button.card', (cards) => cards.map((c) => c.dataset.card));
    assert.equal(await focused(), order[0]);
    // One card in the Tab order; the arrows move between the cards without playing one.
    assert.deepEqual(await page.$$eval('#diagram button.card', (cards) => cards.filter((c) => c.tabIndex === 0).length), 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), order[2]);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), order[1]);
    assert.deepEqual(playsOf(page.url()), []);
    // Enter plays the focused card.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /play=..$/.test(location.hash) || /play=..&/.test(location.hash));
    assert.deepEqual(playsOf(page.url()), [order[1]]);
    // Focus moves on to the next seat's (North's) cards; Backspace undoes the card.
    await page.waitForFunction(() => document.activeElement?.matches('#diagram .hand-N button.card'));
    await page.keyboard.press('Backspace');
    assert.deepEqual(playsOf(page.url()), []);
    // A click on a table cell sends the keyboard to the cards too.
    await page.click('#table button.cell[data-seat="N"][data-strain="NT"]');
    await page.waitForFunction(() => document.activeElement?.matches('#diagram .hand-E button.card'));
    await page.click('#table button.cell[data-seat="S"][data-strain="H"]');
    await page.waitForFunction(() => document.activeElement?.matches('#diagram .hand-W button.card'));
    // Away from the cards, the arrows step through the play: → plays a best card.
    await page.focus('#clear-contract');
    const shown = await shownScores(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /play=/.test(location.hash));
    const [best] = playsOf(page.url());
    assert.equal(shown[best].cost, false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a PBN file of ten boards: each table is DDS\'s, the file comes back as `dds pbn` writes it, and the hand record as `dds report` makes it', async () => {
    const file = join(tmp, 'boards.pbn');
    copyFileSync(join(ROOT, 'fixtures/sample/boards.pbn'), file);
    const { page, errors } = await openPage(chrome, server.url);
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent.startsWith('1 of 10'));
    for (let i = 0; i < LIST10.length; i++) {
      if (i) await page.click('#next-board');
      await page.waitForFunction((n) => document.querySelector('#file-name').textContent.startsWith(`${n} of 10`), i + 1);
      assert.deepEqual(await shownTable(page, norm(LIST10[i].deal)), LIST10[i].tricks, `board ${i + 1}`);
      assert.equal(await page.inputValue('#dealer'), LIST10[i].dealer);
      assert.equal(await page.inputValue('#vul'), LIST10[i].vul);
      await page.waitForSelector('#par-score');
      assert.equal(await parScore(page), LIST10[i].par2[0], `board ${i + 1} par`);
    }
    await page.click('#solve-file');
    await page.waitForSelector('#download', { timeout: 60000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(download.suggestedFilename(), 'boards-dd.pbn');
    const got = join(tmp, 'got.pbn');
    await download.saveAs(got);
    const mine = readFileSync(got, 'utf8');
    const theirs = execFileSync(ddsBinary(), ['pbn', file], { encoding: 'utf8' });
    const tags = (t) => t.split('\n').filter((l) => /^\[(DoubleDummyTricks|OptimumResultTable|ParContract|OptimumScore) /.test(l) || /^[NESW] +(NT|[SHDC]) +\d+$/.test(l));
    assert.equal(tags(mine).length, 10 * 24);
    assert.deepEqual(tags(mine), tags(theirs));
    assert.equal(mine, theirs);
    // The printable hand record: the page `dds report` makes of the file.
    await page.click('#record-file');
    await page.waitForSelector('#open-record', { timeout: 60000 });
    const [record] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(record.suggestedFilename(), 'boards-record.html');
    const html = join(tmp, 'record.html');
    await record.saveAs(html);
    assert.equal(readFileSync(html, 'utf8'), execFileSync(ddsBinary(), ['report', file], { encoding: 'utf8' }));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('BBO hands (a LIN file, a handviewer link) and a dropped DDS hand file', async () => {
    const { page, errors } = await openPage(chrome, server.url);
    const lin = join(tmp, 'two.lin');
    writeFileSync(lin, `qx|o1|md|${linHands(LIST10[0].deal, 'N')}|ah|Board 1|sv|o|pg||\nqx|o2|md|${linHands(LIST10[1].deal, 'E')}|ah|Board 2|sv|n|pg||\n`);
    await page.setInputFiles('#file', lin);
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent.startsWith('1 of 2'));
    assert.deepEqual(await shownTable(page, norm(LIST10[0].deal)), LIST10[0].tricks);
    await page.click('#next-board');
    await page.waitForFunction(() => document.querySelector('#file-name').textContent.startsWith('2 of 2'));
    assert.deepEqual(await shownTable(page, norm(LIST10[1].deal)), LIST10[1].tricks);
    assert.equal(await page.inputValue('#vul'), 'NS');
    await enterDeal(page, 'https://www.bridgebase.com/tools/handviewer.html?lin=' + encodeURIComponent(`md|${linHands(LIST10[3].deal, 'W')}|sv|b|`));
    assert.deepEqual(await shownTable(page, norm(LIST10[3].deal)), LIST10[3].tricks);
    assert.equal(await page.inputValue('#vul'), 'All');
    assert.equal(await page.inputValue('#dealer'), 'W');
    assert.ok(await page.isHidden('#boards'));
    // A file dropped on the page: DDS's list10.txt, its dealers and vulnerabilities read.
    const list = readFileSync(join(ROOT, 'fixtures/dds-hands/list10.txt'), 'utf8');
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'list10.txt', { type: 'text/plain' }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, list);
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent === '1 of 10 · list10.txt');
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await page.waitForFunction(() => document.querySelector('#file-name').textContent.startsWith('3 of 10'));
    assert.deepEqual(await shownTable(page, norm(LIST10[2].deal)), LIST10[2].tricks);
    assert.equal(await page.inputValue('#vul'), LIST10[2].vul);
    assert.equal(await parScore(page), LIST10[2].par2[0]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a bad deal shows a clear message', async () => {
    const { page } = await openPage(chrome, server.url);
    await enterDeal(page, LIST10[0].deal.replace('KJ3', 'KJ2'));
    await page.waitForSelector('#message.error');
    assert.match(await page.textContent('#message'), /^This deal cannot be read: invalid deal: duplicate card \(C2\)$/);
    assert.equal(await page.getAttribute('#message', 'role'), 'alert');
    await enterDeal(page, 'hello world');
    await page.waitForFunction(() => /cannot read the hand "hello"/.test(document.querySelector('#message').textContent));
    await enterDeal(page, 'N:AKQJ.T98.765.432 - - -');
    await page.waitForFunction(() => /East, South and West are unknown/.test(document.querySelector('#message').textContent));
    await enterDeal(page, LIST10[0].deal);
    await page.waitForFunction(() => !document.querySelector('#message').textContent);
    await page.close();
    // A link with a bad deal says so too.
    const linked = await openPage(chrome, server.url, { hash: '#deal=N:AKQ.-.-.-_-_-_-' });
    assert.match(await linked.page.textContent('#message.error'), /^This deal cannot be read: /);
    await linked.page.close();
  });

  test('an ending of six cards a hand: its table from the solver, no par, single dummy of its hidden hands', async () => {
    const ending = 'N:QJ6.K6.J. K98.A.T.Q A7.T8.9.2 T54.Q4.3.';
    const { page, errors } = await openPage(chrome, server.url);
    await loadDeal(page, { deal: ending });
    const expected = {};
    for (const s of STRAINS) {
      expected[s] = {};
      for (const decl of SEATS) expected[s][decl] = 6 - dds.solveBoard(ending, s, next(decl), [], -1, 1).cards[0].tricks;
    }
    assert.deepEqual(await shownTable(page, norm(ending)), expected);
    assert.match(await page.textContent('#par'), /Par needs hands of 13 cards/);
    // Single dummy on the ending: North's and South's twelve cards dealt
    // again, six each (924 layouts); a sample of 20, as the package's
    // layouts of the position with them hidden gives it in Node.
    await page.click('button[data-hide-pair="NS"]');
    assert.match(await page.textContent('#sd'), /924/);
    await page.selectOption('#sd-count', '20');
    await page.click('#sd-run');
    await page.waitForSelector('#sd-summary', { timeout: 120000 });
    const sd = dds.layouts(ending, { table: true, sample: 20, seed: 1, hide: ['N', 'S'] });
    for (const s of STRAINS) {
      const shown = await page.textContent(`#sd button[data-sd-seat="S"][data-sd-strain="${s}"]`);
      assert.equal(shown, sd.results.find((r) => r.strain === s && r.declarer === 'S').mean.toFixed(1), s);
    }
    assert.match(await page.textContent('#sd-results'), /of the 6 left/);
    await page.click('button[data-hide-pair=""]');
    await page.click('#table button.cell[data-seat="S"][data-strain="NT"]');
    await page.waitForSelector('#diagram button.card .res');
    await page.click('#play-out');
    await page.waitForFunction(() => /Played out/.test(document.querySelector('#dd-status').textContent));
    assert.match(await page.textContent('#dd-status'), new RegExp(`South took ${expected.NT.S} tricks`));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('single dummy: E-W hidden, 50 layouts shared by the workers, the package\'s figures; each lead; stopped; three hands hidden', async () => {
    const d = LIST10[0];
    const { page, errors } = await openPage(chrome, server.url);
    await loadDeal(page, d);
    // Two spades by West: the chances shown are West's in spades.
    await page.click('#table button.cell[data-seat="W"][data-strain="S"]');
    await page.click('button[data-hide-pair="EW"]');
    assert.match(await page.textContent('#diagram .hand-E'), /13 cards hidden/);
    assert.match(await page.textContent('#sd'), /10,400,600/);
    await page.selectOption('#sd-count', '50');
    await page.click('#sd-run');
    await page.waitForSelector('#sd-summary', { timeout: 180000 });
    // One worker a core, and no more than the run's units of 40 layouts.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const workers = Math.max(1, Math.min(cores || 2, 8, 2));
    const on = workers === 1 ? 'one worker' : `${workers} workers`;
    assert.match(await page.textContent('#sd-summary'), new RegExp(`^50 layouts solved, a random sample in [\\d.]+ s on ${on}\\.$`));
    // The same run in Node in one call: the package's layouts of the deal with East and West unknown, the page's seed (1).
    const h = dds.parseDeal(d.deal).hands;
    const summary = dds.layouts(`N:${h.N} - ${h.S} -`, { table: true, sample: 50, seed: 1, vulnerability: d.vul });
    const cell = (strain, declarer) => summary.results.find((r) => r.strain === strain && r.declarer === declarer);
    for (const s of STRAINS) {
      for (const decl of SEATS) {
        const shown = await page.textContent(`#sd button[data-sd-seat="${decl}"][data-sd-strain="${s}"]`);
        assert.equal(shown, cell(s, decl).mean.toFixed(1), `${decl} ${s}`);
      }
    }
    // West in spades (the contract chosen): the chance of making 1 to 7, with the standard error.
    const chances = await page.$$eval('#sd-chances tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td.num')].map((td) => td.textContent)));
    assert.deepEqual(chances.map((c) => c[0]), cell('S', 'W').make.map((p) => `${(p * 100).toFixed(1)}%`));
    assert.deepEqual(chances.map((c) => c[1]), cell('S', 'W').standardError.map((e) => `\u00b1${(e * 100).toFixed(1)}`));
    const score = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0');
    assert.deepEqual(chances.map((c) => c[2]), cell('S', 'W').expectedScore.map((x) => score(Math.round(x))));
    // Each opening lead by North against West's spades, over the same layouts.
    await page.click('#sd-leads');
    await page.waitForSelector('#sd-lead-table', { timeout: 180000 });
    await page.waitForFunction(() => !document.querySelector('#sd-stop'));
    const leads = dds.layouts(`N:${h.N} - ${h.S} -`, { strain: 'S', leader: 'N', everyLead: true, sample: 50, seed: 1 }).leads;
    const rows = await page.$$eval('#sd-lead-table tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.equal(rows.length, 13);
    assert.deepEqual(rows.map((r) => r[0]), leads.map((l) => String(l.distribution.reduce((a, b) => a + b, 0))));
    assert.deepEqual(rows.map((r) => r[1]), leads.map((l) => l.mean.toFixed(2)));
    // Stopped during a longer run: the figures of the layouts solved so far stay.
    await page.selectOption('#sd-count', '5000');
    await page.click('#sd-run');
    await page.waitForFunction(() => Number(/^(\d+) of/.exec(document.querySelector('#sd-done')?.textContent ?? '')?.[1]) >= 2 && document.querySelector('#sd-results table'), null, { timeout: 60000 });
    await page.click('#sd-stop');
    await page.waitForSelector('#sd-summary');
    const stopped = await page.textContent('#sd-summary');
    const solved = Number(/^(\d+) layouts solved, a random sample, stopped in /.exec(stopped)?.[1]);
    assert.ok(solved >= 2 && solved < 5000, stopped);
    assert.match(await page.textContent('#sd-results'), new RegExp(`mean tricks over ${solved} layouts`));
    assert.ok(await page.isVisible('#sd-run'));
    // Three hands hidden: 39! / (13!)^3 layouts, a sample to run.
    await page.click('#diagram button[data-hide="N"]');
    await page.waitForSelector('#sd-run');
    assert.match(await page.textContent('#sd'), /North and East and West hidden|East and North and West hidden|hidden: /);
    assert.ok(await page.isHidden('#sd-why'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a link\'s play stops at its first card that cannot be played; a list of deals takes each board\'s dealer and vulnerability', async () => {
    const d = LIST10[0];
    // North leads the club ten against 2S by West, East plays the four; South, with clubs, cannot play a spade.
    const hash = `#deal=${d.deal.replace(/ /g, '_')}&dealer=N&vul=None&contract=2S-W&play=CTC4SKCA`;
    const { page, errors } = await openPage(chrome, server.url, { hash });
    await page.waitForSelector('#message.error');
    assert.equal(await page.textContent('#message'),
      'The play stops at card 3: invalid position: played card SK does not follow suit although its player holds the suit led');
    await page.waitForFunction(() => /play=CTC4(&|$)/.test(location.hash));
    assert.match(await page.textContent('#to-play'), /^South to play/);
    assert.deepEqual(await page.$$eval('#diagram button.card', (cards) => cards.map((c) => c.dataset.card).sort()), ['C2', 'C5', 'C6', 'C7', 'CA']);
    // Three deals, one a line: boards 1 to 3, dealt by North, East and South; vulnerable none, N-S and E-W (Law 2).
    await enterDeal(page, [LIST10[0].deal, LIST10[1].deal, LIST10[2].deal].join('\n'));
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent.startsWith('1 of 3'));
    for (const [i, [dealer, vul]] of [['N', 'None'], ['E', 'NS'], ['S', 'EW']].entries()) {
      if (i) await page.click('#next-board');
      await page.waitForFunction((n) => document.querySelector('#file-name').textContent.startsWith(`${n} of 3`), i + 1);
      await shownTable(page, norm(LIST10[i].deal));
      assert.deepEqual([await page.inputValue('#dealer'), await page.inputValue('#vul')], [dealer, vul], `board ${i + 1}`);
      assert.match(await page.textContent('#diagram .info'), new RegExp(`^Board ${i + 1}`));
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('offline and on a phone: nothing fetched from outside, no sideways scrolling; screenshots of a recorded play', async () => {
    const { page, errors } = await openPage(chrome, server.url);
    // A BBO hand with its auction and play, at the card that cost a trick (the fifth).
    await enterDeal(page, lin7());
    await page.waitForFunction(() => /cost a trick/.test(document.querySelector('#record-summary')?.textContent ?? ''), null, { timeout: 60000 });
    await page.click('#play button.rc[data-record="4"]');
    await page.waitForFunction(() => /play=(..){5}(&|$)/.test(location.hash));
    await shownScores(page);
    mkdirSync(join(ROOT, 'docs/img'), { recursive: true });
    await page.evaluate(() => document.activeElement?.blur());
    // The record in view beside the diagram (which stays at the top).
    await page.evaluate(() => window.scrollTo(0, document.querySelector('#dock').getBoundingClientRect().top + window.scrollY - 60));
    await page.screenshot({ path: join(ROOT, 'docs/img/web-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scrolling at 390 px');
    // A card forward: the hand to play above the controls.
    await page.click('#next-card');
    await page.waitForFunction(() => /play=(..){6}(&|$)/.test(location.hash));
    await shownScores(page);
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(ROOT, 'docs/img/web-phone.png') });
    assert.deepEqual(chrome.outside, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});


/** list10's seventh deal as a BBO hand (board 5: North deals, N-S
 *  vulnerable): South declares 4S, and the 35 cards of its PLAY line,
 *  then South claims 12 tricks. */
function lin7() {
  const d = LIST10[6];
  return `pn|Wa,No,Ea,So|st||md|${linHands(d.deal, 'N')}|rh||ah|Board 5|sv|n|mb|p|mb|p|mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|` +
    d.play.map((c) => `pc|${c}|`).join('') + 'mc|12|';
}

/** The seat before `seat` (declarer, before the opening leader). */
const prev = (seat) => next(seat, 3);

/** Who played each card of a play, from the package's replay in Node. */
function seatsOf(deal, strain, leader, play) {
  const r = dds.replay(deal, strain, leader, play);
  return [...r.tricks, r.current].flatMap((t) => t.cards.map((_, k) => next(t.leader, k)));
}

/** What the record should show for each card: DDS's TRACE (declarer's side's
 *  tricks at the lead and after each card) read as the cost to the side
 *  that played it, and the contract's result after it (the package's contractScore). */
function expectedRecord(d, contract, vul) {
  const seats = seatsOf(d.deal, d.strain, d.leader, d.play);
  const declSide = side(contract.declarer);
  const resultOf = (t) => {
    const r = dds.contractScore(contract, vul, t).result;
    return r === 0 ? '=' : r > 0 ? `+${r}` : `\u2212${-r}`;
  };
  return d.play.map((card, i) => ({
    card,
    cost: side(seats[i]) === declSide ? d.trace[i] - d.trace[i + 1] : d.trace[i + 1] - d.trace[i],
    res: resultOf(d.trace[i + 1]),
  }));
}

/** The record as shown: each card's button, its cost mark and its result. */
const shownRecord = (page) => page.$$eval('#play button.rc', (bs) => bs.map((b) => ({
  card: b.dataset.card ?? b.getAttribute('data-record'), cost: b.classList.contains('cost') ? 1 : 0, res: b.querySelector('.res').textContent,
})));

/** A page whose random first deal is board `n` (Math.random fixed), for the dealer and vulnerability it shows. */
async function openOnBoard(n) {
  const page = await chrome.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript((x) => { Math.random = () => x; }, (n - 1 + 0.5) / 16);
  await page.goto(server.url);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  return { page, errors };
}

describe('issue 40: the recorded play, defaults, boards, keyboard, phone, files', () => {
  // list10's seventh deal: South declares spades (West leads), and DDS's TRACE
  // of its 35 cards shows South's second lead (card 5) losing a trick.
  const D7 = LIST10[6];
  const c7 = { level: 4, strain: 'S', declarer: 'S' };

  test('a BBO hand with its auction and play: the record, each card\'s cost and result (DDS\'s TRACE), stepped through, the claim', async () => {
    assert.deepEqual([D7.strain, prev(D7.leader), D7.dealer, D7.play.length], ['S', 'S', 'N', 35]);
    const { page, errors } = await openPage(chrome, server.url);
    await enterDeal(page, lin7());
    await page.waitForSelector('#record-summary');
    await page.waitForFunction(() => /cost a trick/.test(document.querySelector('#record-summary').textContent), null, { timeout: 60000 });
    // The contract of the auction, from the opening lead; the auction shown.
    assert.equal(await page.inputValue('#level'), '4');
    assert.match(await page.textContent('.contract'), /^♠ by South$/);
    assert.deepEqual(playsOf(page.url()), []);
    assert.match(await page.textContent('#auction'), /WNES\s*PassPass1♠Pass4♠PassPassPass/);
    // Every card: marked when it cost a trick, the contract's result after it, as DDS's TRACE says.
    const expected = expectedRecord(D7, c7, 'NS');
    const shown = await shownRecord(page);
    assert.deepEqual(shown.map((x) => ({ cost: x.cost, res: x.res })), expected.map((x) => ({ cost: Math.sign(x.cost), res: x.res })));
    assert.ok(expected.some((x) => x.cost > 0), 'some card cost a trick');
    assert.match(await page.textContent('#record-summary'), /^1 card cost a trick: South's ♥2 at trick 2\./);
    // Forwards and back: buttons and keys.
    await page.click('#next-card');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 1));
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 2));
    await page.click('#next-trick');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 4));
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 8));
    await page.keyboard.press('ArrowLeft');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 7));
    await page.click('#undo-trick');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 4));
    await page.keyboard.press('Shift+ArrowLeft');
    assert.deepEqual(playsOf(page.url()), []);
    // The end: the claim, and its result and score by the package.
    await page.keyboard.press('End');
    assert.deepEqual(playsOf(page.url()), D7.play);
    const claim = dds.contractScore(c7, 'NS', 12);
    assert.match(await page.textContent('#record-claim'), new RegExp(`^South claimed 12 tricks \\(\\+2, NS \\+${claim.score}\\); double dummy ${D7.trace[35]} from here`));
    await page.keyboard.press('Home');
    assert.deepEqual(playsOf(page.url()), []);
    // The card that cost the trick: beside the controls, what it did.
    await page.click('#play button.rc[data-record="4"]');
    assert.equal(await page.textContent('#record-step'), `Card 5 of 35: South ♥2 \u2192 ${D7.trace[5]} tricks (+2), cost a trick`);
    // A card of the record: the position after it, in the diagram and the tricks taken.
    await page.click('#play button.rc[data-record="9"]');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 10));
    assert.equal(await page.getAttribute('#play button.rc[data-record="9"]', 'aria-current'), 'step');
    const after = dds.replay(D7.deal, 'S', 'W', D7.play.slice(0, 10));
    for (const seat of SEATS) {
      const cards = await page.$$eval(`#diagram .hand-${seat} .card`, (cs) => cs.length);
      assert.equal(cards, after.hands[seat].length, seat);
    }
    assert.equal(await page.textContent('#taken-decl'), String(after.tricksWon.NS));
    // The scores of the legal cards of that position are the package's too.
    assert.deepEqual(await shownScores(page), expectedScores(D7.deal, c7, D7.play.slice(0, 10)));
    // Off the record and back: a card the record did not play, then a card of the record.
    const other = Object.keys(await shownScores(page)).find((c) => c !== D7.play[10]);
    await page.click(`#diagram button.card[data-card="${other}"]`);
    await page.waitForSelector('#off-record');
    await page.click('#play button.rc[data-record="3"]');
    assert.deepEqual(playsOf(page.url()), D7.play.slice(0, 4));
    // The link keeps the record.
    const again = await openPage(chrome, page.url());
    await again.page.waitForFunction(() => document.querySelectorAll('#play button.rc').length === 35 && /cost a trick/.test(document.querySelector('#record-summary')?.textContent), null, { timeout: 60000 });
    assert.deepEqual(await shownRecord(again.page), shown);
    await again.page.close();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a PBN game with [Contract], [Declarer] and [Play]: the record loads, defenders\' cards that gave a trick are marked', async () => {
    // list10's tenth deal: East declares notrump (South leads); DDS's TRACE goes 9 to 10 to 11 (defenders' mistakes).
    const d = LIST10[9];
    assert.deepEqual([d.strain, prev(d.leader)], ['NT', 'E']);
    const contract = { level: 3, strain: 'NT', declarer: 'E' };
    // PBN's [Play] lists each trick by seat, from the opening leader's column: who played which card is the package's replay.
    const seats = seatsOf(d.deal, 'NT', d.leader, d.play);
    const lines = [];
    d.play.forEach((card, i) => {
      const trick = Math.floor(i / 4);
      lines[trick] ??= ['-', '-', '-', '-'];
      lines[trick][(SEATS.indexOf(seats[i]) - SEATS.indexOf(d.leader) + 4) % 4] = card;
    });
    const pbn = ['[Event "Club"]', '[Board "10"]', `[Dealer "${d.dealer}"]`, '[Vulnerable "None"]', `[Deal "${d.deal}"]`,
      '[Declarer "E"]', '[Contract "3NT"]', `[Play "${d.leader}"]`, ...lines.map((l) => l.join(' ')), '*', ''].join('\n');
    const { page, errors } = await openPage(chrome, server.url);
    await enterDeal(page, pbn);
    await page.waitForFunction(() => /cost a trick/.test(document.querySelector('#record-summary')?.textContent ?? ''), null, { timeout: 60000 });
    assert.equal(await page.inputValue('#level'), '3');
    assert.match(await page.textContent('.contract'), /^NT by East$/);
    const expected = expectedRecord(d, contract, 'None');
    assert.deepEqual((await shownRecord(page)).map((x) => ({ cost: x.cost, res: x.res })), expected.map((x) => ({ cost: Math.sign(x.cost), res: x.res })));
    assert.ok(expected.filter((x) => x.cost > 0).length >= 2, 'defenders gave tricks');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a pasted deal without dealer or vulnerability: the page\'s default (North, none), whatever board the page showed before', async () => {
    const d = LIST10[0];
    for (const board of [6, 15]) {
      const { page, errors } = await openOnBoard(board);
      // The random deal shown first is board 6 (dealer East, E-W vulnerable), or 15 (South, N-S).
      const info = dds.boardInfo(board);
      assert.deepEqual([await page.inputValue('#dealer'), await page.inputValue('#vul')], [info.dealer, info.vulnerability]);
      await enterDeal(page, d.deal);
      await shownTable(page, norm(d.deal));
      assert.deepEqual([await page.inputValue('#dealer'), await page.inputValue('#vul')], ['N', 'None'], `after board ${board}`);
      await page.waitForSelector('#par-score');
      assert.equal(await parScore(page), d.par2[0]);
      assert.equal(await page.textContent('#dealer-whence'), '(default)');
      // The user's own choice is kept for the next deal that does not say.
      await page.selectOption('#vul', 'All');
      await enterDeal(page, LIST10[1].deal);
      await shownTable(page, norm(LIST10[1].deal));
      assert.deepEqual([await page.inputValue('#dealer'), await page.inputValue('#vul')], ['N', 'All']);
      assert.ok(await page.isHidden('#vul-whence'));
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test('a traveller file: one entry a board (the package\'s distinct boards, as `dds report` counts them), each table\'s record', async () => {
    // Boards 1 and 2, each played at four tables (and so four times in the file).
    const games = [];
    for (const [i, d] of [LIST10[0], LIST10[1]].entries()) {
      for (const [k, contract] of ['2S', '3S', '1NT', '2H'].entries()) {
        games.push([`[Event "Club"]`, `[Board "${i + 1}"]`, `[Dealer "${d.dealer}"]`, `[Vulnerable "${d.vul === 'All' ? 'All' : d.vul}"]`,
          `[Deal "${d.deal}"]`, `[North "N${k}"]`, `[Declarer "${i ? 'N' : 'W'}"]`, `[Contract "${contract}"]`, '[Result "8"]', ''].join('\n'));
      }
    }
    const text = '% PBN 2.1\n% EXPORT\n' + games.join('\n');
    const file = join(tmp, 'traveller.pbn');
    writeFileSync(file, text);
    const distinct = dds.handRecord(text).boards;
    assert.equal(distinct, 2);
    const { page, errors } = await openPage(chrome, server.url);
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent.startsWith('1 of 2'));
    assert.deepEqual(await page.$$eval('#board-select option', (os) => os.map((o) => o.textContent)), ['Board 1', 'Board 2']);
    assert.match(await page.textContent('#message'), /^traveller\.pbn: 2 boards \(8 games/);
    // Each table's record: the contracts played at board 1.
    assert.deepEqual(await page.$$eval('#record-table option', (os) => os.map((o) => o.textContent.replace(/^Table \d: /, ''))),
      ['2♠ by West', '3♠ by West', '1NT by West', '2♥ by West']);
    assert.match(await page.textContent('.contract'), /^♠ by West$/);
    await page.selectOption('#record-table', '2');
    await page.waitForFunction(() => /^NT by West$/.test(document.querySelector('.contract')?.textContent));
    assert.equal(await page.inputValue('#level'), '1');
    await page.click('#next-board');
    await page.waitForFunction(() => document.querySelector('#file-name').textContent.startsWith('2 of 2'));
    assert.deepEqual(await shownTable(page, norm(LIST10[1].deal)), LIST10[1].tricks);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a phone (390x844): cards and controls of 44 px at least, the hand to play and the controls on one screen', async () => {
    const { page, errors } = await openPage(chrome, server.url, { width: 390, height: 844 });
    const check = async (what) => {
      await shownScores(page);
      const boxes = await page.evaluate(() => {
        const box = (e) => { const r = e.getBoundingClientRect(); return { w: r.width, h: r.height, top: r.top, bottom: r.bottom }; };
        return {
          cards: [...document.querySelectorAll('#diagram button.card')].map(box),
          controls: [...document.querySelectorAll('#play .controls button')].map(box),
          record: [...document.querySelectorAll('#play button.rc')].map(box),
          hand: box(document.querySelector('#diagram .hand.to-play')),
          dock: box(document.querySelector('#dock') ?? document.querySelector('#play .controls')),
          height: window.innerHeight,
        };
      });
      for (const b of [...boxes.cards, ...boxes.controls, ...boxes.record]) assert.ok(b.w >= 44 && b.h >= 44, `${what}: a target of ${b.w}x${b.h}`);
      assert.ok(boxes.controls.length >= 5, `${what}: the play controls`);
      // The hand to play above the controls, both on screen.
      assert.ok(boxes.hand.top >= 0 && boxes.hand.bottom <= boxes.dock.top + 1, `${what}: the hand at ${boxes.hand.top}-${boxes.hand.bottom}, the controls from ${boxes.dock.top}`);
      assert.ok(boxes.dock.bottom <= boxes.height + 1 && boxes.controls.every((b) => b.top >= 0 && b.bottom <= boxes.height + 1), `${what}: controls on screen`);
    };
    // A contract chosen from the table, played with the controls.
    await enterDeal(page, LIST10[0].deal);
    await shownTable(page, norm(LIST10[0].deal));
    await page.click('#table button.cell[data-seat="W"][data-strain="S"]');
    await check('a contract chosen');
    for (let k = 0; k < 3; k++) {
      await page.click('#best-card');
      await page.waitForFunction((n) => (/[#&]play=([^&]*)/.exec(location.hash)?.[1].length ?? 0) === n * 2, k + 1);
      await check(`after ${k + 1} best cards`);
    }
    // A recorded play, stepped through.
    await enterDeal(page, lin7());
    await page.waitForFunction(() => /cost a trick/.test(document.querySelector('#record-summary')?.textContent ?? ''), null, { timeout: 60000 });
    await check('at the lead');
    for (let k = 0; k < 6; k++) {
      await page.click('#next-card');
      await page.waitForFunction((n) => (/[#&]play=([^&]*)/.exec(location.hash)?.[1].length ?? 0) === n * 2, k + 1);
      await check(`after ${k + 1} cards`);
    }
    // Playing a card by touch keeps the next hand to play in view.
    await page.click('#diagram button.card');
    await check('after a card played');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scrolling');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('files: a binary file, an empty PBN file and a Latin-1 PBN file', async () => {
    const { page, errors } = await openPage(chrome, server.url);
    // Binary: one line that says what the file is not.
    const bin = join(tmp, 'photo.jpg');
    writeFileSync(bin, Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 37 + 11) % 256)));
    await page.setInputFiles('#file', bin);
    await page.waitForSelector('#message.error');
    const said = await page.textContent('#message');
    assert.match(said, /^photo\.jpg cannot be read: it is not a text file/);
    assert.ok(!said.includes('\n') && said.length < 200, said);
    // An empty PBN file: the words of `dds pbn`.
    const empty = join(tmp, 'empty.pbn');
    writeFileSync(empty, '% PBN 2.1\n% EXPORT\n');
    assert.match(spawnSync(ddsBinary(), ['pbn', empty], { encoding: 'utf8' }).stderr, /: a PBN file with no games/);
    await page.setInputFiles('#file', empty);
    await page.waitForFunction(() => /^empty\.pbn cannot be read: /.test(document.querySelector('#message').textContent));
    assert.equal(await page.textContent('#message'), 'empty.pbn cannot be read: a PBN file with no games');
    // Latin-1: the file comes back byte for byte as `dds pbn` writes it.
    const latin = join(tmp, 'latin.pbn');
    const source = readFileSync(join(ROOT, 'fixtures/sample/boards.pbn'), 'utf8').replace(/\[Event "[^"]*"\]/, '[Event "Caf\u00e9 \u00e0 Gen\u00e8ve"]');
    assert.ok(source.includes('Caf\u00e9'));
    writeFileSync(latin, Buffer.from(source, 'latin1'));
    await page.setInputFiles('#file', latin);
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent.startsWith('1 of 10'));
    await page.click('#solve-file');
    await page.waitForSelector('#download', { timeout: 60000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const got = join(tmp, 'latin-dd.pbn');
    await download.saveAs(got);
    const theirs = execFileSync(ddsBinary(), ['pbn', latin]);
    assert.ok(theirs.includes(Buffer.from('Caf\u00e9', 'latin1')));
    assert.ok(readFileSync(got).equals(theirs), 'the bytes of `dds pbn`');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('review of issue 40: a link\'s claim, a Latin-1 file\'s bytes 0x80 to 0x9F', () => {
  test('a link whose claim is not 0 to 13 tricks: the deal and contract load, the message says the claim is left out', async () => {
    const deal = norm(LIST10[0].deal);
    const contract = { level: 3, strain: 'NT', declarer: 'S' };
    const link = (claim) => `#deal=${deal.replace(/ /g, '_')}&dealer=N&vul=None&contract=3NT-S&claim=${claim}`;
    const { page, errors } = await openPage(chrome, server.url, { hash: link(99) });
    assert.deepEqual(await shownTable(page, deal), LIST10[0].tricks);
    assert.equal(await page.textContent('#message'), 'The link\'s claim=99 (a claim is 0 to 13 tricks) is left out.');
    assert.equal(await page.getAttribute('#message', 'role'), 'alert');
    assert.match(await page.textContent('.contract'), /^NT by South$/);
    assert.equal(await page.$('#record-claim'), null);
    assert.ok(!/claim=/.test(page.url()), page.url());
    // A claim of 0 to 13 tricks is the record's, with the package's result and score.
    for (const claim of [13, 0]) {
      const again = await openPage(chrome, server.url, { hash: link(claim) });
      await again.page.waitForSelector('#record-claim');
      const { result, score } = dds.contractScore(contract, 'None', claim);
      const sign = (n) => (n > 0 ? `\\+${n}` : `\u2212${-n}`);
      assert.match(await again.page.textContent('#record-claim'), new RegExp(`^South claimed ${claim} tricks \\(${sign(result)}, NS ${sign(score)}\\)`));
      assert.equal(await again.page.textContent('#message'), '');
      assert.deepEqual(again.errors, []);
      await again.page.close();
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a Latin-1 file with bytes 0x80 to 0x9F: each byte the character the package reads (the hand record as `dds report` makes it)', async () => {
    // Windows-1252 (what browsers' TextDecoder calls iso-8859-1) would read them as \u20ac \u2026 \u2122 \u0178.
    const file = join(tmp, 'c1.pbn');
    const game = (i) => [`[Board "${i + 1}"]`, `[Dealer "${LIST10[i].dealer}"]`, `[Vulnerable "${LIST10[i].vul}"]`, `[Deal "${LIST10[i].deal}"]`, ''];
    const text = ['% PBN 2.1', '[Event "Caf\u00e9 \u0080\u0085\u0099\u009f"]', ...game(0), ...game(1)].join('\n');
    writeFileSync(file, Buffer.from(text, 'latin1'));
    const theirs = execFileSync(ddsBinary(), ['report', file], { encoding: 'utf8' });
    assert.ok(theirs.includes('Caf\u00e9 \u0080\u0085\u0099\u009f'), 'dds report reads ISO 8859-1');
    const { page, errors } = await openPage(chrome, server.url);
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => document.querySelector('#file-name')?.textContent.startsWith('1 of 2'));
    await page.click('#record-file');
    await page.waitForSelector('#open-record', { timeout: 60000 });
    const [record] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const html = join(tmp, 'c1-record.html');
    await record.saveAs(html);
    assert.equal(readFileSync(html, 'utf8'), theirs);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** The `dds` command, built (release, default target folder) only if absent. */
function ddsBinary() {
  const bin = join(TARGET, 'release', 'dds');
  if (!existsSync(bin)) execFileSync('cargo', ['build', '--release', '-p', 'ddsrs-cli'], { cwd: ROOT, stdio: 'inherit' });
  return bin;
}

/** A deal as LIN's md value: dealer digit (1 S, 2 W, 3 N, 4 E), then South, West, North, East. */
function linHands(deal, dealer) {
  const h = dealHands(dds.parseDeal(deal).deal);
  const hand = (cards) => ['S', 'H', 'D', 'C'].map((s) => s + cards.filter((c) => c[0] === s).map((c) => c[1]).join('')).join('');
  return { S: 1, W: 2, N: 3, E: 4 }[dealer] + ['S', 'W', 'N', 'E'].map((s) => hand(h[s])).join(',');
}
