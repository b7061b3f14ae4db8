// The single dummy panel: the hands hidden on the diagram dealt again by
// the package's `layouts` in workers of their own, one a core (each solves
// its share of the run, the package's `share`, and the page adds up their
// figures with the package's `mergeLayouts`); the mean tricks of every
// declarer and strain, the chosen cell's chances and each opening lead's.
// What goes to the package and how its figures are read back: sd.js.

import { SEAT_NAMES, SHOWN_STRAINS, SYMBOLS } from './bridge.js';
import { Engine } from './engine.js';
import { esc, strainHtml, cardHtml, signed } from './html.js';
import { countChoices, positionDeal, runOptions, cellOf, workerCount, shareOptions, leadLevel, sdPick } from './sd.js';
import { $, VUL_TEXT, dds, state, errorText, leaderAgainst } from './state.js';

/** The workers of a run (kept for the next one). */
let sdEngines = [];

/** A new position or new hands hidden: the run stops; its count and seed stay. */
export function resetSd() {
  if (state.sd.status === 'busy') stopSd();
  state.sd = { status: 'idle', count: state.sd.count ?? 100, seed: state.sd.seed ?? 1 };
}

/** The single dummy problem of the hands hidden: {deal, population, hidden}
 *  from the package's countLayouts, or {why} when there is none to run. */
function sdProblem() {
  if (state.hidden.length < 2) return { why: null };
  const deal = positionDeal(state.hands);
  try {
    return { deal, ...dds.countLayouts(deal, state.hidden) };
  } catch (e) {
    return { why: `Single dummy: ${errorText(e)}.` };
  }
}

/** Stops a run: its worker is stopped at once (a busy worker cannot read a
 *  message), and the figures its last progress message brought stay. */
export function stopSd() {
  for (const engine of sdEngines) engine.terminate();
  sdEngines = [];
}

/** A run of the package's layouts: the table (`lead` absent) or every
 *  opening lead of the cell `lead` = {strain, declarer, leader}, shared over the
 *  workers; the figures so far (the shares' sum) as they come. */
export async function runSd(lead) {
  const problem = sdProblem();
  if (!problem.deal) return;
  const sd = state.sd;
  const gen = state.gen;
  const options = runOptions({ count: sd.count, seed: sd.seed, population: problem.population, vulnerability: state.vul, lead, hide: state.hidden });
  const planned = Math.min(sd.count, problem.population);
  const parts = workerCount(planned, navigator.hardwareConcurrency);
  const target = lead ? { ...lead } : null;
  Object.assign(sd, {
    status: 'busy', population: problem.population, planned, done: 0, workers: parts, running: target ? 'leads' : 'table',
    sampled: options.sample !== undefined, started: performance.now(),
  });
  if (target) sd.leadRun = { ...target, summary: null };
  else Object.assign(sd, { summary: null, leadRun: null });
  const show = (summary) => {
    if (target) sd.leadRun.summary = summary;
    else sd.summary = summary;
  };
  renderSd();
  while (sdEngines.length < parts) sdEngines.push(new Engine());
  // Each worker's figures so far; their sum is shown.
  const latest = new Array(parts).fill(null);
  const merged = () => dds.mergeLayouts(latest.filter(Boolean));
  const runs = sdEngines.slice(0, parts).map((engine, part) =>
    engine.call('layouts', { deal: problem.deal, options: shareOptions(options, part, parts) }, (p) => {
      if (state.sd !== sd) return;
      latest[part] = p.summary;
      const sum = merged();
      show(sum);
      sd.done = sum.solved;
      renderSdProgress();
    }).then((summary) => { latest[part] = summary; }));
  const outcomes = await Promise.allSettled(runs);
  const failed = outcomes.find((o) => o.status === 'rejected')?.reason;
  if (state.sd === sd) {
    const have = latest.some(Boolean);
    if (have) show(merged());
    if (!failed && gen === state.gen) {
      sd.status = 'done';
      sd.done = merged().solved;
    } else if (failed) {
      stopSd();
      sd.status = failed.kind === 'Cancelled' && have ? 'stopped' : failed.kind === 'Cancelled' ? 'idle' : 'error';
      sd.error = errorText(failed);
    }
    sd.seconds = (performance.now() - sd.started) / 1000;
    renderSd();
  }
}

function renderSdProgress() {
  const sd = state.sd;
  const bar = $('sd-progress');
  if (bar) {
    bar.max = sd.planned;
    bar.value = sd.done;
    $('sd-done').textContent = `${sd.done} of ${sd.planned} layouts`;
  }
  const results = $('sd-results');
  if (results) results.innerHTML = sdResultsHtml();
}

