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
import { execFileSync } from 'node:child_process';
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
    const m = /^PBN (\d+) (\d+) \d+ \d+ "([^"]+)"/.exec(lines[i]);
    if (!m) continue;
    const block = lines.slice(i + 1, i + 8);
    const table = block.find((l) => l.startsWith('TABLE')).split(/\s+/).slice(1, 21).map(Number);
    const par2 = [...block.find((l) => l.startsWith('PAR2')).matchAll(/"([^"]*)"/g)].map((x) => x[1]);
    const tricks = {};
    STRAINS.forEach((s, si) => { tricks[s] = Object.fromEntries(SEATS.map((d, di) => [d, table[si * 4 + di]])); });
    deals.push({ deal: m[3], dealer: SEATS[Number(m[1])], vul: ['None', 'All', 'NS', 'EW'][Number(m[2])], tricks, par2 });
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
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('#diagram button.card')];
    return cards.length > 0 && cards.every((c) => c.querySelector('.res'));
  }, null, { timeout: 30000 });
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

  test('the keyboard plays, undoes and plays the best card', async () => {
    const d = LIST10[2];
    const { page, errors } = await openPage(chrome, server.url);
    await loadDeal(page, d);
    await page.focus('#table button.cell[data-seat="S"][data-strain="H"]');
    await page.keyboard.press('Enter');
    await shownScores(page);
    // Tab reaches the cards; Enter plays the focused one.
    await page.focus('#diagram button.card');
    const first = await page.evaluate(() => document.activeElement.dataset.card);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /play=..$/.test(location.hash) || /play=..&/.test(location.hash));
    assert.deepEqual(playsOf(page.url()), [first]);
    // Focus moves on to the next seat's cards.
    await page.waitForFunction(() => document.activeElement?.classList.contains('card'));
    await page.keyboard.press('ArrowLeft');
    assert.deepEqual(playsOf(page.url()), []);
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

  test('offline and on a phone: nothing fetched from outside, no sideways scrolling; screenshots', async () => {
    const d = LIST10[0];
    const { page, errors } = await openPage(chrome, server.url);
    await loadDeal(page, d);
    await page.click('#table button.cell[data-seat="W"][data-strain="S"]');
    await shownScores(page);
    for (const card of ['CT', 'C4', 'CA', 'CJ']) {
      await page.click(`#diagram button.card[data-card="${card}"]`);
      await page.waitForFunction((c) => location.hash.includes(c), card);
    }
    await shownScores(page);
    mkdirSync(join(ROOT, 'docs/img'), { recursive: true });
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(ROOT, 'docs/img/web-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scrolling at 390 px');
    await page.evaluate(() => document.querySelector('#diagram').scrollIntoView());
    await page.screenshot({ path: join(ROOT, 'docs/img/web-phone.png') });
    assert.deepEqual(chrome.outside, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** The `dds` command, built (release, default target folder) only if absent. */
function ddsBinary() {
  const bin = join(TARGET, 'release', 'dds');
  if (!existsSync(bin)) execFileSync('cargo', ['build', '--release', '-p', 'dds-cli'], { cwd: ROOT, stdio: 'inherit' });
  return bin;
}

/** A deal as LIN's md value: dealer digit (1 S, 2 W, 3 N, 4 E), then South, West, North, East. */
function linHands(deal, dealer) {
  const h = dealHands(dds.parseDeal(deal).deal);
  const hand = (cards) => ['S', 'H', 'D', 'C'].map((s) => s + cards.filter((c) => c[0] === s).map((c) => c[1]).join('')).join('');
  return { S: 1, W: 2, N: 3, E: 4 }[dealer] + ['S', 'W', 'N', 'E'].map((s) => hand(h[s])).join(',');
}
