// The diagram: the four hands (the cards left as the play goes), the
// dealer, the vulnerable seats, the board number and the trick being
// played; before each card, every card the seat to play may play with the
// contract's result if it is played (the cards' scores of play.js). The
// keyboard: one card of the seat to play in the Tab order, the arrows to
// the others.

import { SEATS, SEAT_NAMES, SUITS, SYMBOLS, seatAfter, rankText, cardText, cardName, sortCards, isVulnerable } from './bridge.js';
import { esc, suitClass } from './html.js';
import { $, VUL_TEXT, state, ui, current, positionKey, declarerTotal, resultText } from './state.js';

/** The diagram of the position shown, its legal cards with their results; the keyboard keeps its place. */
export function renderHands() {
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
export function moveCardFocus(from, delta) {
  const cards = [...$('diagram').querySelectorAll('button.card')];
  const i = cards.indexOf(from);
  if (i < 0 || cards.length < 2) return;
  const to = cards[(i + delta + cards.length) % cards.length];
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/** On a phone, the hand to play stays on screen above the play controls (docked at the bottom). */
export function keepHandInView() {
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
