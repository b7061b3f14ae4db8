// The page: reads a deal (or a file of boards), shows the hands, the double
// dummy table and par, lets the user play a contract card by card with
// every legal card's double dummy result, runs single dummy layouts and
// writes a PBN file with the double dummy tags. Every solve runs in a Web
// Worker (worker.js); this thread renders, and asks its own instance of the
// package (loaded below) what the rules say without solving anything: the
// play so far (replay), scores (contractScore), a board number's dealer and
// vulnerability (boardInfo), the count of layouts (countLayouts).

import {
  SEATS, SEAT_NAMES, SUITS, SYMBOLS, DDS_STRAINS, SHOWN_STRAINS, VULS,
  seatAfter, sideOf, rankText, cardText, cardName, sortCards, dealHands, randomDeal,
  isVulnerable, encodeHash, decodeHash,
} from './bridge.js';
import {
  classify, readPlainHands, readDdsFile, readDealList, decodeFile, InputError, fileProblem, oneLine, NOT_A_FILE,
  distinctBoards,
} from './input.js';
import { Engine } from './engine.js';
import { esc, suitClass, strainHtml, signed } from './html.js';
import {
  recordOf, recordContract, sameDenomination, playersOf, recordCards, onRecord, stepRecord, recordHtml, lastCardHtml, tablesHtml,
  contractHtml as recordContractHtml,
} from './record.js';
import {
  dds, ddsError, $, VUL_TEXT, engine, state, ui, say, errorText, leaderOf, openingLeader, positionKey, current, contractScore,
  recordShown, trickStart, declarerTotal, resultText,
} from './state.js';
import { resetSd, renderSd, runSd, runLeads, stopSd } from './sdpanel.js';
import { runBatch, stopBatch, resetBatch, renderBatch } from './save.js';


// ---------------------------------------------------------------- reading deals

/** Text typed, pasted or read from a file, as boards: {deal, dealer, vul,
 *  board, error, record, copyOf}, the record of a game's auction and play
 *  (record.js) and, for a copy of an earlier game of the same board,
 *  that game's index. */
async function readText(text, fileName = null, bytes = null) {
  let { kind, text: body } = classify(text);
  if (fileName && kind === 'plain' && /\.pbn$/i.test(fileName)) kind = 'pbn-file';
  let boards;
  if (kind === 'pbn-deal') {
    boards = [{ deal: body }];
  } else if (kind === 'plain') {
    const { deal, note } = readPlainHands(body);
    boards = [{ deal, note }];
  } else if (kind === 'lin') {
    const games = await engine.call('parseLin', { text: body });
    boards = games.map((g) => ({
      deal: g.deal, dealer: g.dealer, vul: g.vulnerability, board: g.board, error: g.error?.message,
      record: recordOf(g), copyOf: copyIndex(g),
    }));
  } else if (kind === 'pbn-file') {
    const games = await engine.call('parsePbn', { text: body });
    boards = games.map((g) => ({
      deal: g.deal ?? null, dealer: g.dealer, vul: g.vulnerability, board: g.board ?? String(g.game + 1),
      error: g.error?.message ?? (g.deal ? null : 'no deal in this game'),
      record: recordOf(g), copyOf: copyIndex(g),
    }));
  } else if (kind === 'dds-file') {
    boards = readDdsFile(body);
  } else {
    boards = readDealList(body);
  }
  if (!boards.length) throw new InputError('no deal found in the text');
  return { boards, kind, text: body, fileName, bytes };
}

/** The index of the earlier game a game repeats (the package's `copyOf`, a
 *  game number from 1), or null. */
const copyIndex = (g) => (Number.isInteger(g?.copyOf) ? g.copyOf - 1 : null);

/** What the page takes for a deal that names no dealer or vulnerability
 *  (nor a board number), unless the user has chosen them in the selects. */
const DEFAULT_DEALER = 'N';
const DEFAULT_VUL = 'None';


/** The dealer and vulnerability of a board number ({} when there is none): the package's boardInfo. */
function fromBoardNumber(board) {
  if (board == null || board === '') return {};
  try {
    const { dealer, vulnerability } = dds.boardInfo(board);
    return { dealer, vul: vulnerability };
  } catch {
    return {};
  }
}

function normaliseVul(v) {
  if (!v) return null;
  const t = String(v).toLowerCase();
  if (t === 'both' || t === 'all') return 'All';
  return VULS.find((x) => x.toLowerCase() === t) ?? null;
}

/** Shows the boards read: one deal, or a file's with navigation, one entry a board. */
async function openBoards({ boards, kind, text, fileName, bytes }) {
  const read = boards.map((b) => {
    const fromNumber = fromBoardNumber(b.board);
    const dealer = SEATS.includes(b.dealer) ? b.dealer : fromNumber.dealer;
    const vul = normaliseVul(b.vul) ?? fromNumber.vul;
    return {
      ...b,
      dealer: dealer ?? DEFAULT_DEALER,
      vul: vul ?? DEFAULT_VUL,
      assumed: { dealer: !dealer && 'default', vul: !vul && 'default' },
    };
  });
  state.boards = distinctBoards(read);
  state.file = boards.length > 1 || fileName ? { name: fileName ?? 'boards.pbn', text, kind, bytes, games: boards.length } : null;
  resetBatch();
  const first = Math.max(0, state.boards.findIndex((b) => b.deal && !b.error));
  await showBoard(first);
  if (state.file && !state.message?.error) {
    const n = state.boards.length;
    const games = boards.length > n ? ` (${boards.length} games: a board's copies are its tables)` : '';
    say(`${fileName ? fileName + ': ' : ''}${n} board${n === 1 ? '' : 's'}${games}`);
  }
}


