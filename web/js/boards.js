// The boards the page reads, as it settles them: the package's games
// (parseLin, parsePbn, parseDdsHands) as the page's boards, a board's dealer and
// vulnerability (what it states, else its board number's, else the user's
// choice, else the page's default), a link's record as a table, and the
// messages about them. No DOM and no package here (the board number's
// dealer and vulnerability come in from the package's boardInfo), so
// Node's tests can import it too.

import { SEATS, SEAT_NAMES, VULS } from './bridge.js';
import { recordOf } from './record.js';

/** What the page takes for a deal that names no dealer or vulnerability
 *  (nor a board number), unless the user has chosen them in the selects. */
export const DEFAULT_DEALER = 'N';
export const DEFAULT_VUL = 'None';

/** A vulnerability as the page writes it (None, NS, EW, All), or null. */
export function normaliseVul(v) {
  if (!v) return null;
  const t = String(v).toLowerCase();
  if (t === 'both' || t === 'all') return 'All';
  return VULS.find((x) => x.toLowerCase() === t) ?? null;
}

/** The index of the earlier game a game repeats (the package's `copyOf`, a
 *  game number from 1), or null. */
export const copyIndex = (g) => (Number.isInteger(g?.copyOf) ? g.copyOf - 1 : null);

/** The package's parseLin games as boards: {deal, dealer, vul, board, error, record, copyOf}. */
export function linBoards(games) {
  return games.map((g) => ({
    deal: g.deal, dealer: g.dealer, vul: g.vulnerability, board: g.board, error: g.error?.message,
    record: recordOf(g), copyOf: copyIndex(g),
  }));
}

/** The package's parsePbn games as boards: a game without a board number
 *  is numbered by its place in the file; a game without a deal says so. */
export function pbnBoards(games) {
  return games.map((g) => ({
    deal: g.deal ?? null, dealer: g.dealer, vul: g.vulnerability, board: g.board ?? String(g.game + 1),
    error: g.error?.message ?? (g.deal ? null : 'no deal in this game'),
    record: recordOf(g), copyOf: copyIndex(g),
  }));
}

/** The package's parseDdsHands lines (DDS's hand files) as boards,
 *  numbered from 1 in the file's order; a line that does not read says why. */
export function ddsBoards(lines) {
  return lines.map((l, i) => (l.error
    ? { deal: null, board: String(i + 1), error: l.error.message }
    : { deal: l.deal, dealer: l.dealer, vul: l.vulnerability, board: String(i + 1) }));
}

/**
 * A board's dealer and vulnerability: what it states, else its board
 * number's (`fromNumber`, the package's boardInfo: {dealer, vul} or {}),
 * else the user's choice in the selects (`chosen`), else the page's
 * default; `assumed` says, for each, where one the board did not state came
 * from ('chosen' or 'default'; false when stated), to be marked on the diagram.
 */
export function settleBoard(b, fromNumber = {}, chosen = {}) {
  const dealer = SEATS.includes(b.dealer) ? b.dealer : fromNumber.dealer;
  const vul = normaliseVul(b.vul) ?? fromNumber.vul;
  return {
    dealer: dealer ?? chosen.dealer ?? DEFAULT_DEALER,
    vul: vul ?? chosen.vul ?? DEFAULT_VUL,
    assumed: {
      dealer: !dealer && (chosen.dealer ? 'chosen' : 'default'),
      vul: !vul && (chosen.vul ? 'chosen' : 'default'),
    },
  };
}

/** What the page says of a file read: its name, its boards, and its games when a board has copies. */
export function boardsMessage(fileName, boards, games) {
  const copies = games > boards ? ` (${games} games: a board's copies are its tables)` : '';
  return `${fileName ? fileName + ': ' : ''}${boards} board${boards === 1 ? '' : 's'}${copies}`;
}

/** Why a deal with hands unknown ("-", the seats `unknown`) cannot be analysed. */
export function unknownHandsMessage(unknown) {
  const names = unknown.map((s) => SEAT_NAMES[s]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `This deal cannot be analysed: ${list} ${unknown.length > 1 ? 'are' : 'is'} unknown ("-"). Give every hand; to see the layouts of hidden hands, hide them on the diagram.`;
}

/** A link's record (bridge.js's decodeHash: its cards and claim, for the
 *  link's contract) as the board's one table, in record.js's form; none
 *  without a contract or without cards and claim. */
export function linkTables(h) {
  return h.contract && (h.record || h.claim != null)
    ? [{ contract: h.contract, passedOut: false, auction: null, play: h.record ?? [], claim: h.claim ?? null, playError: null }] : [];
}
