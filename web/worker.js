// The page's solver thread: a module Web Worker with its own instance of
// the package (web/pkg, copied in by build.sh) and one Solver kept for the
// page's life, so that the positions of a play are solved with a warm
// transposition table. Messages in: {id, method, args}; out: {id,
// progress}, then {id, result} or {id, error: {kind, message, argument}}.
// Calls run one at a time, in order.

let dds;
let solver;
const ready = (async () => {
  dds = await import('./pkg/index.js');
  await dds.init();
  solver = new dds.Solver();
})();

const DDS_STRAINS = ['S', 'H', 'D', 'C', 'NT'];
const SEATS = ['N', 'E', 'S', 'W'];

/** Errors (the package's DdsError and others) as plain objects: a worker's
 *  messages lose an Error's own fields (kind, argument). */
function plainError(e) {
  return { kind: e?.kind ?? e?.name ?? 'Error', message: String(e?.message ?? e), argument: e?.argument };
}

function plain(value) {
  if (value instanceof Error) return plainError(value);
  if (ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** Declarer's tricks by strain and declarer (DDS's rows) of any position of
 *  equal hands: of the tricks left (the package's positionTable; ddTable's
 *  for 13 cards). */
function table(deal) {
  return solver.positionTable(deal).rows;
}

/** The position after `plays` from the opening lead, as the package's Board. */
function position(deal, strain, leader, plays) {
  let board = new dds.Board(deal, strain, leader);
  for (const card of plays) {
    const next = board.after(card);
    board.free();
    board = next;
  }
  return board;
}

function parMaybe(rows, dealer, vul) {
  return { par: solver.par(rows, vul), dealerPar: solver.dealerPar(rows, dealer, vul) };
}

const methods = {
  version: () => dds.version(),
  parseDeal: ({ text }) => plain(dds.parseDeal(text)),
  parseLin: ({ text }) => plain(dds.parseLin(text)),
  parsePbn: ({ text }) => plain(dds.parsePbn(text)),
  parseDdsHands: ({ text }) => plain(dds.parseDdsHands(text)),
  detectFormat: ({ text }) => dds.detectFormat(text),

  /** The table, and par for a full deal. */
  analyse({ deal, dealer, vul }) {
    const info = dds.parseDeal(deal);
    const missing = SEATS.filter((s) => info.hands[s] == null);
    if (missing.length) throw Object.assign(new Error(`the hand of ${missing.join(', ')} is unknown`), { kind: 'Deal' });
    const rows = table(info.deal);
    return { deal: info.deal, full: info.full, rows, ...(info.full ? parMaybe(rows, dealer, vul) : {}) };
  },
  par: ({ rows, dealer, vul }) => parMaybe(rows, dealer, vul),

  /** Every legal card of the position with the tricks its side takes from this trick on. */
  solve({ deal, strain, leader, plays }) {
    const board = position(deal, strain, leader, plays);
    try {
      const result = solver.solve(board);
      return { toPlay: board.toPlay, tricksLeft: board.tricksLeft, cards: result.cards };
    } finally {
      board.free();
    }
  },

  /** The cards of one line of best play from the position to the end. */
  bestLine({ deal, strain, leader, plays }) {
    const board = position(deal, strain, leader, plays);
    try {
      return solver.bestLine(board.remaining, strain, board.leader, board.played).cards.map((c) => c.card);
    } finally {
      board.free();
    }
  },

  /** Declarer's side's tricks at the lead and after each card of a play (the record's). */
  analysePlay: ({ deal, strain, leader, plays }) => plain(solver.analysePlay(deal, strain, leader, plays)),

  /** A PBN file with the tags of `dds pbn`: given the file's bytes (a
   *  Uint8Array), the result's `bytes` are the file as `dds pbn` writes it,
   *  in the file's own encoding. */
  writePbn({ text, bytes }, progress) {
    let last = 0;
    const result = solver.writePbn(bytes ?? text, {
      keepGoing: true,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - last > 100 || done === total) { last = now; progress({ done, total }); }
      },
    });
    return plain(result);
  },

  /** The printable hand record of `dds report`: an HTML page. */
  handRecord({ text, fileName }, progress) {
    let last = 0;
    const result = solver.handRecord(text, {
      keepGoing: true,
      fileName,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - last > 100 || done === total) { last = now; progress({ done, total }); }
      },
    });
    return plain(result);
  },

  /** Single dummy: the package's layouts (every layout of the hidden
   *  cards, or a seeded random sample, each solved, and the figures), with
   *  the figures so far in a progress message at most every 100 ms. */
  layouts({ deal, options }, progress) {
    let last = 0;
    return dds.layouts(deal, {
      ...options,
      onProgress: (done, planned, summary) => {
        const now = Date.now();
        if (now - last >= 100 || done === planned) {
          last = now;
          progress({ done, planned, summary });
        }
      },
    });
  },
};

self.onmessage = async ({ data }) => {
  const { id, method, args } = data;
  try {
    await ready;
    if (!Object.hasOwn(methods, method)) throw new Error(`no method ${method}`);
    const result = methods[method](args ?? {}, (p) => self.postMessage({ id, progress: p }));
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: plainError(e) });
  }
};
