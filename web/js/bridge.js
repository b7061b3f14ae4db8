// The page's vocabulary for showing bridge: seats, suits and cards as
// text and symbols, hands as card lists (PBN hands in and out), random
// deals and the page's link. The rules (the play, trick winners, scores,
// a board's dealer and vulnerability) are the package's: state.js and
// deal.js call replay, contractScore and boardInfo. No DOM here, so
// Node's tests can import it too.

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

export const isVulnerable = (vul, seat) => vul === 'All' || vul === sideOf(seat);

/** "4S-W", "4SX-W" and back: a contract {level, strain, declarer} (and
 *  penalty 'X' or 'XX' when doubled). */
export function contractCode(c) {
  return `${c.level}${c.strain}${c.penalty ?? ''}-${c.declarer}`;
}
export function parseContractCode(text) {
  const m = /^([1-7])(NT|N|S|H|D|C)(XX|X)?-?([NESW])$/i.exec(String(text ?? '').trim());
  if (!m) return null;
  const strain = m[2].toUpperCase() === 'N' ? 'NT' : m[2].toUpperCase();
  const c = { level: Number(m[1]), strain, declarer: m[4].toUpperCase() };
  if (m[3]) c.penalty = m[3].toUpperCase();
  return c;
}

/** Cards written one after another ("CTC4C10S2") as card codes (["CT", "C4", "CT", "S2"]). */
function cardList(text) {
  return String(text).toUpperCase().match(/[SHDC](?:10|[AKQJT2-9])/g)?.map((c) => c.replace('10', 'T')) ?? [];
}

/**
 * The page's link: the deal, its dealer, vulnerability and board, the
 * contract, the cards played and the hidden hands, in the URL's hash:
 * #deal=N:QJ6.K652.J85.T98_873...&dealer=N&vul=None&board=1&contract=2S-W&play=D5D2DA&hide=EW
 * and a recorded play (a LIN or PBN game's) as record=CTC4CACJ... and claim=9.
 */
export function encodeHash(s) {
  const parts = [`deal=${s.deal.replace(/\s+/g, '_')}`];
  if (s.dealer) parts.push(`dealer=${s.dealer}`);
  if (s.vul) parts.push(`vul=${s.vul}`);
  if (s.board != null && s.board !== '') parts.push(`board=${encodeURIComponent(s.board)}`);
  if (s.contract) parts.push(`contract=${contractCode(s.contract)}`);
  if (s.contract && s.plays?.length) parts.push(`play=${s.plays.join('')}`);
  if (s.hidden?.length) parts.push(`hide=${[...s.hidden].join('')}`);
  if (s.contract && s.record?.length) parts.push(`record=${s.record.join('')}`);
  if (s.contract && s.claim != null) parts.push(`claim=${s.claim}`);
  return '#' + parts.join('&');
}

/**
 * The link's state back ({deal, dealer, vul, board, contract, plays, hidden,
 * record, claim}); null without a deal. What cannot be taken is left out;
 * `ignored` lists the parts left out that the page names in its message
 * (a claim out of 0 to 13).
 */
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
  // The cards as written (the package's replay reads and checks them).
  if (contract && params.play) out.plays = cardList(params.play);
  if (contract && params.record) out.record = cardList(params.record);
  // A claim is declarer's side's tricks in all, 0 to 13; another value is left out and named.
  if (contract && params.claim != null) {
    if (/^\d{1,2}$/.test(params.claim) && Number(params.claim) <= 13) out.claim = Number(params.claim);
    else out.ignored = [`claim=${params.claim.slice(0, 20)} (a claim is 0 to 13 tricks)`];
  }
  if (params.hide) out.hidden = [...new Set(params.hide.toUpperCase().split('').filter((c) => SEATS.includes(c)))];
  return out;
}