export function renderSd() {
  const root = $('sd');
  const focusKey = root.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
  if (!state.deal) { root.innerHTML = ''; return; }
  const sd = state.sd;
  const hidden = state.hidden;
  const quick = `<p class="row"><button type="button" data-hide-pair="EW" data-focus="hide-EW">Hide E-W</button>
    <button type="button" data-hide-pair="NS" data-focus="hide-NS">Hide N-S</button>
    <button type="button" data-hide-pair="" data-focus="hide-none" ${hidden.length ? '' : 'disabled'}>Show all</button></p>`;
  const problem = sdProblem();
  if (!problem.deal) {
    root.innerHTML = `${quick}<p class="muted" id="sd-why">${problem.why ? esc(problem.why) : 'Hide two hands (their <em>hide</em> buttons, or above) to see how often each contract makes over the layouts of their cards.'}</p>`;
    if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus();
    return;
  }
  const { population } = problem;
  const options = countChoices(population).map((n) => (n < population
    ? `<option value="${n}"${n === sd.count ? ' selected' : ''}>${n.toLocaleString('en')}</option>`
    : `<option value="${population}"${sd.count >= population ? ' selected' : ''}>all ${population.toLocaleString('en')}</option>`));
  const busy = sd.status === 'busy';
  let html = `${quick}<p>${hidden.map((s) => SEAT_NAMES[s]).join(' and ')} hidden: <strong>${population.toLocaleString('en')}</strong> layouts of their ${hidden.reduce((n, s) => n + state.hands[s].length, 0)} cards, all equally likely.</p>
    <div class="row">
      <label>Layouts <select id="sd-count" data-focus="sd-count" ${busy ? 'disabled' : ''}>${options.join('')}</select></label>
      <label>Seed <input id="sd-seed" data-focus="sd-seed" type="number" min="1" max="999999" value="${sd.seed}" ${busy ? 'disabled' : ''}></label>
      ${busy ? '<button type="button" id="sd-stop" data-focus="sd-stop">Stop</button>' : `<button type="button" id="sd-run" class="primary" data-focus="sd-run">${sd.summary ? 'Run again' : 'Run'}</button>`}
    </div>`;
  if (busy) html += `<p><progress id="sd-progress" max="1" value="0"></progress> <span id="sd-done">0 of ${sd.planned} layouts</span></p>`;
  if ((sd.status === 'done' || sd.status === 'stopped') && sd.summary) {
    const s = sd.summary;
    const which = s.complete ? ' (every one)' : sd.sampled ? ', a random sample' : ', part of them in a shuffled order';
    const run = sd.running === 'leads' && sd.leadRun?.summary ? sd.leadRun.summary : s;
    const workers = sd.workers === 1 ? 'one worker' : `${sd.workers} workers`;
    html += `<p class="muted small" id="sd-summary">${run.solved.toLocaleString('en')} layouts solved${which}${sd.status === 'stopped' ? ', stopped' : ''} in ${sd.seconds.toFixed(1)} s on ${workers}.</p>`;
  }
  if (sd.status === 'error') html += `<p class="error">${esc(sd.error)}</p>`;
  html += `<div id="sd-results">${sdResultsHtml()}</div>`;
  root.innerHTML = html;
  if (busy) renderSdProgress();
  if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus();
}

/** The figures of the package's summary: declarer's mean tricks by strain,
 *  and for the chosen cell the chance of making each level with its
 *  standard error and declarer's expected score. */