async function showBoard(i) {
  state.index = i;
  const b = state.boards[i];
  renderBoards();
  if (!b.deal || b.error) {
    say(`Board ${b.board ?? i + 1}: ${b.error ?? 'no deal'}`, true);
    return;
  }
  await loadDeal({ deal: b.deal, dealer: b.dealer, vul: b.vul, board: b.board, tables: b.tables, assumed: b.assumed });
  if (b.note) say(b.note);
}

/** Loads one deal (checked by the package's parseDeal) with, from a link,
 *  its contract, play and hidden hands, and from a file or a BBO hand its
 *  records (`tables`: the contract and play of each table; the first shown). */
async function loadDeal({ deal, dealer, vul, board, contract, plays, hidden, tables = [], table = 0, assumed = {} }) {
  const gen = ++state.gen;
  let info;
  try {
    info = await engine.call('parseDeal', { text: deal });
  } catch (e) {
    if (gen === state.gen) say(`This deal cannot be read: ${errorText(e)}`, true);
    return false;
  }
  if (gen !== state.gen) return false;
  const unknown = SEATS.filter((s) => info.hands[s] == null);
  if (unknown.length) {
    const names = unknown.map((s) => SEAT_NAMES[s]);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    say(`This deal cannot be analysed: ${list} ${unknown.length > 1 ? 'are' : 'is'} unknown ("-"). Give every hand; to see the layouts of hidden hands, hide them on the diagram.`, true);
    return false;
  }
  say(null);
  const fromNumber = fromBoardNumber(board);
  state.deal = info.deal;
  state.hands = dealHands(info.deal);
  state.size = state.hands.N.length;
  state.full = info.full;
  state.dealer = dealer ?? fromNumber.dealer ?? 'N';
  state.vul = vul ?? fromNumber.vul ?? 'None';
  state.board = board ?? null;
  state.assumed = assumed;
  state.contract = contract ?? null;
  state.plays = [];
  state.hidden = hidden ?? [];
  state.analysis = { status: 'busy' };
  state.scores = { key: null, status: 'idle' };
  state.tables = tables;
  state.table = Math.min(table, Math.max(0, tables.length - 1));
  resetSd();
  // A record without a contract from the link: its contract is played, from the lead.
  loadRecord(tables[state.table] ?? null, { keepContract: Boolean(contract) });
  if (state.contract && plays?.length) {
    // The link's cards, played by the package's rules: up to the first that cannot be played.
    try {
      const r = dds.replay(state.deal, state.contract.strain, openingLeader(), plays);
      state.plays = r.plays;
      if (r.error) say(`The play stops at card ${r.plays.length + 1}: ${r.error.message}`, true);
    } catch (e) {
      say(`The play cannot be read: ${errorText(e)}`, true);
    }
  }
  $('deal-input').value = info.deal;
  $('dealer').value = state.dealer;
  $('vul').value = state.vul;
  // A contract to play (a record's, a link's): on a phone, the hand to lead comes into view.
  ui.revealHand = Boolean(state.contract);
  render();
  writeHash();
  analyse(gen);
  refreshScores();
  analyseRecord();
  return true;
}

/**
 * Takes a game's record (record.js's recordOf, or a link's record=):
 * its contract becomes the one played (unless `keepContract`), its cards
 * are checked by the package's replay (up to the first that cannot be
 * played, whose reason is shown), and the package's analysePlay then
 * solves the position after each card (analyseRecord).
 */
function loadRecord(rec, { keepContract = false } = {}) {
  state.record = null;
  if (!rec) return;
  const contract = recordContract(rec.contract);
  if (contract && !keepContract) state.contract = contract;
  const r = { ...rec, contract, cards: [], players: [], tricks: null, analysed: null, status: 'idle', error: null };
  if (rec.playError) say(`The recorded play cannot be read: ${rec.playError}`, true);
  if (contract && rec.play.length) {
    try {
      const replay = (plays) => dds.replay(state.deal, contract.strain, leaderOf(contract), plays);
      const replayed = replay(rec.play);
      r.cards = replayed.plays;
      r.players = playersOf(r.cards, replay);
      if (replayed.error) say(`The recorded play stops at card ${replayed.plays.length + 1}: ${replayed.error.message}`, true);
    } catch (e) {
      say(`The recorded play cannot be read: ${errorText(e)}`, true);
    }
  }
  state.record = r;
}


let recordEngine = null;
/** The package's analysePlay of the record (its own worker, so that the
 *  cards' scores of the position shown come meanwhile): declarer's side's
 *  tricks at the lead and after each card. */
async function analyseRecord() {
  const r = state.record;
  if (!r?.contract || !r.cards.length || r.status !== 'idle') return;
  r.status = 'busy';
  recordEngine ??= new Engine();
  try {
    const result = await recordEngine.call('analysePlay', {
      deal: state.deal, strain: r.contract.strain, leader: leaderOf(r.contract), plays: r.cards,
    });
    r.tricks = result.tricks;
    r.analysed = result.cards;
    r.status = 'done';
  } catch (e) {
    r.status = 'error';
    r.error = `The play could not be analysed: ${errorText(e)}`;
  }
  if (state.record === r) renderPlay();
}

async function analyse(gen) {
  try {
    const result = await engine.call('analyse', { deal: state.deal, dealer: state.dealer, vul: state.vul });
    if (gen !== state.gen) return;
    state.analysis = { status: 'done', ...result };
  } catch (e) {
    if (gen !== state.gen) return;
    state.analysis = { status: 'error', error: errorText(e) };
    say(`The solver failed: ${errorText(e)}`, true);
  }
  renderTable();
  renderPlay();
}

