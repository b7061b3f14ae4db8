// The double dummy table (a cell plays its contract: app.js) and par: the
// solver's analysis of the deal shown (deal.js).

import { SEATS, SEAT_NAMES, SYMBOLS, DDS_STRAINS, SHOWN_STRAINS } from './bridge.js';
import { esc, strainHtml, signed } from './html.js';
import { $, state } from './state.js';

/** The table of the deal shown, or what the solver is doing; par below it. */
export function renderTable() {
  const root = $('table');
  const a = state.analysis;
  if (!state.deal) { root.innerHTML = ''; $('par').innerHTML = ''; return; }
  if (a.status === 'busy') {
    root.innerHTML = '<p class="busy">Solving the table…</p>';
    $('par').innerHTML = '';
    return;
  }
  if (a.status === 'error') {
    root.innerHTML = `<p class="error">${esc(a.error)}</p>`;
    $('par').innerHTML = '';
    return;
  }
  if (a.status !== 'done') return;
  const order = ['N', 'S', 'E', 'W'];
  const head = SHOWN_STRAINS.map((s) => `<th scope="col">${strainHtml(s)}</th>`).join('');
  const body = order.map((seat) => {
    const cells = SHOWN_STRAINS.map((strain) => {
      const t = a.rows[DDS_STRAINS.indexOf(strain)][SEATS.indexOf(seat)];
      const chosen = state.contract?.declarer === seat && state.contract?.strain === strain;
      const makes = state.full ? t >= 7 : false;
      const label = `${SEAT_NAMES[seat]} declares ${strain === 'NT' ? 'notrump' : SYMBOLS[strain]}: ${t} tricks. Play it`;
      return `<td><button type="button" class="cell${chosen ? ' chosen' : ''}${makes ? ' makes' : ''}" data-seat="${seat}" data-strain="${strain}" data-focus="cell-${seat}${strain}" aria-label="${esc(label)}" aria-pressed="${chosen}">${t}</button></td>`;
    }).join('');
    return `<tr><th scope="row">${seat}</th>${cells}</tr>`;
  }).join('');
  const focusKey = root.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
  root.innerHTML = `<table class="dd" data-deal="${esc(state.deal)}" aria-label="Double dummy tricks by declarer and strain"><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table>
    <p class="muted small">Tricks for each declarer; click one to play that contract.</p>`;
  if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus();
  $('par').innerHTML = parHtml(a);
}

/** A par contract of the solver (strain N for notrump, declarer a seat or a side). */
function contractHtml(c) {
  const strain = c.strain === 'N' ? 'NT' : c.strain;
  const result = c.result > 0 ? `+${c.result}` : c.result < 0 ? `\u2212${-c.result}` : '';
  const side = c.declarer.length === 2 ? c.declarer : SEAT_NAMES[c.declarer] ?? c.declarer;
  return `${c.level}${strainHtml(strain)}${c.doubled ? 'x' : ''}${result ? ' ' + result : ''} by ${side}`;
}

function parHtml(a) {
  if (!a.full) return `<p class="muted">Par needs hands of 13 cards; this position has ${state.size} cards a hand.</p>`;
  const dp = a.dealerPar;
  const contracts = dp.contracts.length ? dp.contracts.map(contractHtml).join(', ') : 'pass';
  const sides = (p) => `${signed(p.score)} ${p.contracts.length ? p.contracts.map(contractHtml).join(', ') : 'pass'}`;
  const same = a.par.nsFirst.score === a.par.ewFirst.score &&
    a.par.nsFirst.contracts.map((c) => c.text).join() === a.par.ewFirst.contracts.map((c) => c.text).join();
  return `<p class="par-line"><strong>Par <span id="par-score">${signed(dp.score)}</span></strong> for N-S: <span id="par-contracts">${contracts}</span>
    <span class="muted small" title="DDS's DealerPar">(${esc(dp.texts.join(' '))})</span></p>
    ${same ? '' : `<p class="small">If N-S bid first: ${sides(a.par.nsFirst)}; if E-W bid first: ${sides(a.par.ewFirst)}</p>`}`;
}
