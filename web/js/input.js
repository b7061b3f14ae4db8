// What the page reads that the package does not: among the kinds of text
// the package's detectFormat tells apart (PBN file, LIN or a BBO link,
// DDS's hand files, deal lines) it tells one PBN deal from a list of deals
// and from hands written out in plain text, and reads those hands (with or
// without suit symbols, labelled or laid out as a diagram). The package
// reads the rest (parseDeal, parseLin with BBO's links, parsePbn,
// parseDdsHands): see files.js and boards.js. Plain JS, no DOM.

import { SEATS, SEAT_NAMES, SUITS, handCards, handText, missingCards } from './bridge.js';

/** Thrown for text the page cannot read: its message is shown as it is. */
export class InputError extends Error {}

const SYMBOL_SUIT = {
  '\u2660': 'S', '\u2664': 'S', '\u2665': 'H', '\u2661': 'H',
  '\u2666': 'D', '\u2662': 'D', '\u2663': 'C', '\u2667': 'C',
};
const SEAT_WORDS = { NORTH: 'N', EAST: 'E', SOUTH: 'S', WEST: 'W' };

/**
 * What a piece of text is: {kind, text}, kind one of
 * 'lin' (LIN or a BBO link, for the package's parseLin), 'pbn-file',
 * 'pbn-deal', 'dds-file', 'deal-list', 'plain'. `format` is the package's
 * detectFormat of the text (the `dds` command's detector: 'pbn', 'lin',
 * 'dds-hands', 'deals' or null), which tells the kinds of file; the page
 * only tells apart, among deal lines, a list of deals, one deal and hands
 * written out in plain text.
 */
export function classify(raw, format) {
  // Files go to the package as they are (a PBN file comes back with its own line ends).
  const whole = String(raw ?? '').replace(/^\uFEFF/, '');
  const text = whole.trim();
  if (!text) throw new InputError('Enter a deal first: PBN, a BBO hand or link, or the four hands.');
  // A link (one word) goes trimmed; LIN text as it is.
  if (format === 'lin') return { kind: 'lin', text: /\s/.test(text) ? whole : text };
  if (format === 'pbn') return { kind: 'pbn-file', text: whole };
  if (format === 'dds-hands') return { kind: 'dds-file', text: whole };
  // A handviewer link's query without its '?' (n=...&e=...): the package's parseLin reads it with one.
  if (/^([nesw]=[a-z0-9]+&?)+/i.test(text)) return { kind: 'lin', text: `?${text}` };
  // A link the package reads no board from (it is no LIN): say so rather than read it as hands.
  if (/^(https?:\/\/|www\.)\S*$/i.test(text)) {
    throw new InputError('this link holds no board: the page reads BBO\'s handviewer and movie links (lin=, or the hands as n= e= s= w=)');
  }
  // Deal lines, as the package reads them: blank lines and # comments skipped.
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const hand = '(?:(?:[AKQJT2-9]|10)*\\.){3}(?:[AKQJT2-9]|10)*|-';
  const dealLine = new RegExp(`^[NESW]\\s*:\\s*(?:${hand})(?:\\s+(?:${hand}))+$`, 'i');
  if (lines.length > 1 && lines.every((l) => dealLine.test(l))) return { kind: 'deal-list', text: whole };
  if (lines.length === 1 && dealLine.test(lines[0])) return { kind: 'pbn-deal', text: lines[0] };
  // Four dotted hands without the first seat: PBN from North.
  if (lines.length === 1 && new RegExp(`^(?:${hand})(?:\\s+(?:${hand})){3}$`, 'i').test(lines[0])) {
    return { kind: 'pbn-deal', text: 'N:' + lines[0] };
  }
  return { kind: 'plain', text };
}

/** What a text read from a file named `fileName` (null for the deal box)
 *  is: as `classify` says (`format` the package's detectFormat of it),
 *  except that a file named *.pbn is a PBN file whatever it holds (the
 *  package's parsePbn says what it lacks). A file left 'plain' is none of
 *  the kinds of file the page reads. */