async function repar() {
  const gen = state.gen;
  if (state.analysis.status !== 'done' || !state.analysis.full) return;
  try {
    const p = await engine.call('par', { rows: state.analysis.rows, dealer: state.dealer, vul: state.vul });
    if (gen !== state.gen) return;
    Object.assign(state.analysis, p);
    renderTable();
  } catch (e) {
    say(`Par failed: ${errorText(e)}`, true);
  }
}

async function analyseInput() {
  const text = $('deal-input').value;
  try {
    const read = await readText(text);
    if (read.boards.length === 1 && !read.fileName) {
      const b = read.boards[0];
      state.boards = [];
      state.file = null;
      resetBatch();
      renderBoards();
      if (b.error || !b.deal) {
        say(`This deal cannot be read: ${b.error ?? 'no deal'}`, true);
        return;
      }
      // What the deal does not say comes from its board number, else from
      // the user's own choice in the selects, else from the page's default
      // (North, none vulnerable), never from the deal shown before.
      const fromNumber = fromBoardNumber(b.board);
      const statedDealer = SEATS.includes(b.dealer) ? b.dealer : fromNumber.dealer;
      const statedVul = normaliseVul(b.vul) ?? fromNumber.vul;
      const ok = await loadDeal({
        deal: b.deal,
        dealer: statedDealer ?? state.chosen.dealer ?? DEFAULT_DEALER,
        vul: statedVul ?? state.chosen.vul ?? DEFAULT_VUL,
        board: b.board ?? null,
        tables: b.record ? [b.record] : [],
        // Where what the deal does not say came from: 'chosen' or 'default' (marked on the diagram).
        assumed: {
          dealer: !statedDealer && (state.chosen.dealer ? 'chosen' : 'default'),
          vul: !statedVul && (state.chosen.vul ? 'chosen' : 'default'),
        },
      });
      if (ok && b.note && !state.message?.error) say(b.note);
    } else {
      await openBoards(read);
    }
  } catch (e) {
    say(`This deal cannot be read: ${errorText(e)}`, true);
  }
}

async function openFile(file) {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const what = fileProblem(bytes);
    if (what) throw new InputError(what);
    const text = decodeFile(bytes);
    let read;
    try {
      read = await readText(text, file.name, bytes);
    } catch (e) {
      // Text the page tried to read as hands: the file is none of the kinds it reads.
      if (e instanceof InputError && classify(text).kind === 'plain' && !/\.pbn$/i.test(file.name)) throw new InputError(NOT_A_FILE);
      throw e;
    }
    await openBoards(read);
  } catch (e) {
    say(`${file.name} cannot be read: ${oneLine(errorText(e))}`, true);
  }
}


let solving = false;
async function refreshScores() {
  if (!state.contract || !state.deal) return;
  const pos = current();
  if (pos.finished) return;
  const key = positionKey();
  if (state.scores.key === key && state.scores.status !== 'error') return;
  if (solving) return; // asked again when the running solve ends
  solving = true;
  state.scores = { key, status: 'busy' };
  const args = { deal: state.deal, strain: state.contract.strain, leader: openingLeader(), plays: state.plays };
  try {
    const result = await engine.call('solve', args);
    if (positionKey() === key) {
      const tricks = new Map();
      for (const c of result.cards) for (const card of [c.card, ...c.equals]) tricks.set(card, c.tricks);
      state.scores = { key, status: 'done', tricks, best: Math.max(...tricks.values()), order: result.cards.map((c) => c.card) };
      renderHands();
      renderPlay();
    }
  } catch (e) {
    if (positionKey() === key) {
      state.scores = { key, status: 'error', error: errorText(e) };
      say(`The solver failed: ${errorText(e)}`, true);
      renderPlay();
    }
  } finally {
    solving = false;
    if (state.contract && positionKey() !== state.scores.key) refreshScores();
  }
}

function setContract(declarer, strain, level) {
  const tricks = state.analysis.rows?.[DDS_STRAINS.indexOf(strain)]?.[SEATS.indexOf(declarer)];
  const same = state.contract && state.contract.declarer === declarer && state.contract.strain === strain;
  // The highest level that the table's tricks make (the package's scoring), else 1.
  if (level == null) {
    level = (state.full && tricks != null && [7, 6, 5, 4, 3, 2, 1].find((l) => contractScore(tricks, { declarer, strain, level: l }).made)) || 1;
  }
  // A recorded contract chosen again keeps its penalty.
  const penalty = sameDenomination(state.record?.contract, { declarer, strain }) ? state.record.contract.penalty : undefined;
  state.contract = penalty ? { declarer, strain, level, penalty } : { declarer, strain, level };
  if (!same) {
    state.plays = [];
    state.scores = { key: null, status: 'idle' };
  }
  // The keyboard goes on to the cards of the seat to play.
  ui.focusCards = true;
  ui.revealHand = true;
  changed();
  refreshScores();
}

function playCard(card) {
  if (!state.contract) return;
  const pos = current();
  if (!pos.legalCards.includes(card)) return;
  state.plays = [...state.plays, card];
  ui.revealHand = true;
  changed({ focusNext: true });
  refreshScores();
}

function setPlays(plays, { reveal = true } = {}) {
  state.plays = plays;
  ui.revealHand = reveal;
  changed({ focusNext: true });
  refreshScores();
}


/**
 * A step through the play (record.js's stepRecord): 'start', 'back' (a
 * card), 'trick-back', and along the record shown 'forward', 'trick-forward'
 * and 'end'. Forward and end with no record to follow play the best card
 * and the best line. Returns whether it moved.
 */
