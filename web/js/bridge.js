// The bridge vocabulary the page needs on its own thread: seats, suits,
// hands, the rules of play (to show a position at once; the worker's
// solver checks every card again), scores, random deals and the page's
// link. No DOM here, so Node's tests can import it too.

export const SEATS = ['N', 'E', 'S', 'W'];
export const SEAT_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' };
export const SUITS = ['S', 'H', 'D', 'C'];
/** DDS's order of strains (the rows of a table). */
export const DDS_STRAINS = ['S', 'H', 'D', 'C', 'NT'];
/** The order the page shows them in. */
export const SHOWN_STRAINS = ['NT', 'S', 'H', 'D', 'C'];
export const SYMBOLS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663', NT: 'NT' };
export const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs', NT: 'notrump' };
export const RANKS = 'AKQJT98765432';
const RANK_NAMES = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' };
export const VULS = ['None', 'NS', 'EW', 'All'];

export const seatAfter = (seat, k = 1) => SEATS[(SEATS.indexOf(seat) + k) % 4];
export const sideOf = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
export const rankText = (r) => (r === 'T' ? '10' : r);
export const cardText = (card) => SYMBOLS[card[0]] + rankText(card[1]);
export const cardName = (card) => `${RANK_NAMES[card[1]] ?? card[1]} of ${SUIT_NAMES[card[0]]}`;
export const strainText = (strain) => SYMBOLS[strain];
const rankIndex = (r) => RANKS.indexOf(r);

/** Sorts cards by suit (S H D C) and rank, highest first. */
export function sortCards(cards) {
  return [...cards].sort((a, b) => SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || rankIndex(a[1]) - rankIndex(b[1]));
}

/** A PBN hand ("AK.Q..T2") as cards; null for "-". */
export function handCards(text) {
  if (text === '-' || text == null) return null;
  const suits = text.split('.');
  const cards = [];
  suits.forEach((holding, i) => {
    for (const r of holding.toUpperCase()) cards.push(SUITS[i] + r);
  });
  return cards;
}

/** Cards as a PBN hand, suits in order and ranks highest first. */
export function handText(cards) {
  if (cards == null) return '-';
  return SUITS.map((s) => sortCards(cards.filter((c) => c[0] === s)).map((c) => c[1]).join('')).join('.');
}

/** A PBN deal ("W:... ... ... ...") as {N, E, S, W} card arrays (null for "-"). */
export function dealHands(deal) {
  const m = /^\s*([NESW])\s*:\s*(.*)$/i.exec(deal);
  if (!m) throw new Error(`not a PBN deal: ${deal}`);
  const parts = m[2].trim().split(/\s+/);
  const hands = {};
  parts.forEach((p, i) => { hands[seatAfter(m[1].toUpperCase(), i)] = handCards(p); });
  return hands;
}

/** {N, E, S, W} card arrays as a PBN deal, North first. */
export function handsDeal(hands) {
  return 'N:' + SEATS.map((s) => handText(hands[s])).join(' ');
}

/** The cards no hand holds. */
export function missingCards(hands) {
  const held = new Set(SEATS.flatMap((s) => hands[s] ?? []));
  return SUITS.flatMap((s) => [...RANKS].map((r) => s + r)).filter((c) => !held.has(c));
}

/** A random deal (crypto's random numbers unless `random` is given). */
export function randomDeal(random = cryptoRandom) {
  const deck = SUITS.flatMap((s) => [...RANKS].map((r) => s + r));
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return handsDeal({ N: deck.slice(0, 13), E: deck.slice(13, 26), S: deck.slice(26, 39), W: deck.slice(39) });
}

function cryptoRandom() {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0] / 2 ** 32;
}

/** The dealer and vulnerability of a board number (the usual 16-board cycle). */
export function boardDealerVul(board) {
  const n = Number(board);
  if (!Number.isInteger(n) || n < 1) return null;
  const i = (n - 1) % 16;
  const dealer = SEATS[i % 4];
  const vul = ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None', 'EW', 'All', 'None', 'NS', 'All', 'None', 'NS', 'EW'][i];
  return { dealer, vul };
}

export const isVulnerable = (vul, seat) => vul === 'All' || vul === sideOf(seat);

/**
 * The play so far: `hands` the hands at the start, `strain`, the opening
 * `leader` and the cards played. Returns the hands left, the finished
 * tricks with their winners, the trick in progress, the seat to play, its
 * legal cards and the tricks each side has taken; `error` (and the plays
 * that were legal, `plays`) at the first card that cannot be played.
 */
export function replay(hands, strain, leader, plays) {
  const remaining = Object.fromEntries(SEATS.map((s) => [s, [...(hands[s] ?? [])]]));
  const tricks = [];
  let current = { leader, cards: [] };
  const taken = { NS: 0, EW: 0 };
  let error = null;
  const legalFor = (seat) => {
    const hand = remaining[seat];
    if (current.cards.length === 0) return hand;
    const led = current.cards[0][0];
    const follow = hand.filter((c) => c[0] === led);
    return follow.length ? follow : hand;
  };
  let toPlay = leader;
  const done = [];
  for (const raw of plays) {
    const card = normaliseCard(raw);
    if (!card || !remaining[toPlay].includes(card)) {
      error = `${SEAT_NAMES[toPlay]} does not hold ${card ? cardText(card) : raw}`;
      break;
    }
    if (!legalFor(toPlay).includes(card)) {
      error = `${SEAT_NAMES[toPlay]} must follow suit (${cardText(card)} is not allowed)`;
      break;
    }
    remaining[toPlay] = remaining[toPlay].filter((c) => c !== card);
    current.cards.push(card);
    done.push(card);
    if (current.cards.length === 4) {
      const winner = trickWinner(current.leader, current.cards, strain);
      taken[sideOf(winner)] += 1;
      tricks.push({ ...current, winner });
      current = { leader: winner, cards: [] };
      toPlay = winner;
    } else {
      toPlay = seatAfter(toPlay);
    }
  }
  // The seat to play still holds its card of the current trick.
  const tricksLeft = remaining[toPlay].length;
  const finished = current.cards.length === 0 && remaining[toPlay].length === 0;
  return {
    remaining, tricks, current, toPlay, taken, error, plays: done, finished,
    legal: finished ? [] : legalFor(toPlay), tricksLeft,
  };
}

