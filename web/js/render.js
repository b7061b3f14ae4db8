// Every panel drawn again, and the link written, after the position changes.

import { ui } from './state.js';
import { renderHands } from './diagram.js';
import { renderTable } from './table.js';
import { renderPlay } from './playpanel.js';
import { renderSd } from './sdpanel.js';
import { renderBatch } from './save.js';
import { writeHash } from './link.js';

/** The position changed: every panel again, and the link; `focusNext` after a card played. */
export function changed({ focusNext = false } = {}) {
  ui.focusNext = focusNext;
  render();
  writeHash();
}

/** Draws every panel of the deal shown. */
export function render() {
  renderHands();
  renderTable();
  renderPlay();
  renderSd();
  renderBatch();
}