function sdResultsHtml() {
  const sd = state.sd;
  const s = sd.summary;
  if (!s || !s.solved) return '';
  const pick = sdPick(sd, state.contract);
  const order = ['N', 'S', 'E', 'W'];
  const head = SHOWN_STRAINS.map((st) => `<th scope="col">${strainHtml(st)}</th>`).join('');
  const body = order.map((seat) => `<tr><th scope="row">${seat}</th>${SHOWN_STRAINS.map((strain) => {
    const m = cellOf(s, strain, seat)?.mean;
    const chosen = pick.declarer === seat && pick.strain === strain;
    return `<td><button type="button" class="cell${chosen ? ' chosen' : ''}" data-sd-seat="${seat}" data-sd-strain="${strain}" data-focus="sd-${seat}${strain}" aria-pressed="${chosen}" aria-label="${SEAT_NAMES[seat]} in ${strain === 'NT' ? 'notrump' : SYMBOLS[strain]}: ${m?.toFixed(2)} tricks on average">${m == null ? '' : m.toFixed(1)}</button></td>`;
  }).join('')}</tr>`).join('');
  const of = state.full ? '' : ` (of the ${state.size} left)`;
  let html = `<p class="small muted table-title">Declarer's mean tricks${of} over ${s.solved.toLocaleString('en')} layouts (click one for its ${state.full ? 'chances' : 'tricks'})</p><table class="dd sd-table" aria-label="Mean tricks over the layouts"><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table>`;
  const cell = cellOf(s, pick.strain, pick.declarer);
  if (cell && !state.full) {
    // An ending: how often declarer takes each number of the tricks left.
    const rows = cell.distribution.slice(0, state.size + 1).map((n, k) => `<tr><th scope="row">${k}</th><td class="num">${(100 * n / s.solved).toFixed(1)}%</td><td class="bar"><span style="width:${(100 * n / s.solved).toFixed(1)}%"></span></td></tr>`).join('');
    html += `<p class="small table-title">${SEAT_NAMES[pick.declarer]} in ${strainHtml(pick.strain)}: how often declarer takes each number of the ${state.size} tricks left</p><table class="chances" id="sd-chances" aria-label="Tricks taken"><tbody>${rows}</tbody></table>`;
    html += sdLeadsHtml(pick, cell);
  } else if (cell) {
    const percent = (p) => (p == null ? '\u2014' : `${(p * 100).toFixed(1)}%`);
    const levels = [1, 2, 3, 4, 5, 6, 7].map((l, i) => {
      const p = cell.make[i];
      const se = cell.standardError[i];
      const score = cell.expectedScore[i];
      return `<tr><th scope="row">${l}${strainHtml(pick.strain)}</th><td class="num">${percent(p)}</td><td class="num muted">${se == null ? '' : `\u00b1${(se * 100).toFixed(1)}`}</td><td class="bar"><span style="width:${((p ?? 0) * 100).toFixed(1)}%"></span></td><td class="num muted" title="declarer's average score">${score == null ? '' : signed(Math.round(score))}</td></tr>`;
    }).join('');
    html += `<p class="small table-title">${SEAT_NAMES[pick.declarer]} in ${strainHtml(pick.strain)}: the chance to make each level (± standard error) and declarer's average score (vul ${VUL_TEXT[s.vulnerability] ?? esc(s.vulnerability)})</p><table class="chances" id="sd-chances" aria-label="Chance to make"><tbody>${levels}</tbody></table>`;
    html += sdLeadsHtml(pick, cell);
  }
  return html;
}

/** Each opening lead against the chosen cell: a button that runs them (the
 *  package's layouts with everyLead, the same layouts), then for each card
 *  the layouts in which the leader held it, declarer's mean tricks after
 *  it and the chance declarer still makes the level shown. */
function sdLeadsHtml(pick, cell) {
  const sd = state.sd;
  const leader = leaderAgainst(pick);
  const run = sd.leadRun;
  const mine = run && run.strain === pick.strain && run.declarer === pick.declarer ? run.summary : null;
  const busy = sd.status === 'busy';
  let html = `<p class="row"><button type="button" id="sd-leads" data-focus="sd-leads" ${busy ? 'disabled' : ''}>Each opening lead by ${SEAT_NAMES[leader]}</button></p>`;
  if (!mine?.leads?.length) return html;
  const level = leadLevel(cell, state.contract);
  const percent = (p) => (p == null ? '\u2014' : `${(p * 100).toFixed(1)}%`);
  // An ending has no contract to make: the mean tricks only.
  const makes = (l) => (state.full ? `<td class="num">${percent(l.make[level - 1])}</td>` : '');
  const rows = mine.leads.map((l) => `<tr><th scope="row">${cardHtml(l.card)}</th><td class="num">${l.distribution.reduce((a, b) => a + b, 0).toLocaleString('en')}</td><td class="num">${l.mean?.toFixed(2) ?? ''}</td>${makes(l)}</tr>`).join('');
  const what = state.full ? ` and the chance ${level}${strainHtml(pick.strain)} still makes` : '';
  const head = state.full ? `<th scope="col">${level}${strainHtml(pick.strain)} makes</th>` : '';
  html += `<p class="small table-title">${SEAT_NAMES[leader]}'s opening leads against ${SEAT_NAMES[pick.declarer]} in ${strainHtml(pick.strain)}: the layouts in which ${SEAT_NAMES[leader]} held the card, declarer's mean tricks after it${what}</p><table class="chances" id="sd-lead-table" aria-label="Opening leads"><thead><tr><th scope="col">Lead</th><th scope="col">Layouts</th><th scope="col">Tricks</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
  return html;
}

/** Runs every opening lead against the cell chosen in the panel (else the contract played's). */
export function runLeads() {
  const pick = sdPick(state.sd, state.contract);
  return runSd({ strain: pick.strain, declarer: pick.declarer, leader: leaderAgainst(pick) });
}
