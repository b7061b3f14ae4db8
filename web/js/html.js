// Small pieces of the page's HTML, shared by the panels and record.js: text
// escaped, suits and cards with their symbols and colours, signed numbers.
// Strings only (no DOM), so Node's tests can import it too.

import { SYMBOLS } from './bridge.js';

/** Text escaped for HTML (element text and attribute values). */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
/** The class that colours a strain: red hearts and diamonds, black spades and clubs. */
export const suitClass = (s) => (s === 'H' || s === 'D' ? 'red' : s === 'NT' ? 'nt' : 'black');
/** A strain as its coloured symbol (NT as NT). */
export const strainHtml = (s) => `<span class="${suitClass(s)}">${SYMBOLS[s]}</span>`;
/** A card as a suit symbol and its rank ("SA" as the ace of spades, 10 for T). */
export const cardHtml = (c) => `${strainHtml(c[0])}${c[1] === 'T' ? '10' : c[1]}`;
/** A number with its sign, a true minus for negatives: +1, 0, −2. */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0');
