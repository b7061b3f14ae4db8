// The play: the contract played and its cards (each checked by the
// package's replay), the cards' scores of the position shown (a solve in
// the worker), stepping back and forth (along the record shown, record.js's
// stepRecord), best cards and lines, and a board's recorded play (its
// cards replayed, then analysed by the package's analysePlay).

import { SEATS, DDS_STRAINS } from './bridge.js';
import { Engine } from './engine.js';
import { recordContract, sameDenomination, playersOf, stepRecord } from './record.js';
import {
  dds, engine, state, ui, say, errorText, leaderOf, openingLeader, positionKey, current, contractScore, recordShown, trickStart,
} from './state.js';
import { renderHands } from './diagram.js';
import { renderPlay } from './playpanel.js';
import { changed } from './render.js';

/**
 * Takes a game's record (record.js's recordOf, or a link's record=):
 * its contract becomes the one played (unless `keepContract`), its cards
 * are checked by the package's replay (up to the first that cannot be
 * played, whose reason is shown), and the package's analysePlay then
 * solves the position after each card (analyseRecord).
 */
export function loadRecord(rec, { keepContract = false } = {}) {
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
export async function analyseRecord() {
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

/** A solve of the cards' scores is running (one at a time: the position shown when it ends is solved next). */
let solving = false;
/** The cards' scores of the position shown: each legal card's tricks with best play from then on (the worker's solve). */
export async function refreshScores() {
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

/** Plays declarer's contract in the strain, at `level` (else the highest the table makes), from the lead. */
export function setContract(declarer, strain, level) {
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

/** Plays a legal card of the seat to play. */
export function playCard(card) {
  if (!state.contract) return;
  const pos = current();
  if (!pos.legalCards.includes(card)) return;
  state.plays = [...state.plays, card];
  ui.revealHand = true;
  changed({ focusNext: true });
  refreshScores();
}

/** The cards played become `plays` (a step, a trick of the list, a card of the record). */
export function setPlays(plays, { reveal = true } = {}) {
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
export function step(kind) {
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

export const undoCard = () => step('back');
export const undoTrick = () => step('trick-back');

/** Shows the record of the board's table `i` (a traveller file's), its contract from the lead. */
export function showTable(i) {
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
export function backToRecord() {
  const rec = state.record;
  if (!rec?.contract) return;
  state.contract = recordContract(rec.contract);
  state.plays = [];
  state.scores = { key: null, status: 'idle' };
  changed();
  refreshScores();
}

/** Plays a best card of the seat to play. */
export async function bestCard() {
  if (!state.contract || current().finished) return;
  const key = positionKey();
  if (state.scores.key === key && state.scores.status === 'done') {
    playCard(state.scores.order[0]);
    return;
  }
  await playBest(1);
}

/** Plays `count` cards of a best line (the worker's bestLine), to the end by default. */
export async function playBest(count = Infinity) {
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
