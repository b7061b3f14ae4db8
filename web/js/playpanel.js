// The Play panel: the contract played and its level, the tricks each side
// has taken, the controls that step through the play (record.js's
// stepRecord; along the record shown, forward too), the card just played
// from the record, the recorded play (record.js) and the tricks played.

import { SEAT_NAMES, sideOf, cardText } from './bridge.js';
import { suitClass, strainHtml, signed } from './html.js';
import { recordCards, onRecord, stepRecord, recordHtml, lastCardHtml, tablesHtml, contractHtml as recordContractHtml } from './record.js';
import { keepHandInView } from './diagram.js';
import {
  $, state, ui, current, positionKey, contractScore, recordShown, trickStart, declarerTotal, resultText,
} from './state.js';

/** The panel for the deal shown: the contract played, else how to choose one and the board's records. */
export function renderPlay() {
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
      <span class="n">${i + 1}</span>${t.cards.map((card, k) => `<span class="tc${t.seats[k] === t.winner ? ' won' : ''}"><small>${t.seats[k]}</small><span class="${suitClass(card[0])}">${cardText(card)}</span></span>`).join('')}</button></li>`).join('');
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