function step(kind) {
  if (!state.contract) return false;
  const next = stepRecord(recordShown() ? state.record.cards : [], state.plays, kind, trickStart());
  if (next) {
    setPlays(next);
    return true;
  }
  if (kind === 'forward' && !recordShown()) bestCard();
  else if (kind === 'end' && !recordShown()) playBest();
  else return false;
  return true;
}

const undoCard = () => step('back');
const undoTrick = () => step('trick-back');

/** Shows the record of the board's table `i` (a traveller file's), its contract from the lead. */
function showTable(i) {
  state.table = i;
  state.contract = null;
  state.plays = [];
  state.scores = { key: null, status: 'idle' };
  say(null);
  loadRecord(state.tables[i] ?? null);
  changed();
  refreshScores();
  analyseRecord();
}

/** Back to the record's contract, where the play leaves it (or at its start). */
function backToRecord() {
  const rec = state.record;
  if (!rec?.contract) return;
  state.contract = recordContract(rec.contract);
  state.plays = [];
  state.scores = { key: null, status: 'idle' };
  changed();
  refreshScores();
}

async function bestCard() {
  if (!state.contract || current().finished) return;
  const key = positionKey();
  if (state.scores.key === key && state.scores.status === 'done') {
    playCard(state.scores.order[0]);
    return;
  }
  await playBest(1);
}

async function playBest(count = Infinity) {
  if (!state.contract || current().finished) return;
  const key = positionKey();
  try {
    const line = await engine.call('bestLine', { deal: state.deal, strain: state.contract.strain, leader: openingLeader(), plays: state.plays });
    if (positionKey() !== key) return;
    setPlays([...state.plays, ...line.slice(0, count)]);
  } catch (e) {
    say(`The solver failed: ${errorText(e)}`, true);
  }
}

// ---------------------------------------------------------------- rendering

function changed({ focusNext = false } = {}) {
  ui.focusNext = focusNext;
  render();
  writeHash();
}

function render() {
  renderHands();
  renderTable();
  renderPlay();
  renderSd();
  renderBatch();
}

function renderHands() {
  const root = $('diagram');
  const active = document.activeElement;
  const focusKey = root.contains(active) ? active?.dataset?.focus : null;
  if (!state.hands) {
    root.innerHTML = '<p class="muted">Enter a deal above.</p>';
    return;
  }
  const pos = state.contract ? current() : null;
  const scores = pos && state.scores.key === positionKey() && state.scores.status === 'done' ? state.scores : null;
  const hands = pos ? pos.hands : state.hands;
  const parts = SEATS.map((seat) => {
    const hidden = state.hidden.includes(seat);
    const toPlay = pos && !pos.finished && pos.toPlay === seat;
    const vul = isVulnerable(state.vul, seat);
    const tags = [];
    if (state.dealer === seat) tags.push('<span class="tag" title="Dealer">dlr</span>');
    if (state.contract?.declarer === seat) tags.push('<span class="tag decl" title="Declarer">decl</span>');
    if (state.contract && seatAfter(state.contract.declarer, 2) === seat) tags.push('<span class="tag" title="Dummy">dummy</span>');
    const head = `<div class="hand-head">
      <span class="seat${vul ? ' vul' : ''}" title="${vul ? 'vulnerable' : 'not vulnerable'}">${SEAT_NAMES[seat]}</span>${tags.join('')}
      <button type="button" class="hide" data-hide="${seat}" data-focus="hide-${seat}" aria-pressed="${hidden}" title="${hidden ? 'Show' : 'Hide'} ${SEAT_NAMES[seat]}'s cards">${hidden ? 'show' : 'hide'}</button></div>`;
    let body;
    if (hidden) {
      body = `<div class="hidden-hand">${hands[seat].length} cards hidden</div>`;
    } else {
      body = SUITS.map((suit) => {
        const cards = sortCards(hands[seat].filter((c) => c[0] === suit));
        const html = cards.map((card) => {
          const legal = toPlay && pos.legalCards.includes(card);
          if (!legal) return `<span class="card">${rankText(card[1])}</span>`;
          let res = '';
          let cls = 'card legal';
          let label = `Play the ${cardName(card)}`;
          if (scores && scores.tricks.has(card)) {
            const t = scores.tricks.get(card);
            const total = declarerTotal(pos, t);
            const cost = scores.best - t;
            res = `<span class="res">${resultText(total)}</span>`;
            cls += cost > 0 ? ' cost' : ' best';
            label += `: ${SEAT_NAMES[state.contract.declarer]} takes ${total} tricks` +
              (state.full ? ` (${resultText(total) === '=' ? 'just makes' : resultText(total)})` : '') +
              (cost > 0 ? `, costs ${cost} trick${cost > 1 ? 's' : ''}` : ', best');
          }
          return `<button type="button" class="${cls}" data-card="${card}" data-focus="card-${card}" aria-label="${esc(label)}">${rankText(card[1])}${res}</button>`;
        }).join('');
        return `<div class="suit"><span class="sym ${suitClass(suit)}" aria-label="${suit}">${SYMBOLS[suit]}</span><span class="cards">${html || '<span class="void">\u2014</span>'}</span></div>`;
      }).join('');
    }
    return `<div class="hand hand-${seat}${toPlay ? ' to-play' : ''}" data-seat="${seat}">${head}${body}</div>`;
  });
  root.innerHTML = `<div class="compass">${parts.join('')}<div class="center">${centerHtml(pos)}</div></div>`;
  // One card of the seat to play is in the Tab order; the arrows move to the others.
  const cards = [...root.querySelectorAll('button.card')];
  cards.forEach((b, i) => { b.tabIndex = i === 0 ? 0 : -1; });
  // Keyboard users keep their place: the same control, or the first card of
  // the next seat to play; a contract just chosen sends them to the cards.
  let target = focusKey ? root.querySelector(`[data-focus="${focusKey}"]`) : null;
  if (!target && (ui.focusCards || (ui.focusNext && focusKey?.startsWith('card-')))) target = cards[0] ?? null;
  if (target) {
    if (target.classList.contains('card')) {
      cards.forEach((b) => { b.tabIndex = b === target ? 0 : -1; });
    }
    target.focus({ preventScroll: true });
  }
  ui.focusNext = false;
  ui.focusCards = false;
}

