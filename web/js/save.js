// The panel that saves the file (or the deal shown) solved: the PBN file
// with the double dummy tags (the package's `writePbn`, as `dds pbn`
// writes it) or the printable hand record (its `handRecord`, as
// `dds report` makes it), solved in a worker of its own and offered for
// download.

import { Engine } from './engine.js';
import { esc } from './html.js';
import { boardsToPbn } from './input.js';
import { $, state, errorText } from './state.js';

/** What is solved: the PBN file read, as its bytes, else the boards read or the deal shown as PBN. */
function batchSource() {
  if (state.file?.kind === 'pbn-file') return { text: state.file.text, bytes: state.file.bytes, name: state.file.name };
  const boards = state.file ? state.boards : state.deal ? [{ deal: state.deal, dealer: state.dealer, vul: state.vul, board: state.board ?? 1 }] : [];
  const base = state.file?.name ?? `board-${state.board ?? 1}.pbn`;
  return { text: boardsToPbn(boards), name: base };
}

let batchEngine = null;
/** Solves the file (or the deal shown) in a worker: `writePbn` for the PBN
 *  file with the tags, or `handRecord` (kind 'record') for the printable
 *  hand record of `dds report`; then offers the result for download. */
export async function runBatch(kind = 'pbn') {
  const { text, bytes, name } = batchSource();
  if (!text) return;
  const stem = name.replace(/\.(pbn|lin|txt)$/i, '');
  if (state.batch.url) URL.revokeObjectURL(state.batch.url);
  const job = { status: 'busy', done: 0, total: 0, kind };
  state.batch = job;
  renderBatch();
  // Its own worker, so that the board shown can still be played while the file is solved.
  batchEngine ??= new Engine();
  try {
    const method = kind === 'record' ? 'handRecord' : 'writePbn';
    // A PBN file goes as its bytes: the file comes back in its own encoding, as `dds pbn` writes it.
    const args = kind === 'record' || !bytes ? { text, fileName: name } : { text, bytes, fileName: name };
    const result = await batchEngine.call(method, args, ({ done, total }) => {
      job.done = done;
      job.total = total;
      if (state.batch === job) renderBatchProgress();
    });
    if (state.batch !== job) return;
    state.batch = kind === 'record'
      ? { status: 'done', kind, url: URL.createObjectURL(new Blob([result.html], { type: 'text/html' })), name: `${stem}-record.html`, solved: result.boards, errors: result.errors }
      : { status: 'done', kind, url: URL.createObjectURL(new Blob([result.bytes ?? result.text], { type: 'application/x-chess-pbn' })), name: `${stem}-dd.pbn`, solved: result.solved, errors: result.errors };
  } catch (e) {
    if (e.kind === 'Cancelled') batchEngine = null;
    if (state.batch !== job) return;
    state.batch = { status: e.kind === 'Cancelled' ? 'idle' : 'error', error: errorText(e) };
  }
  renderBatch();
}

/** Stops the run at once (its worker is stopped). */
export function stopBatch() {
  batchEngine?.terminate();
  batchEngine = null;
}

/** A new deal or file: the file being solved is no longer the one shown. */
export function resetBatch() {
  if (state.batch.status === 'busy') stopBatch();
  if (state.batch.url) URL.revokeObjectURL(state.batch.url);
  state.batch = { status: 'idle' };
}

function renderBatchProgress() {
  const b = state.batch;
  const bar = $('batch-progress');
  if (!bar) return;
  bar.max = b.total || 1;
  bar.value = b.done;
  $('batch-count').textContent = `${b.done} of ${b.total || '…'} boards`;
}

export function renderBatch() {
  const root = $('batch');
  const b = state.batch;
  const focusKey = root.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
  const count = state.file ? state.boards.length : state.deal ? 1 : 0;
  let html = `<p><button type="button" id="solve-file" data-focus="solve-file" ${count && b.status !== 'busy' ? '' : 'disabled'}>Add the double dummy tags</button>
    <span class="muted small">${state.file ? `to the ${count} board${count === 1 ? '' : 's'} of ${esc(state.file.name)}` : 'to this deal'}: DoubleDummyTricks, OptimumResultTable, ParContract, OptimumScore, as <code>dds pbn</code> writes them.</span></p>
    <p><button type="button" id="record-file" data-focus="record-file" ${count && b.status !== 'busy' ? '' : 'disabled'}>Printable hand record</button>
    <span class="muted small">each board's hands, double dummy table and par, six to an A4 sheet, as <code>dds report</code> makes it.</span></p>`;
  if (b.status === 'busy') {
    html += `<p><progress id="batch-progress" max="1" value="0"></progress> <span id="batch-count">starting…</span>
      <button type="button" id="stop-file" data-focus="stop-file">Stop</button></p>`;
  } else if (b.status === 'done') {
    const open = b.kind === 'record' ? ` <a id="open-record" class="button" href="${b.url}" target="_blank" rel="noopener" data-focus="open-record">Open to print</a>` : '';
    html += `<p><a id="download" class="button primary" href="${b.url}" download="${esc(b.name)}" data-focus="download">Download ${esc(b.name)}</a>${open}
      <span class="muted small">${b.solved} board${b.solved === 1 ? '' : 's'} ${b.kind === 'record' ? 'on the record' : 'solved'}</span></p>`;
    if (b.errors.length) {
      html += `<ul class="errors">${b.errors.map((e) => `<li>Game ${e.game}${e.board ? ` (board ${esc(e.board)})` : ''}: ${esc(e.error.message)}</li>`).join('')}</ul>`;
    }
  } else if (b.status === 'error') {
    html += `<p class="error">${esc(b.error)}</p>`;
  }
  root.innerHTML = html;
  if (b.status === 'busy') renderBatchProgress();
  if (focusKey) root.querySelector(`[data-focus="${focusKey}"]`)?.focus();
}
