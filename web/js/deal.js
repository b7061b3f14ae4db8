// Loading a deal: checked by the package's parseDeal, its dealer and
// vulnerability (else its board number's, the package's boardInfo), the
// link's contract, play and hidden hands, the board's records; then its
// table and par solved in the worker.

import { SEATS, dealHands } from './bridge.js';
import { unknownHandsMessage } from './boards.js';
import { $, dds, engine, state, ui, say, errorText, openingLeader } from './state.js';
import { loadRecord, analyseRecord, refreshScores } from './play.js';
import { renderTable } from './table.js';
import { renderPlay } from './playpanel.js';
import { resetSd } from './sdpanel.js';
import { render } from './render.js';
import { writeHash } from './link.js';

/** The dealer and vulnerability of a board number ({} when there is none): the package's boardInfo. */
export function fromBoardNumber(board) {
  if (board == null || board === '') return {};
  try {
    const { dealer, vulnerability } = dds.boardInfo(board);
    return { dealer, vul: vulnerability };
  } catch {
    return {};
  }
}

/** Loads one deal (checked by the package's parseDeal) with, from a link,
 *  its contract, play and hidden hands, and from a file or a BBO hand its
 *  records (`tables`: the contract and play of each table; the first shown). */
export async function loadDeal({ deal, dealer, vul, board, contract, plays, hidden, tables = [], table = 0, assumed = {} }) {
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
    say(unknownHandsMessage(unknown), true);
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

/** The table and par of the deal loaded as `gen` (the worker's analyse). */
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

/** Par again for the dealer and vulnerability chosen (the worker's par of the same table). */
export async function repar() {
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