/** Moves the keyboard from one card that may be played to the next (or previous) one. */
function moveCardFocus(from, delta) {
  const cards = [...$('diagram').querySelectorAll('button.card')];
  const i = cards.indexOf(from);
  if (i < 0 || cards.length < 2) return;
  const to = cards[(i + delta + cards.length) % cards.length];
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/** On a phone, the hand to play stays on screen above the play controls (docked at the bottom). */
function keepHandInView() {
  if (!state.contract || !window.matchMedia('(max-width: 600px)').matches) return;
  const hand = $('diagram').querySelector('.hand.to-play');
  const dock = $('dock');
  if (!hand) return;
  const bottom = window.innerHeight - (dock ? dock.getBoundingClientRect().height : 0);
  const r = hand.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= bottom) return;
  // The hand's top at the top of the screen, or its bottom just above the controls.
  const by = r.top < 0 || r.height > bottom ? r.top - 4 : r.bottom - bottom + 4;
  window.scrollBy({ top: by, behavior: 'instant' });
}

function centerHtml(pos) {
  const info = [];
  if (state.board != null) info.push(`<div class="board-no">Board ${esc(state.board)}</div>`);
  // A dealer or vulnerability the deal did not give, nor the user chose, is marked as the page's default.
  const whence = (k) => (state.assumed?.[k] === 'default' ? ` <span class="small" id="${k}-whence">(default)</span>` : '');
  info.push(`<div class="muted">Dealer ${SEAT_NAMES[state.dealer]}${whence('dealer')}</div>`);
  info.push(`<div class="muted">Vul ${VUL_TEXT[state.vul]}${whence('vul')}</div>`);
  let trick = '';
  if (pos) {
    let shown = pos.current;
    let past = false;
    if (!shown.cards.length && pos.tricks.length) {
      shown = pos.tricks[pos.tricks.length - 1];
      past = true;
    }
    const slots = SEATS.map((seat) => {
      const i = (SEATS.indexOf(seat) - SEATS.indexOf(shown.leader) + 4) % 4;
      const card = shown.cards[i];
      const win = past && shown.winner === seat ? ' win' : '';
      return `<span class="slot slot-${seat}${win}">${card ? `<span class="${suitClass(card[0])}">${cardText(card)}</span>` : ''}</span>`;
    });
    trick = `<div class="trick${past ? ' past' : ''}" aria-label="${past ? 'Last trick' : 'Current trick'}">${slots.join('')}</div>`;
  }
  return `<div class="info">${info.join('')}</div>${trick}`;
}

function renderTable() {
  const root = $('table');
  const a = state.analysis;
  if (!state.deal) { root.innerHTML = ''; $('par').innerHTML = ''; return; }
  if (a.status === 'busy') {
    root.innerHTML = '<p class="busy">Solving the table…</p>';
    $('par').innerHTML = '';
    return;
  }
  if (a.status === 'error') {
    root.innerHTML = `<p class="error">${esc(a.error)}</p>`;
    $('par').innerHTML = '';
    return;
  }
  if (a.status !== 'done') return;
  const order = ['N', 'S', 'E', 'W'];
  const head = SHOWN_STRAINS.map((s) => `<th scope="col">${strainHtml(s)}</th>`).join('');
  const body = order.map((seat) => {
    const cells = SHOWN_STRAINS.map((strain) => {
      const t = a.rows[DDS_STRAINS.indexOf(strain)][SEATS.indexOf(seat)];
      const chosen = state.contract?.declarer === seat && state.contract?.strain === strain;
      const makes = state.full ? t >= 7 : false;
      const label = `${SEAT_NAMES[seat]} declares ${strain === 'NT' ? 'notrump' : SYMBOLS[strain]}: ${t} tricks. Play it`;
      return `<td><button type="button" class="cell${chosen ? ' chosen' : ''}${makes ? ' makes' : ''}" data-seat="${seat}" data-strain="${strain}" data-focus="cell-${seat}${strain}" aria-label="${esc(label)}" aria-pressed="${chosen}">${t}</button></td>`;
    }).join('');
    return `<tr><th scope="row">${seat}</th>${cells}</tr>`;
  }).join('');
  const focusKey = root.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
  root.innerHTML = `<table class="dd" data-deal="${esc(state.deal)}" aria-label="Double dummy tricks by declarer and strain"><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table>
    <p class="muted small">Tricks for each declarer; click one to play that contract.</p>`;
  if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus();
  $('par').innerHTML = parHtml(a);
}

function contractHtml(c) {
  const strain = c.strain === 'N' ? 'NT' : c.strain;
  const result = c.result > 0 ? `+${c.result}` : c.result < 0 ? `\u2212${-c.result}` : '';
  const side = c.declarer.length === 2 ? c.declarer : SEAT_NAMES[c.declarer] ?? c.declarer;
  return `${c.level}${strainHtml(strain)}${c.doubled ? 'x' : ''}${result ? ' ' + result : ''} by ${side}`;
}

