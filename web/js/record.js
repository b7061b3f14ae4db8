// The recorded play of a deal: a BBO hand's auction (mb|), cards (pc|) and
// claim (mc|), or a PBN game's [Contract], [Declarer] and [Play], as the
// package reads them (parseLin, parsePbn). Here: what the page keeps of a
// game's record, the steps through it (start, a card or a trick back or
// forward, the end), each card's double dummy effect read from the
// package's analysePlay, and the record panel's HTML. The rules are the
// package's: the opening leader (the record's contract), the order of the
// cards, who played each and won each trick (replay, analysePlay), the
// tricks after each card and what each changed for its side (analysePlay),
// the contract's result (contractScore). No DOM, so Node's tests import it too.

import { SEAT_NAMES, SYMBOLS } from './bridge.js';
import { esc, strainHtml, cardHtml } from './html.js';

/** What the page keeps of a game's record (a parseLin board or a parsePbn
 *  game): {contract, passedOut, auction, play, claim, playError}; null when
 *  the game records neither an auction, a contract nor a card. */
export function recordOf(game) {
  const play = Array.isArray(game?.play) ? game.play : [];
  const auction = Array.isArray(game?.auction) && game.auction.length ? game.auction : null;
  if (!game?.contract && !game?.passedOut && !auction && !play.length && !game?.playError) return null;
  return {
    contract: game.contract ?? null,
    passedOut: Boolean(game.passedOut),
    auction,
    play,
    claim: Number.isInteger(game.claim) ? game.claim : null,
    playError: game.playError ? String(game.playError) : null,
  };
}

/** The page's contract ({level, strain, declarer, penalty, leader}) of a
 *  record's ContractInfo (the package's `leader`: the opening leader);
 *  null when there is none. */
export function recordContract(info) {
  if (!info) return null;
  const c = { level: info.level, strain: info.strain, declarer: info.declarer };
  if (info.penalty) c.penalty = info.penalty;
  if (info.leader) c.leader = info.leader;
  return c;
}

/** Whether two contracts are the same but for the level (the record applies to both). */
export const sameDenomination = (a, b) => Boolean(a && b && a.declarer === b.declarer && a.strain === b.strain);

/** The seat to play each card and the trick it goes to (from 0), while
 *  analysePlay is still solving: the package's replay of the cards before
 *  it (`replay(plays)`: its seat to play and the tricks done). */
export function playersOf(cards, replay) {
  return cards.map((_, i) => {
    const before = replay(cards.slice(0, i));
    return { seat: before.toPlay, trick: before.tricks.length };
  });
}

/**
 * Each card of the record as the panel shows it: {card, seat, trick (from
 * 0), after, change}. `analysed` is analysePlay's `cards` (null while it is
 * being solved): the seat that played the card, its trick, declarer's
 * side's tricks with best play after it (`after`) and `change`, what the
 * card changed for its own side (0 when it kept the result, -1 when it
 * cost a trick, ...). Until then `players` (playersOf) place the cards,
 * with `after` and `change` null.
 */
export function recordCards(cards, players, analysed) {
  return cards.map((card, i) => {
    const a = analysed?.[i];
    if (a) return { card, seat: a.seat, trick: a.trick - 1, after: a.tricks, change: a.change };
    return { card, seat: players[i]?.seat ?? null, trick: players[i]?.trick ?? null, after: null, change: null };
  });
}

/** The tricks a card cost its side: 0 unless analysePlay's change is negative. */
const costOf = (c) => (c.change < 0 ? -c.change : 0);

/** Whether the cards played so far follow the record (are its first cards). */
export function onRecord(record, plays) {
  return plays.length <= record.length && plays.every((c, i) => c === record[i]);
}

/**
 * The cards played after a step through the record from `plays`: 'start',
 * 'back' (a card), 'trick-back' (to the start of the trick in progress, or
 * of the last trick), 'forward' (the next card of the record),
 * 'trick-forward' (to the end of the trick, or of the record), 'end' (the
 * end of the record). `trickStart` is the number of cards played before
 * the trick in progress (the package's replay: the cards of its tricks
 * done). Null when the step goes nowhere: at either end, or forward from a
 * position off the record.
 */
