// The package against the native build on the same work, in one run:
// the full tables of list100's deals, and positions in the middle of play
// (after 4, 13, 22 and 31 cards of each PLAY line of list100) with every
// card scored (SolveBoard, solutions 3), each on one solver and one thread.
// The native side is examples/native_bench.rs; both print a checksum of
// their answers and their node counts, which must agree.
//
//   node bench/bench.mjs NATIVE_BENCH_BINARY [REPS] [PACKAGE_ENTRY]
//
// DDS_BENCH_DEALS=N takes the first N deals of list100 only (100 by default).
// (cargo xtask wasm builds the package; the entry defaults to
// target/npm/node.js. DDS_FIXTURES defaults to the repository's fixtures/.)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const root = fileURLToPath(new URL('../../../', import.meta.url));
process.env.DDS_FIXTURES ??= resolve(root, 'fixtures');
const [native, repsArg, entry] = process.argv.slice(2);
if (!native) {
  console.error('usage: node bench/bench.mjs NATIVE_BENCH_BINARY [REPS] [PACKAGE_ENTRY]');
  process.exit(2);
}
const reps = Number(repsArg ?? 5);
const dds = await import(pathToFileURL(resolve(entry ?? resolve(root, 'target/npm/node.js'))).href);
const { readHands } = await import('../tests/node/helpers.mjs');

const PLAYED = [4, 13, 22, 31];
const deals = Number(process.env.DDS_BENCH_DEALS ?? 100);
const records = readHands('list100.txt').slice(0, deals);
const positions = [];
for (const r of records) {
  if (!r.play) continue;
  let board = new dds.Board(r.deal, r.strain, r.leader);
  r.play.forEach((card, i) => {
    if (PLAYED.includes(i)) positions.push([board.remaining, board.strain, board.leader, board.played]);
    board = board.after(card);
  });
}

/** This thread's CPU time in ms (Linux's schedstat), or null. */
function cpuMs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** Runs `f`: [wall ms, CPU ms] (CPU as wall where unknown). */
function timed(f) {
  const [start, cpu] = [performance.now(), cpuMs()];
  f();
  const wall = performance.now() - start;
  const end = cpuMs();
  return [wall, cpu === null || end === null ? wall : end - cpu];
}

const M = (1n << 64n) - 1n;
const mix = (sum, n) => (sum * 31n + BigInt(n)) & M;

function wasmRun() {
  let sum = 0n;
  let solver = new dds.Solver();
  const tables = timed(() => {
    for (const r of records) for (const t of solver.ddTable(r.deal).rows.flat()) sum = mix(sum, t);
  });
  const tableNodes = solver.nodes;
  solver.free();
  solver = new dds.Solver();
  const midplay = timed(() => {
    for (const [deal, strain, leader, played] of positions) {
      for (const c of solver.solveBoard(deal, strain, leader, played).cards) sum = mix(sum, c.tricks ?? 0);
    }
  });
  const midplayNodes = solver.nodes;
  solver.free();
  return { tables, midplay, tableNodes, midplayNodes, checksum: String(sum) };
}

function nativeRun(n) {
  const run = spawnSync(native, [String(n), String(deals)], { encoding: 'utf8', cwd: root });
  if (run.status !== 0) throw new Error(`${native}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
// Interleaved: half the native reps, half the package's, and again.
const nat = { tables: [], midplay: [] };
const web = { tables: [], midplay: [] };
let check;
for (let round = 0; round < 2; round++) {
  const n = nativeRun(Math.ceil(reps / 2));
  nat.tables.push(...n.tables_ms);
  nat.midplay.push(...n.midplay_ms);
  for (let i = 0; i < Math.ceil(reps / 2); i++) {
    const w = wasmRun();
    web.tables.push(w.tables);
    web.midplay.push(w.midplay);
    check = { native: n, wasm: w };
  }
}
const { native: n, wasm: w } = check;
if (n.checksum !== w.checksum || n.table_nodes !== w.tableNodes || n.midplay_nodes !== w.midplayNodes) {
  console.error('the answers differ:', JSON.stringify(check));
  process.exit(1);
}
const column = (runs, k) => runs.map((r) => r[k]);
const row = (what, count, a, b) => {
  const cells = [0, 1].flatMap((k) => {
    const [x, y] = [median(column(a, k)), median(column(b, k))];
    return [x.toFixed(0).padStart(8), y.toFixed(0).padStart(8), (y / x).toFixed(2).padStart(6)];
  });
  console.log(`${what.padEnd(32)} ${String(count).padStart(5)} ${cells.join(' ')}`);
};
console.log(`node ${process.version}; median of ${nat.tables.length} runs each, interleaved; same answers and nodes`);
console.log(`${''.padEnd(38)} ${'wall ms'.padStart(20)}        ${'CPU ms (this thread)'.padStart(22)}`);
console.log(`${'workload'.padEnd(32)} ${'items'.padStart(5)} ${['native', 'wasm', 'ratio', 'native', 'wasm', 'ratio'].map((h, i) => h.padStart(i % 3 === 2 ? 6 : 8)).join(' ')}`);
row('list100 full tables', n.deals, nat.tables, web.tables);
row('mid-play positions, solutions 3', n.positions, nat.midplay, web.midplay);
console.log(`nodes: tables ${n.table_nodes}, mid-play ${n.midplay_nodes}`);