function parHtml(a) {
  if (!a.full) return `<p class="muted">Par needs hands of 13 cards; this position has ${state.size} cards a hand.</p>`;
  const dp = a.dealerPar;
  const contracts = dp.contracts.length ? dp.contracts.map(contractHtml).join(', ') : 'pass';
  const sides = (p) => `${signed(p.score)} ${p.contracts.length ? p.contracts.map(contractHtml).join(', ') : 'pass'}`;
  const same = a.par.nsFirst.score === a.par.ewFirst.score &&
    a.par.nsFirst.contracts.map((c) => c.text).join() === a.par.ewFirst.contracts.map((c) => c.text).join();
  return `<p class="par-line"><strong>Par <span id="par-score">${signed(dp.score)}</span></strong> for N-S: <span id="par-contracts">${contracts}</span>
    <span class="muted small" title="DDS's DealerPar">(${esc(dp.texts.join(' '))})</span></p>
    ${same ? '' : `<p class="small">If N-S bid first: ${sides(a.par.nsFirst)}; if E-W bid first: ${sides(a.par.ewFirst)}</p>`}`;
}

function renderPlay() {
  const root = $('play-body');
  const focusKey = root.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
  if (!state.deal) { root.innerHTML = ''; return; }
  const rec = state.record;
  if (!state.contract) {
    const recorded = rec?.contract
      ? `<p><button type="button" id="to-record" data-focus="to-record">Back to the recorded play (${recordContractHtml(rec.contract)})</button></p>`
      : rec ? `<div class="record" aria-label="The recorded auction">${recordHtml({ ...rec, dealer: state.dealer, costs: [] }, [], {})}</div>` : '';
    root.innerHTML = `${tablesHtml(state.tables, state.table)}${recorded}<p class="muted">Click a number in the double dummy table to play that contract: before each card, every card the player may play shows the result it leads to with best play from then on.</p>`;
    if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus();
    return;
  }
  const c = state.contract;
  const pos = current();
  const declSide = sideOf(c.declarer);
  const defSide = declSide === 'NS' ? 'EW' : 'NS';
  const scores = state.scores.key === positionKey() ? state.scores : null;
  const shown = recordShown();
  const levels = [1, 2, 3, 4, 5, 6, 7].map((l) => `<option${l === c.level ? ' selected' : ''}>${l}</option>`).join('');
  let dd = '';
  if (pos.finished) {
    const made = pos.tricksWon[declSide];
    dd = `Played out: ${SEAT_NAMES[c.declarer]} took ${made} trick${made === 1 ? '' : 's'}` +
      (state.full ? ` (${resultText(made)}), ${declSide} ${signed(contractScore(made).score)}` : '');
  } else if (scores?.status === 'done') {
    const total = declarerTotal(pos, scores.best);
    dd = `Double dummy from here: ${total} trick${total === 1 ? '' : 's'}` + (state.full ? ` (${resultText(total)})` : '');
  } else if (scores?.status === 'busy') {
    dd = '<span class="busy">Solving…</span>';
  }
  const n = state.plays.length;
  const can = (kind) => Boolean(stepRecord(shown ? rec.cards : [], state.plays, kind, trickStart(pos)));
  const button = (id, label, title, enabled, cls = '') => `<button type="button" id="${id}" data-focus="${id}"${cls ? ` class="${cls}"` : ''} ${enabled ? '' : 'disabled'} title="${title}">${label}</button>`;
  const controls = shown
    ? [
      button('to-start', 'Start', 'Back to the opening lead (Home)', n > 0),
      button('undo-trick', '◀◀', 'A trick back (↑ or Shift+←)', n > 0),
      button('undo-card', '◀', 'A card back (←)', n > 0),
      button('next-card', '▶', 'The next card of the record (→)', can('forward')),
      button('next-trick', '▶▶', 'A trick forward in the record (↓ or Shift+→)', can('trick-forward')),
      button('to-end', 'End', 'The end of the record (End)', can('end')),
      button('best-card', 'Best card', 'Play a best card', !pos.finished, 'wide'),
      button('play-out', 'Play it out', 'Play the best line to the end', !pos.finished, 'wide'),
    ]
    : [
      button('to-start', 'Start', 'Back to the opening lead (Home)', n > 0),
      button('undo-trick', '↶ Trick', 'Undo a trick (↑)', n > 0),
      button('undo-card', '↶ Card', 'Undo a card (←)', n > 0),
      button('best-card', 'Best card', 'Play a best card (→)', !pos.finished),
      button('play-out', 'Play it out', 'Play the best line to the end (End)', !pos.finished),
    ];
  const labels = shown ? ' aria-label="Start, a trick back, a card back, a card forward, a trick forward, the end"' : '';
  // The tricks played, each going back to the cards played up to its end (the record lists them when the play follows it).
  let upTo = 0;
  const tricks = shown && onRecord(rec.cards, state.plays) ? '' : pos.tricks.map((t, i) => `<li><button type="button" class="trick-row" data-goto="${upTo += t.cards.length}" data-focus="trick-${i}" title="Back to the end of trick ${i + 1}">
      <span class="n">${i + 1}</span>${t.cards.map((card, k) => `<span class="tc${seatAfter(t.leader, k) === t.winner ? ' won' : ''}"><small>${seatAfter(t.leader, k)}</small><span class="${suitClass(card[0])}">${cardText(card)}</span></span>`).join('')}</button></li>`).join('');
  let record = '';
  let last = '';
  if (shown) {
    const costs = recordCards(rec.cards, rec.players, rec.analysed);
    // The card just played from the record, with what it did (beside the controls, on a phone too).
    last = lastCardHtml(costs, state.plays, rec.cards, resultText);
    record = `<section class="record" aria-labelledby="record-title"><h3 id="record-title">Recorded play</h3>${recordHtml(
      { ...rec, dealer: state.dealer, costs },
      state.plays,
      { result: (t) => resultText(t), score: (t) => `${declSide} ${signed(contractScore(t).score)}` },
    )}</section>`;
  } else if (rec?.contract) {
    record = `<p><button type="button" id="to-record" data-focus="to-record">Back to the recorded play (${recordContractHtml(rec.contract)})</button></p>`;
  }
  const pen = c.penalty === 'XX' ? 'xx' : c.penalty === 'X' ? 'x' : '';
  root.innerHTML = `${tablesHtml(state.tables, state.table)}
    <div class="contract-line">
      ${state.full ? `<label>Contract <select id="level" aria-label="Level" data-focus="level">${levels}</select></label>` : '<span>Playing</span>'}
      <span class="contract">${strainHtml(c.strain)}${pen} by ${SEAT_NAMES[c.declarer]}</span>
      <button type="button" id="clear-contract" data-focus="clear" title="Back to the table">✕</button>
    </div>
    <div class="dock" id="dock">
      <p class="status"><span id="taken">Tricks: ${declSide} <strong id="taken-decl">${pos.tricksWon[declSide]}</strong>, ${defSide} <strong id="taken-def">${pos.tricksWon[defSide]}</strong></span>
        ${pos.finished ? '' : `· <span id="to-play">${SEAT_NAMES[pos.toPlay]} to play${state.hidden.includes(pos.toPlay) ? ' (hidden: <em>Best card</em> plays for it)' : ''}</span>`}</p>
      ${last}<p class="status" id="dd-status">${dd}</p>
      <div class="controls" role="group"${labels}>${controls.join('')}</div>
    </div>
    <p class="muted small">On each card: the contract's result if it is played (= makes, +1 an overtrick, \u22121 down one), double dummy from then on; a card that costs a trick is marked red.</p>
    ${record}
    ${tricks ? `<ol class="tricks" aria-label="Tricks played">${tricks}</ol>` : ''}`;
  if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus({ preventScroll: true });
  if (ui.revealHand) {
    keepHandInView();
    // Once more when the cards' scores come (the cards and the controls grow).
    ui.revealAgain = positionKey();
  } else if (ui.revealAgain === positionKey() && state.scores.key === ui.revealAgain && state.scores.status !== 'busy') {
    keepHandInView();
    ui.revealAgain = null;
  }
  ui.revealHand = false;
}


