// The page's state and what every panel shares: the package on this thread
// (none of its calls here solves anything), the solver's worker, the
// message line, and the position of the contract played as the package's
// replay plays it. No panel's HTML here; app.js wires the panels together.

import { sideOf } from './bridge.js';
import { Engine } from './engine.js';
import { signed } from './html.js';
import { sameDenomination } from './record.js';

// The package on this thread: none of its calls here solves anything.
export let dds = null;
export let ddsError = null;
try {
  dds = await import('../pkg/index.js');
  await dds.init();
} catch (e) {
  ddsError = e;
}

export const $ = (id) => document.getElementById(id);
export const VUL_TEXT = { None: 'none', NS: 'N-S', EW: 'E-W', All: 'all' };

/** The solver's worker for the deal shown: its table, par and the cards' scores. */
export const engine = new Engine();

export const state = {
  gen: 0,                 // bumped for each deal loaded; results of older ones are dropped
  boards: [],             // the boards of the file or text read: {deal, dealer, vul, board, error}
  index: 0,
  file: null,             // {name, text, kind} of the file read, if any
  deal: null,             // PBN deal, North first
  hands: null,            // {N, E, S, W} cards at the start
  size: 13,               // cards a hand
  dealer: 'N',
  vul: 'None',
  board: null,
  contract: null,         // {declarer, strain, level, penalty}
  plays: [],
  record: null,           // the deal's recorded play: see play.js's loadRecord
  tables: [],             // the records of the board shown, one a table of a traveller file
  table: 0,
  hidden: [],
  analysis: { status: 'idle' },
  scores: { key: null, status: 'idle' },
  sd: { status: 'idle' },
  batch: { status: 'idle' },
  message: null,          // {text, error}
  assumed: {},            // {dealer, vul}: 'default' or 'chosen' for what the deal shown did not give
  chosen: {},             // the dealer and vulnerability the user chose in the selects: {dealer, vul}
};

/** Where the keyboard and the screen go at the next render: `focusNext`
 *  (the first card of the next seat to play, after a card), `focusCards`
 *  (the cards, after a contract is chosen), `revealHand` (on a phone, the
 *  hand to play scrolled into view) and `revealAgain` (the position whose
 *  cards' scores scroll it into view once more when they come). */
export const ui = { focusNext: false, focusCards: false, revealHand: false, revealAgain: null };

// ---------------------------------------------------------------- messages

export function say(text, error = false) {
  state.message = text ? { text, error } : null;
  const el = $('message');
  el.textContent = text ?? '';
  el.className = 'message' + (error ? ' error' : '');
  el.setAttribute('role', error ? 'alert' : 'status');
}

export function errorText(e) {
  return e?.message ?? String(e);
}

// ---------------------------------------------------------------- the position played

/** The opening leader of a contract: the package's (a record's contract,
 *  read by parseLin or parsePbn, names it; for a contract the page made, a
 *  cell of the table or a link's contract=, its contractScore's `leader`). */
export function leaderOf(contract) {
  return contract.leader ?? contractScore(0, contract).leader;
}
export const openingLeader = () => leaderOf(state.contract);
/** The opening leader against `declarer` in `strain` (the single dummy
 *  panel's leads): leaderOf's, the level changing nothing of who leads. */
export const leaderAgainst = ({ strain, declarer }) => leaderOf({ level: 1, strain, declarer });
export const positionKey = () => `${state.gen}|${state.contract ? state.contract.strain + state.contract.declarer : ''}|${state.plays.join('')}`;

/** The play so far, as the package's replay plays it (its Board): the
 *  tricks with their winners, the trick in progress, the seat to play and
 *  its legal cards, the tricks each side has won, the hands left. */
let replayed = { key: null, pos: null };
export function current() {
  const key = positionKey();
  if (replayed.key !== key) replayed = { key, pos: dds.replay(state.deal, state.contract.strain, openingLeader(), state.plays) };
  return replayed.pos;
}

/** The package's duplicate score of the contract played when declarer's side takes `tricks`. */
export const contractScore = (tricks, contract = state.contract) => dds.contractScore(contract, state.vul, tricks);

/** The record applies to the contract played (its declarer and strain). */
export const recordShown = () => Boolean(state.record?.contract && sameDenomination(state.record.contract, state.contract));

/** The cards played before the trick in progress (the package's replay). */
export const trickStart = (pos = current()) => state.plays.length - pos.current.cards.length;

/** Declarer's final tricks if the seat to play plays a card worth `tricks` to its side. */
export function declarerTotal(pos, tricks) {
  const declSide = sideOf(state.contract.declarer);
  const mine = sideOf(pos.toPlay) === declSide ? tricks : pos.tricksLeft - tricks;
  return pos.tricksWon[declSide] + mine;
}

/** The contract's result when declarer takes `total` tricks: `=`, `+1`, `−2` (the package's count). */
export function resultText(total) {
  if (!state.full) return String(total);
  const { result } = contractScore(total);
  return result === 0 ? '=' : signed(result);
}
