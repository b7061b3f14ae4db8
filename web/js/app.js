// The page: reads a deal (or a file of boards), shows the hands, the double
// dummy table and par, lets the user play a contract card by card with
// every legal card's double dummy result, runs single dummy layouts and
// writes a PBN file with the double dummy tags. Every solve runs in a Web
// Worker (worker.js); this thread renders, and asks its own instance of the
// package (state.js loads it) what the rules say without solving anything:
// the play so far (replay), scores (contractScore), a board number's dealer
// and vulnerability (boardInfo), the count of layouts (countLayouts).
//
// This module wires the page's events to the panels and starts it; the
// panels are modules of their own: state.js (what they share), files.js
// and deal.js (reading deals and files), diagram.js, table.js, play.js and
// playpanel.js (the play), sdpanel.js (single dummy), save.js (the files
// written), link.js (the address), render.js (every panel again).

import { SEATS, randomDeal, decodeHash } from './bridge.js';
import { linkTables } from './boards.js';
import { $, dds, ddsError, engine, state, say, errorText, recordShown } from './state.js';
import { analyseInput, openFile, showBoard, renderBoards } from './files.js';
import { fromBoardNumber, loadDeal, repar } from './deal.js';
import {
  setContract, playCard, setPlays, step, undoCard, undoTrick, showTable, backToRecord, bestCard, playBest,
} from './play.js';
import { renderHands, moveCardFocus } from './diagram.js';
import { renderPlay } from './playpanel.js';
import { resetSd, renderSd, runSd, runLeads, stopSd } from './sdpanel.js';
import { runBatch, stopBatch, resetBatch } from './save.js';
import { changed } from './render.js';
import { keyAction, cardFocusStep } from './keys.js';
import { writeHash, hashSeen, ownHash } from './link.js';

// ---------------------------------------------------------------- the link

/** Loads the position of the address (bridge.js's decodeHash), if it holds one. */
async function loadHash() {
  const h = decodeHash(location.hash);
  if (!h) return false;
  hashSeen();
  state.boards = [];
  state.file = null;
  resetBatch();
  renderBoards();
  // A link's record: its cards and claim, for the link's contract.
  const ok = await loadDeal({ ...h, tables: linkTables(h) });
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
  const delta = cardFocusStep(e.key);
  if (delta && e.target.matches?.('#diagram button.card')) {
    e.preventDefault();
    moveCardFocus(e.target, delta);
    return;
  }
  const action = keyAction(e.key, e.shiftKey);
  // The steps need a contract played; without one the key does what it does on the page.
  if (!action || (action.step && !state.contract)) return;
  e.preventDefault();
  if (action.step) step(action.step);
  else if (state.file) {
    const i = state.index + action.board;
    if (i >= 0 && i < state.boards.length) showBoard(i);
  }
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
  if (!ownHash()) loadHash();
});

// ---------------------------------------------------------------- start

(async function start() {
  if (!dds) {
    say(`The solver could not be loaded (${errorText(ddsError)}): is the package in web/pkg? (cargo xtask wasm, then web/build.sh)`, true);
    document.documentElement.dataset.ready = 'true';
    return;
  }
  engine.call('version').then((v) => { $('version').textContent = `ddsrs ${v}`; }, (e) => say(errorText(e), true));
  const hashed = decodeHash(location.hash);
  if (hashed) await loadHash();
  else {
    const board = 1 + Math.floor(Math.random() * 16);
    await loadDeal({ deal: randomDeal(), board: String(board), ...fromBoardNumber(board) });
  }
  document.documentElement.dataset.ready = 'true';
})();