function renderBoards() {
  const nav = $('boards');
  if (!state.file || state.boards.length < 2) {
    nav.hidden = true;
    return;
  }
  nav.hidden = false;
  $('board-select').innerHTML = state.boards.map((b, i) =>
    `<option value="${i}"${i === state.index ? ' selected' : ''}>Board ${esc(b.board ?? i + 1)}${b.error || !b.deal ? ' (cannot be read)' : ''}</option>`).join('');
  $('prev-board').disabled = state.index === 0;
  $('next-board').disabled = state.index === state.boards.length - 1;
  $('file-name').textContent = `${state.index + 1} of ${state.boards.length}${state.file.name ? ' · ' + state.file.name : ''}`;
}

// ---------------------------------------------------------------- the link

let lastHash = '';
function writeHash() {
  if (!state.deal) return;
  const rec = recordShown() ? state.record : null;
  const hash = encodeHash({
    deal: state.deal, dealer: state.dealer, vul: state.vul, board: state.board,
    contract: state.contract, plays: state.plays, hidden: state.hidden,
    record: rec?.cards, claim: rec?.claim,
  });
  if (hash !== location.hash) history.replaceState(null, '', hash);
  lastHash = location.hash;
}

async function loadHash() {
  const h = decodeHash(location.hash);
  if (!h) return false;
  lastHash = location.hash;
  state.boards = [];
  state.file = null;
  resetBatch();
  renderBoards();
  // A link's record: its cards and claim, for the link's contract.
  const tables = h.contract && (h.record || h.claim != null)
    ? [{ contract: h.contract, passedOut: false, auction: null, play: h.record ?? [], claim: h.claim ?? null, playError: null }] : [];
  const ok = await loadDeal({ ...h, tables });
  // What the link held that the page left out, after what loading the deal said.
  if (ok && h.ignored?.length) {
    const before = state.message?.text;
    say(`${before ? `${before} ` : ''}The link's ${h.ignored.join(', ')} is left out.`, true);
  }
  return ok;
}

// ---------------------------------------------------------------- events

function on(id, event, f) {
  $(id).addEventListener(event, f);
}

on('analyse', 'click', analyseInput);
on('deal-input', 'keydown', (e) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey || !e.shiftKey && !$('deal-input').value.includes('\n'))) {
    e.preventDefault();
    analyseInput();
  }
});
on('random', 'click', () => {
  state.boards = [];
  state.file = null;
  resetBatch();
  renderBoards();
  const board = 1 + Math.floor(Math.random() * 16);
  loadDeal({ deal: randomDeal(), board: String(board), ...fromBoardNumber(board) });
});
on('file', 'change', (e) => {
  const f = e.target.files?.[0];
  if (f) openFile(f);
  e.target.value = '';
});
on('dealer', 'change', (e) => {
  state.dealer = e.target.value;
  state.chosen.dealer = state.dealer;
  state.assumed.dealer = false;
  if (state.boards[state.index]) state.boards[state.index].dealer = state.dealer;
  renderHands();
  writeHash();
  repar();
});
on('vul', 'change', (e) => {
  state.vul = e.target.value;
  state.chosen.vul = state.vul;
  state.assumed.vul = false;
  if (state.boards[state.index]) state.boards[state.index].vul = state.vul;
  renderHands();
  renderPlay();
  writeHash();
  repar();
});
on('board-select', 'change', (e) => showBoard(Number(e.target.value)));
on('prev-board', 'click', () => state.index > 0 && showBoard(state.index - 1));
on('next-board', 'click', () => state.index < state.boards.length - 1 && showBoard(state.index + 1));
on('copy-link', 'click', async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    say('Link copied.');
  } catch {
    say(`The link: ${location.href}`);
  }
});

