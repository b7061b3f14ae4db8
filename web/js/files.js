// Reading what the user gives: the deal box (a deal, hands in text, a BBO
// hand or link, a PBN file pasted) and files opened or dropped (input.js
// reads what the package does not; its parsePbn, parseLin and
// parseDdsHands in the worker read the rest), the boards they hold (one entry a board: input.js's
// distinctBoards) and moving between them.

import {
  classifyFile, readPlainHands, readDealList, decodeFile, InputError, fileProblem, oneLine, NOT_A_FILE, distinctBoards,
} from './input.js';
import { esc } from './html.js';
import { linBoards, pbnBoards, ddsBoards, settleBoard, boardsMessage } from './boards.js';
import { $, engine, state, say, errorText } from './state.js';
import { fromBoardNumber, loadDeal } from './deal.js';
import { resetBatch } from './save.js';

/** The format of a text as the `dds` command tells it: the package's
 *  detectFormat ('pbn', 'lin', 'dds-hands', 'deals' or null). */
function detectFormat(text) {
  return engine.call('detectFormat', { text });
}

/** Text typed, pasted or read from a file, as boards: {deal, dealer, vul,
 *  board, error, record, copyOf}, the record of a game's auction and play
 *  (record.js) and, for a copy of an earlier game of the same board,
 *  that game's index. */
async function readText(text, fileName = null, bytes = null) {
  const { kind, text: body } = classifyFile(text, fileName, await detectFormat(text));
  let boards;
  if (kind === 'pbn-deal') {
    boards = [{ deal: body }];
  } else if (kind === 'plain') {
    const { deal, note } = readPlainHands(body);
    boards = [{ deal, note }];
  } else if (kind === 'lin') {
    boards = linBoards(await engine.call('parseLin', { text: body }));
  } else if (kind === 'pbn-file') {
    boards = pbnBoards(await engine.call('parsePbn', { text: body }));
  } else if (kind === 'dds-file') {
    boards = ddsBoards(await engine.call('parseDdsHands', { text: body }));
  } else {
    boards = readDealList(body);
  }
  if (!boards.length) throw new InputError('no deal found in the text');
  return { boards, kind, text: body, fileName, bytes };
}

/** Shows the boards read: one deal, or a file's with navigation, one entry a board. */
export async function openBoards({ boards, kind, text, fileName, bytes }) {
  // What a board does not state is its number's, else the page's default (not the user's choice).
  const read = boards.map((b) => ({ ...b, ...settleBoard(b, fromBoardNumber(b.board)) }));
  state.boards = distinctBoards(read);
  state.file = boards.length > 1 || fileName ? { name: fileName ?? 'boards.pbn', text, kind, bytes, games: boards.length } : null;
  resetBatch();
  const first = Math.max(0, state.boards.findIndex((b) => b.deal && !b.error));
  await showBoard(first);
  if (state.file && !state.message?.error) {
    say(boardsMessage(fileName, state.boards.length, boards.length));
  }
}

/** Shows board `i` of those read. */
export async function showBoard(i) {
  state.index = i;
  const b = state.boards[i];
  renderBoards();
  if (!b.deal || b.error) {
    say(`Board ${b.board ?? i + 1}: ${b.error ?? 'no deal'}`, true);
    return;
  }
  await loadDeal({ deal: b.deal, dealer: b.dealer, vul: b.vul, board: b.board, tables: b.tables, assumed: b.assumed });
  if (b.note) say(b.note);
}

/** Reads the deal box: one deal, or boards to move between. */
export async function analyseInput() {
  const text = $('deal-input').value;
  try {
    const read = await readText(text);
    if (read.boards.length === 1 && !read.fileName) {
      const b = read.boards[0];
      state.boards = [];
      state.file = null;
      resetBatch();
      renderBoards();
      if (b.error || !b.deal) {
        say(`This deal cannot be read: ${b.error ?? 'no deal'}`, true);
        return;
      }
      // What the deal does not say comes from its board number, else from
      // the user's own choice in the selects, else from the page's default
      // (North, none vulnerable), never from the deal shown before.
      const { dealer, vul, assumed } = settleBoard(b, fromBoardNumber(b.board), state.chosen);
      const ok = await loadDeal({
        deal: b.deal, dealer, vul, board: b.board ?? null, tables: b.record ? [b.record] : [],
        // Where what the deal does not say came from: 'chosen' or 'default' (marked on the diagram).
        assumed,
      });
      if (ok && b.note && !state.message?.error) say(b.note);
    } else {
      await openBoards(read);
    }
  } catch (e) {
    say(`This deal cannot be read: ${errorText(e)}`, true);
  }
}

/** Opens a file chosen or dropped. */
export async function openFile(file) {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const what = fileProblem(bytes);
    if (what) throw new InputError(what);
    const text = decodeFile(bytes);
    let read;
    try {
      read = await readText(text, file.name, bytes);
    } catch (e) {
      // Text the page tried to read as hands: the file is none of the kinds it reads.
      if (e instanceof InputError && classifyFile(text, file.name, await detectFormat(text)).kind === 'plain') {
        throw new InputError(NOT_A_FILE);
      }
      throw e;
    }
    await openBoards(read);
  } catch (e) {
    say(`${file.name} cannot be read: ${oneLine(errorText(e))}`, true);
  }
}

/** The file's boards: ◀ ▶ and the list, shown when there are two or more. */
export function renderBoards() {
  const nav = $('boards');
  if (!state.file || state.boards.length < 2) {
    nav.hidden = true;
    return;
  }
  nav.hidden = false;
  $('board-select').innerHTML = state.boards.map((b, i) =>
    `<option value="${i}"${i === state.index ? ' selected' : ''}>Board ${esc(b.board ?? i + 1)}${b.error || !b.deal ? ' (cannot be read)' : ''}</option>`).join('');
  $('prev-board').disabled = state.index === 0;
  $('next-board').disabled = state.index === state.boards.length - 1;
  $('file-name').textContent = `${state.index + 1} of ${state.boards.length}${state.file.name ? ' · ' + state.file.name : ''}`;
}