export function classifyFile(raw, fileName, format) {
  const c = classify(raw, format);
  return fileName && c.kind === 'plain' && /\.pbn$/i.test(fileName) ? { ...c, kind: 'pbn-file' } : c;
}

/** A file of PBN deals, one a line: boards numbered from 1 (the page takes
 *  each board's dealer and vulnerability from its number: boardInfo). */
export function readDealList(text) {
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    .map((deal, i) => ({ deal, board: String(i + 1) }));
}

/** Holdings as written ("A K 10 3", "AKT3", "—", "void") as PBN ranks ("AKT3"). */
function holding(text) {
  let t = text.toUpperCase().replace(/VOID|[\u2014\u2013-]/g, '').replace(/10/g, 'T').replace(/[\s,:;]/g, '');
  if (/[^AKQJT2-9]/.test(t)) throw new InputError(`cannot read the holding "${text.trim()}" (ranks are A K Q J 10 (or T) 9 ... 2)`);
  return [...new Set(t)].join('');
}

/** One hand written out: "♠AKQ ♥J2 ♦T98 ♣765", "S:AKQ H:J2 ...", "AKQ.J2.T98.765", "AKQ J2 T98 765". */
export function readHand(text) {
  const t = text.trim();
  const marked = toMarkers(t);
  if (marked.includes('\u0001')) {
    const suits = { S: '', H: '', D: '', C: '' };
    const seen = new Set();
    for (const part of marked.split('\u0001').slice(1)) {
      const suit = part[0];
      if (seen.has(suit)) throw new InputError(`${suitWord(suit)} appear twice in "${t}"`);
      seen.add(suit);
      suits[suit] = holding(part.slice(1));
    }
    return SUITS.map((s) => suits[s]).join('.');
  }
  const dotted = t.split('.');
  if (dotted.length === 4) return dotted.map(holding).join('.');
  const groups = t.split(/\s+/).filter(Boolean);
  if (groups.length === 4) return groups.map(holding).join('.');
  throw new InputError(`cannot read the hand "${t}": write its four suits, as \u2660AKQ \u2665J2 \u2666T98 \u2663765 or AKQ.J2.T98.765`);
}