/** The seat that wins a trick of four cards led by `leader`. */
export function trickWinner(leader, cards, strain) {
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i];
    const b = cards[best];
    if (c[0] === b[0]) {
      if (rankIndex(c[1]) < rankIndex(b[1])) best = i;
    } else if (c[0] === strain) {
      best = i;
    }
  }
  return seatAfter(leader, best);
}

/** "SA", "sa", "S10", "♠A" as "SA"; null if it is no card. */
export function normaliseCard(text) {
  const t = String(text).trim().toUpperCase()
    .replace('\u2660', 'S').replace('\u2665', 'H').replace('\u2666', 'D').replace('\u2663', 'C').replace('10', 'T');
  return /^[SHDC][AKQJT2-9]$/.test(t) ? t : null;
}

/** The score of a contract for declarer's side (doubled 0, 1 or 2). */
export function contractScore(level, strain, doubled, vulnerable, tricks) {
  const need = level + 6;
  if (tricks >= need) {
    const per = strain === 'C' || strain === 'D' ? 20 : 30;
    let trickScore = per * level + (strain === 'NT' ? 10 : 0);
    trickScore *= 2 ** doubled;
    let score = trickScore + (trickScore >= 100 ? (vulnerable ? 500 : 300) : 50);
    if (level === 6) score += vulnerable ? 750 : 500;
    if (level === 7) score += vulnerable ? 1500 : 1000;
    if (doubled) score += 50 * doubled;
    const over = tricks - need;
    score += doubled ? over * (vulnerable ? 200 : 100) * doubled : over * per;
    return score;
  }
  const down = need - tricks;
  if (!doubled) return -down * (vulnerable ? 100 : 50);
  let penalty = 0;
  for (let i = 1; i <= down; i++) {
    if (vulnerable) penalty += i === 1 ? 200 : 300;
    else penalty += i === 1 ? 100 : i <= 3 ? 200 : 300;
  }
  return -penalty * doubled;
}

/** "4S-W" and back: a contract {level, strain, declarer}. */
export function contractCode(c) {
  return `${c.level}${c.strain}-${c.declarer}`;
}
export function parseContractCode(text) {
  const m = /^([1-7])(NT|N|S|H|D|C)-?([NESW])$/i.exec(String(text ?? '').trim());
  if (!m) return null;
  const strain = m[2].toUpperCase() === 'N' ? 'NT' : m[2].toUpperCase();
  return { level: Number(m[1]), strain, declarer: m[3].toUpperCase() };
}

/**
 * The page's link: the deal, its dealer, vulnerability and board, the
 * contract, the cards played and the hidden hands, in the URL's hash:
 * #deal=N:QJ6.K652.J85.T98_873...&dealer=N&vul=None&board=1&contract=2S-W&play=D5D2DA&hide=EW
 */
export function encodeHash(s) {
  const parts = [`deal=${s.deal.replace(/\s+/g, '_')}`];
  if (s.dealer) parts.push(`dealer=${s.dealer}`);
  if (s.vul) parts.push(`vul=${s.vul}`);
  if (s.board != null && s.board !== '') parts.push(`board=${encodeURIComponent(s.board)}`);
  if (s.contract) parts.push(`contract=${contractCode(s.contract)}`);
  if (s.contract && s.plays?.length) parts.push(`play=${s.plays.join('')}`);
  if (s.hidden?.length) parts.push(`hide=${[...s.hidden].join('')}`);
  return '#' + parts.join('&');
}

export function decodeHash(hash) {
  const text = hash.replace(/^#/, '');
  if (!text) return null;
  const params = {};
  for (const part of text.split('&')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    let value = part.slice(i + 1);
    try { value = decodeURIComponent(value.replace(/\+/g, ' ')); } catch { /* keep it as it is */ }
    params[part.slice(0, i).toLowerCase()] = value;
  }
  if (!params.deal) return null;
  const out = { deal: params.deal.replace(/_/g, ' ').trim() };
  const dealer = params.dealer?.toUpperCase();
  if (SEATS.includes(dealer)) out.dealer = dealer;
  const vul = VULS.find((v) => v.toLowerCase() === params.vul?.toLowerCase()) ?? (params.vul?.toLowerCase() === 'both' ? 'All' : undefined);
  if (vul) out.vul = vul;
  if (params.board) out.board = params.board;
  const contract = parseContractCode(params.contract);
  if (contract) out.contract = contract;
  if (contract && params.play) out.plays = params.play.toUpperCase().match(/[SHDC](?:10|[AKQJT2-9])/g)?.map(normaliseCard) ?? [];
  if (params.hide) out.hidden = [...new Set(params.hide.toUpperCase().split('').filter((c) => SEATS.includes(c)))];
  return out;
}