export function stepRecord(record, plays, step, trickStart) {
  const n = plays.length;
  if (!n && (step === 'start' || step === 'back' || step === 'trick-back')) return null;
  switch (step) {
    case 'start': return [];
    case 'back': return plays.slice(0, -1);
    // Within a trick, to its start; at a trick's start, to the start of the one before.
    case 'trick-back': return plays.slice(0, Math.max(0, trickStart < n ? trickStart : trickStart - 4));
    default: break;
  }
  if (!onRecord(record, plays) || n >= record.length) return null;
  if (step === 'forward') return record.slice(0, n + 1);
  if (step === 'trick-forward') return record.slice(0, Math.min(record.length, trickStart + 4));
  if (step === 'end') return record.slice();
  return null;
}

/** A call of the auction as the package writes it (P, X, XX, 1S, 3NT) as
 *  shown: Pass, Dbl, Rdbl, 1♠, 3NT. (The package reads the calls of the
 *  record, whatever their spelling there.) */
export function callHtml(call) {
  if (call === 'P') return 'Pass';
  if (call === 'X') return 'Dbl';
  if (call === 'XX') return 'Rdbl';
  const m = /^([1-7])(NT|S|H|D|C)$/.exec(call);
  if (!m) return esc(call);
  return `${m[1]}${m[2] === 'NT' ? 'NT' : strainHtml(m[2])}`;
}

/** The auction as rows of the columns W N E S (as BBO shows it), the dealer's column first filled. */
export function auctionRows(auction, dealer) {
  const columns = ['W', 'N', 'E', 'S'];
  const cells = new Array(columns.indexOf(dealer)).fill(null).concat(auction);
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(cells.slice(i, i + 4));
  return { columns, rows };
}

/** A contract as shown: 4♠x by South ("x" doubled, "xx" redoubled). */
export function contractHtml(c) {
  const pen = c.penalty === 'XX' ? 'xx' : c.penalty === 'X' ? 'x' : '';
  return `${c.level}${c.strain === 'NT' ? 'NT' : strainHtml(c.strain)}${pen} by ${SEAT_NAMES[c.declarer]}`;
}

/**
 * The record panel: the auction, the summary (the cards that cost a trick),
 * the tricks with every card (a button that goes to the position after it,
 * marked when it cost a trick, with the contract's result after it), the
 * claim, and where the play so far left the record.
 *   rec: {contract, auction, claim, cards, costs (recordCards), tricks (analysePlay's, once 'done'),
 *   status ('idle', 'busy', 'done', 'error'), error, dealer}
 *   plays: the cards played now; result(total): the contract's result for
 *   declarer's side's tricks ("=", "+1", "−2"), score(total): its score text.
 */