const suitWord = (s) => ({ S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' })[s];

/** Marks each suit's start with \u0001 followed by its letter: symbols, and letters S/H/D/C before ranks. */
function toMarkers(text) {
  let t = text.replace(/[\u2660-\u2667]\uFE0F?/g, (c) => '\u0001' + SYMBOL_SUIT[c[0]]);
  if (!t.includes('\u0001')) {
    // Letters as suits: "S AKQ H J2 D T98 C 765", "SAKQ HJ2 ...", "S:AKQ": ranks have no S H D C.
    const letters = /(^|[\s,;])([SHDC])(?=\s*[:.]?\s*(?:[AKQJT2-9]|10|[\u2014\u2013-]|void|\s|$))/gi;
    const found = [...t.matchAll(letters)];
    if (found.length >= 2) t = t.replace(letters, (m, pre, s) => pre + '\u0001' + s.toUpperCase());
  }
  return t.replace(/\u0001([SHDC])\s*[:.]/g, '\u0001$1 ');
}

/**
 * Four hands in plain text as a PBN deal from North: labelled (North ...,
 * N: ..., West ...), laid out as a diagram (North's suits, then West's and
 * East's side by side, then South's), or four hands in the order N E S W,
 * one a line or a paragraph. Three hands are enough: the fourth gets the
 * cards left. Returns {deal, note}.
 */
export function readPlainHands(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const hands = labelled(lines) ?? diagram(lines) ?? ordered(lines);
  return complete(hands);
}

function complete(texts) {
  const hands = {};
  for (const s of SEATS) hands[s] = texts[s] == null ? null : handCards(texts[s]);
  const missing = SEATS.filter((s) => hands[s] == null);
  let note = null;
  if (missing.length === 1) {
    if (SEATS.every((s) => hands[s] == null || hands[s].length === 13)) {
      hands[missing[0]] = missingCards(hands);
      note = `${SEAT_NAMES[missing[0]]} gets the 13 cards left.`;
    } else {
      throw new InputError(`${SEAT_NAMES[missing[0]]}'s hand is missing (the fourth hand is filled in only for hands of 13 cards)`);
    }
  } else if (missing.length > 1) {
    throw new InputError(`found ${4 - missing.length} hand${4 - missing.length === 1 ? '' : 's'}: give at least three of the four`);
  }
  return { deal: 'N:' + SEATS.map((s) => handText(hands[s])).join(' '), note };
}

/** "North: ...", "N ...", "West ♠..." at the start of lines (or inline "N: ... E: ..."). */
function labelled(lines) {
  const text = lines.join('\n');
  const words = /(^|[\s,;])(north|east|south|west)\b\s*:?/gi;
  let found = [...text.matchAll(words)];
  if (found.length === 0) {
    // Single letters: N E W (and S) with a colon, as "N: \u2660AKQ ...".
    const letters = /(^|[\s,;])([NESW])\s*:(?=\s*\S)/g;
    found = [...text.matchAll(letters)];
    if (found.length < 2 || found.filter((m) => m[2].toUpperCase() !== 'S').length < 1) return null;
  }
  const hands = {};
  found.forEach((m, i) => {
    const start = m.index + m[0].length;
    const end = i + 1 < found.length ? found[i + 1].index : text.length;
    const seat = SEAT_WORDS[m[2].toUpperCase()] ?? m[2].toUpperCase();
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
    if (!body) return;
    if (hands[seat] != null) throw new InputError(`${m[2]} is given twice`);
    hands[seat] = readHand(body);
  });
  return hands;
}

/** Suit groups line by line: the diagram of 4 lines of North, 4 of West and East, 4 of South (or N / W E / S on three lines). */
function diagram(lines) {
  const rows = lines.map((l) => toMarkers(l)).filter((l) => l.includes('\u0001'))
    .map((l) => l.split('\u0001').slice(1).map((g) => ({ suit: g[0], text: g.slice(1) })));
  const counts = rows.map((r) => r.length).join(',');
  const take = (groups) => {
    const suits = { S: '', H: '', D: '', C: '' };
    for (const g of groups) suits[g.suit] = holding(g.text);
    return SUITS.map((s) => suits[s]).join('.');
  };
  if (counts === '1,1,1,1,2,2,2,2,1,1,1,1') {
    return {
      N: take(rows.slice(0, 4).flat()), W: take(rows.slice(4, 8).map((r) => r[0])),
      E: take(rows.slice(4, 8).map((r) => r[1])), S: take(rows.slice(8).flat()),
    };
  }
  if (counts === '4,8,4') return { N: take(rows[0]), W: take(rows[1].slice(0, 4)), E: take(rows[1].slice(4)), S: take(rows[2]) };
  return null;
}

/** Hands in the order N E S W: one a line (or paragraph), or four suit groups each in reading order. */
function ordered(lines) {
  const text = lines.join('\n');
  const marked = toMarkers(text);
  let hands;
  if (marked.includes('\u0001')) {
    // Groups in reading order; a hand ends after four suits or when a suit comes again.
    hands = [];
    let current = null;
    for (const g of marked.split('\u0001').slice(1)) {
      if (!current || current.has(g[0]) || current.size === 4) {
        current = new Map();
        hands.push(current);
      }
      current.set(g[0], g.slice(1));
    }
    hands = hands.map((m) => SUITS.map((s) => holding(m.get(s) ?? '')).join('.'));
  } else {
    const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
    const units = paragraphs.length >= 3 && paragraphs.length <= 4 ? paragraphs.map((p) => p.replace(/\s*\n\s*/g, ' '))
      : lines.map((l) => l.trim()).filter(Boolean);
    if (units.length === 1) {
      // One line: four dotted hands, or 16 space-separated holdings.
      const parts = units[0].split(/\s+/);
      if (parts.length === 16) hands = [0, 4, 8, 12].map((i) => parts.slice(i, i + 4).map(holding).join('.'));
      else hands = parts.map(readHand);
    } else {
      hands = units.map(readHand);
    }
  }
  if (hands.length < 3 || hands.length > 4) {
    throw new InputError(`found ${hands.length} hand${hands.length === 1 ? '' : 's'}; give the four hands (North, East, South, West), or PBN such as N:AKQ.J2.T98.7654 ...`);
  }
  return Object.fromEntries(hands.map((h, i) => [SEATS[i], h]));
}

/** Boards as a PBN file (for the package's writePbn, as `dds pbn` reads it). */
export function boardsToPbn(boards) {
  const games = boards.filter((b) => b.deal && !b.error).map((b) => {
    const tags = [];
    if (b.board != null) tags.push(`[Board "${b.board}"]`);
    if (b.dealer) tags.push(`[Dealer "${b.dealer}"]`);
    if (b.vul) tags.push(`[Vulnerable "${b.vul}"]`);
    tags.push(`[Deal "${b.deal}"]`);
    return tags.join('\n') + '\n';
  });
  return '% PBN 2.1\n% EXPORT\n' + games.join('\n');
}

/**
 * File bytes as text: UTF-8 when valid, else ISO 8859-1 (PBN's own), as `dds`
 * and the package read files: each byte the character of the same number.
 * Not TextDecoder('iso-8859-1'), which the Encoding Standard makes
 * windows-1252 (bytes 0x80 to 0x9F become € ‚ ƒ … and the like), so the page
 * would show other characters than the package reads.
 */
export function decodeFile(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    let text = '';
    // In pieces: fromCharCode takes its bytes as arguments, and their number is bounded.
    for (let i = 0; i < bytes.length; i += 0x2000) text += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
    return text;
  }
}

/** What the page says of a file that is none of the kinds it reads. */
export const NOT_A_FILE = 'it is not a PBN or LIN file, a DDS hand file, a list of deals or hands in text';

/**
 * Why the bytes of a file cannot be a file of deals before reading them as
 * text, in one line; null when they may be. Empty, or binary: a NUL byte,
 * or more than one in twenty of the first 4 KiB control characters other
 * than tab, line ends and form feed (text in UTF-8 or ISO 8859-1 has none).
 */
export function fileProblem(bytes) {
  if (!bytes.length) return 'the file is empty';
  const head = bytes.subarray(0, 4096);
  let control = 0;
  for (const b of head) {
    if (b === 0) return 'it is not a text file (it holds binary data): the page reads PBN, LIN, DDS hand files and lists of deals';
    if ((b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12) || b === 127) control += 1;
  }
  if (control * 20 > head.length) return 'it is not a text file (it holds binary data): the page reads PBN, LIN, DDS hand files and lists of deals';
  return null;
}

/** A message on one line of at most `max` characters (its first line, cut with an ellipsis). */
export function oneLine(text, max = 200) {
  const line = String(text).split(/\r?\n/)[0].replace(/[\u0000-\u001f\u007f]/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
}

/**
 * One entry a board, for the boards read from a file ({deal, board, dealer,
 * vul, error, record, copyOf}): a game that repeats an earlier board (a
 * traveller file lists each board once a table) joins it, its record
 * (contract and play) one more of the board's `tables`; `games` counts
 * them. Which games repeat which is the package's to say (`copyOf`, the
 * index of the first game of the same board: the facade's distinct boards,
 * as `dds report` counts them); the formats it does not read (DDS's hand
 * files, lists of deals) list each board once.
 */
export function distinctBoards(read) {
  const out = [];
  const ofGame = new Map();
  read.forEach((b, i) => {
    const first = b.copyOf != null ? ofGame.get(b.copyOf) : null;
    if (first) {
      if (b.record) first.tables.push(b.record);
      first.games += 1;
      ofGame.set(i, first);
      return;
    }
    const entry = { ...b, tables: b.record ? [b.record] : [], games: 1 };
    out.push(entry);
    ofGame.set(i, entry);
  });
  return out;
}