document.addEventListener('click', (e) => {
  const t = e.target.closest('button, a');
  if (!t) return;
  if (t.dataset.card) playCard(t.dataset.card);
  else if (t.dataset.strain && t.dataset.seat) setContract(t.dataset.seat, t.dataset.strain);
  else if (t.dataset.hide) toggleHidden(t.dataset.hide);
  else if (t.dataset.hidePair !== undefined) setHidden(t.dataset.hidePair.split('').filter(Boolean));
  else if (t.dataset.goto) setPlays(state.plays.slice(0, Number(t.dataset.goto)));
  else if (t.dataset.record && recordShown()) setPlays(state.record.cards.slice(0, Number(t.dataset.record) + 1), { reveal: false });
  else if (t.dataset.sdSeat) {
    state.sd.pick = { declarer: t.dataset.sdSeat, strain: t.dataset.sdStrain };
    renderSd();
  } else {
    switch (t.id) {
      case 'to-start': step('start'); break;
      case 'undo-trick': undoTrick(); break;
      case 'undo-card': undoCard(); break;
      case 'next-card': step('forward'); break;
      case 'next-trick': step('trick-forward'); break;
      case 'to-end': step('end'); break;
      case 'to-record': backToRecord(); break;
      case 'best-card': bestCard(); break;
      case 'play-out': playBest(); break;
      case 'clear-contract':
        state.contract = null;
        state.plays = [];
        changed();
        $('table').querySelector('button')?.focus();
        break;
      case 'solve-file': runBatch(); break;
      case 'record-file': runBatch('record'); break;
      case 'stop-file': stopBatch(); break;
      case 'sd-run': runSd(); break;
      case 'sd-leads': runLeads(); break;
      case 'sd-stop': stopSd(); break;
      default: break;
    }
  }
});

document.addEventListener('change', (e) => {
  const t = e.target;
  if (t.id === 'level' && state.contract) {
    state.contract = { ...state.contract, level: Number(t.value) };
    changed();
  } else if (t.id === 'record-table') {
    showTable(Number(t.value));
  } else if (t.id === 'sd-count') {
    state.sd.count = Number(t.value);
  } else if (t.id === 'sd-seed') {
    state.sd.seed = Math.max(1, Math.floor(Number(t.value) || 1));
  }
});

function setHidden(seats) {
  state.hidden = SEATS.filter((s) => seats.includes(s));
  resetSd();
  changed();
}

function toggleHidden(seat) {
  setHidden(state.hidden.includes(seat) ? state.hidden.filter((s) => s !== seat) : [...state.hidden, seat]);
}

document.addEventListener('keydown', (e) => {
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey) return;
  // On a card that may be played, the arrows move to the other cards.
  if (e.key.startsWith('Arrow') && e.target.matches?.('#diagram button.card')) {
    e.preventDefault();
    moveCardFocus(e.target, e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1);
    return;
  }
  const keys = {
    ArrowLeft: () => step(e.shiftKey ? 'trick-back' : 'back'),
    Backspace: () => step('back'),
    ArrowUp: () => step('trick-back'),
    ArrowRight: () => step(e.shiftKey ? 'trick-forward' : 'forward'),
    ArrowDown: () => step('trick-forward'),
    End: () => step('end'),
    Home: () => step('start'),
    '[': () => state.file && state.index > 0 && showBoard(state.index - 1),
    ']': () => state.file && state.index < state.boards.length - 1 && showBoard(state.index + 1),
  };
  const f = keys[e.key];
  if (!f) return;
  if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'Backspace') {
    if (!state.contract && e.key !== '[' && e.key !== ']') return;
  }
  e.preventDefault();
  f();
});

// A file dropped anywhere on the page.
let dragDepth = 0;
document.addEventListener('dragenter', (e) => {
  if (![...(e.dataTransfer?.types ?? [])].includes('Files')) return;
  dragDepth += 1;
  $('drop').hidden = false;
});
document.addEventListener('dragleave', () => {
  dragDepth = Math.max(0, dragDepth - 1);
  if (!dragDepth) $('drop').hidden = true;
});
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  e.preventDefault();
  dragDepth = 0;
  $('drop').hidden = true;
  const f = e.dataTransfer?.files?.[0];
  if (f) openFile(f);
  else {
    const text = e.dataTransfer?.getData('text/plain');
    if (text) {
      $('deal-input').value = text;
      analyseInput();
    }
  }
});

window.addEventListener('hashchange', () => {
  if (location.hash !== lastHash) loadHash();
});

// ---------------------------------------------------------------- start

(async function start() {
  if (!dds) {
    say(`The solver could not be loaded (${errorText(ddsError)}): is the package in web/pkg? (cargo xtask wasm, then web/build.sh)`, true);
    document.documentElement.dataset.ready = 'true';
    return;
  }
  engine.call('version').then((v) => { $('version').textContent = `dds-rs ${v}`; }, (e) => say(errorText(e), true));
  const hashed = decodeHash(location.hash);
  if (hashed) await loadHash();
  else {
    const board = 1 + Math.floor(Math.random() * 16);
    await loadDeal({ deal: randomDeal(), board: String(board), ...fromBoardNumber(board) });
  }
  document.documentElement.dataset.ready = 'true';
})();
