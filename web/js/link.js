// The page's link: the position shown written into the address (bridge.js's
// encodeHash), and whether an address is the one the page wrote. Reading a
// link (bridge.js's decodeHash) and loading it: app.js.

import { encodeHash } from './bridge.js';
import { state, recordShown } from './state.js';

/** The address the page last wrote or read (a hashchange to it is the page's own). */
let lastHash = '';
/** Writes the position shown into the address: the deal, its contract and play, the hands hidden and the record. */
export function writeHash() {
  if (!state.deal) return;
  const rec = recordShown() ? state.record : null;
  const hash = encodeHash({
    deal: state.deal, dealer: state.dealer, vul: state.vul, board: state.board,
    contract: state.contract, plays: state.plays, hidden: state.hidden,
    record: rec?.cards, claim: rec?.claim,
  });
  if (hash !== location.hash) history.replaceState(null, '', hash);
  lastHash = location.hash;
}

/** The address now is the page's own: a hashchange to it loads nothing. */
export function hashSeen() {
  lastHash = location.hash;
}

/** The address is the one the page last wrote or read. */
export const ownHash = () => location.hash === lastHash;