export function recordHtml(rec, plays, { result, score }) {
  const parts = [];
  if (rec.auction) {
    const { columns, rows } = auctionRows(rec.auction, rec.dealer);
    const body = rows.map((r) => `<tr>${columns.map((_, i) => `<td>${r[i] == null ? '' : callHtml(r[i])}</td>`).join('')}</tr>`).join('');
    parts.push(`<table class="auction" id="auction" aria-label="The auction"><thead><tr>${columns.map((s) => `<th scope="col">${s}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`);
  }
  if (!rec.contract) {
    parts.push(`<p id="record-summary">${rec.passedOut ? 'Passed out: no contract to play.' : 'The auction is not finished: no contract to play.'}</p>`);
    return parts.join('');
  }
  const cards = rec.costs;
  const costly = cards.filter((c) => costOf(c) > 0);
  let summary;
  if (!cards.length) summary = 'No card was recorded.';
  else if (rec.status === 'error') summary = `<span class="error">${esc(rec.error)}</span>`;
  else if (rec.status !== 'done' || !rec.tricks) summary = '<span class="busy">Solving the position after each card…</span>';
  else if (!costly.length) summary = `No card cost a trick: double dummy, ${rec.tricks[0]} tricks for ${SEAT_NAMES[rec.contract.declarer]} (${result(rec.tricks[0])}) from the lead to the last card recorded.`;
  else {
    const list = costly.map((c) => `${SEAT_NAMES[c.seat]}'s ${cardHtml(c.card)} at trick ${c.trick + 1}${costOf(c) > 1 ? ` (${costOf(c)} tricks)` : ''}`);
    summary = `${costly.length} card${costly.length === 1 ? '' : 's'} cost a trick: ${list.join(', ')}. Double dummy: ${rec.tricks[0]} tricks for ${SEAT_NAMES[rec.contract.declarer]} at the lead (${result(rec.tricks[0])}), ${rec.tricks.at(-1)} after the last card (${result(rec.tricks.at(-1))}).`;
  }
  parts.push(`<p id="record-summary" class="small">${summary}</p>`);
  const here = onRecord(rec.cards, plays) ? plays.length - 1 : -1;
  const tricks = [];
  cards.forEach((c, i) => {
    (tricks[c.trick] ??= []).push({ ...c, i });
  });
  const rows = tricks.map((t, k) => `<li class="record-trick"><span class="n">${k + 1}</span>${t.map((c) => {
    const cost = costOf(c);
    const mark = cost > 0 ? ' cost' : '';
    const res = c.after == null ? '' : result(c.after);
    const label = `Trick ${k + 1}, ${SEAT_NAMES[c.seat]} ${c.card[1] === 'T' ? '10' : c.card[1]} of ${SYMBOLS[c.card[0]]}` +
      (c.after == null ? '' : `: ${c.after} tricks for declarer after it (${res})`) + (cost > 0 ? `, cost ${cost} trick${cost > 1 ? 's' : ''}` : '');
    return `<button type="button" class="rc${mark}${c.i === here ? ' here' : ''}" data-record="${c.i}" data-focus="rc-${c.i}"${c.i === here ? ' aria-current="step"' : ''} aria-label="${esc(label)}"><small>${c.seat}</small>${cardHtml(c.card)}<span class="res">${res}</span></button>`;
  }).join('')}</li>`);
  if (rows.length) parts.push(`<ol class="record-tricks" aria-label="The recorded play: each card goes to the position after it">${rows.join('')}</ol>`);
  const atEnd = cards.length > 0 && plays.length === cards.length && here === cards.length - 1;
  if (rec.claim != null && (atEnd || !cards.length)) {
    const dd = rec.tricks?.at(-1);
    parts.push(`<p id="record-claim"><strong>${SEAT_NAMES[rec.contract.declarer]} claimed ${rec.claim} trick${rec.claim === 1 ? '' : 's'}</strong> (${result(rec.claim)}, ${score(rec.claim)})${dd == null ? '' : `; double dummy ${dd} from here (${result(dd)}).`}</p>`);
  } else if (rec.claim != null) {
    parts.push(`<p class="muted small">The record ends with a claim of ${rec.claim} tricks.</p>`);
  }
  if (here < 0 && plays.length) {
    const k = plays.findIndex((c, i) => c !== rec.cards[i]);
    parts.push(`<p class="muted small" id="off-record">Off the record after ${k} card${k === 1 ? '' : 's'}: click a card of the record to go back to it.</p>`);
  }
  return parts.join('');
}

/** The card just played from the record and what it did: "Card 5 of 35:
 *  South ♥2 → 12 tricks (+2), cost a trick"; '' off the record or at its start. */
export function lastCardHtml(costs, plays, record, result) {
  const n = plays.length;
  const x = costs[n - 1];
  if (!n || !x || !onRecord(record, plays)) return '';
  const cost = costOf(x);
  const what = x.after == null ? '' : ` \u2192 ${x.after} trick${x.after === 1 ? '' : 's'} (${result(x.after)})${cost > 0 ? `, cost ${cost === 1 ? 'a trick' : `${cost} tricks`}` : ''}`;
  return `<p class="status${cost > 0 ? ' cost-line' : ''}" id="record-step">Card ${n} of ${record.length}: ${SEAT_NAMES[x.seat]} ${cardHtml(x.card)}${what}</p>`;
}

/** The tables of a traveller file's board (their records): a choice of the one shown. */
export function tablesHtml(tables, index) {
  if (tables.length < 2) return '';
  const options = tables.map((t, i) => {
    const what = t.contract ? contractHtml(t.contract).replace(/<[^>]*>/g, '') : t.passedOut ? 'passed out' : 'no contract';
    const cards = t.play.length ? `, ${t.play.length} cards` : '';
    return `<option value="${i}"${i === index ? ' selected' : ''}>Table ${i + 1}: ${esc(what)}${cards}</option>`;
  }).join('');
  return `<p class="row"><label>Record <select id="record-table" data-focus="record-table">${options}</select></label> <span class="muted small">${tables.length} tables played this board</span></p>`;
}
