// Shared by the Node tests: DDS's hand files (fixtures/dds-hands) read
// into records, and the names of seats, strains and vulnerabilities.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

export const SEATS = ['N', 'E', 'S', 'W'];
export const STRAINS = ['S', 'H', 'D', 'C', 'NT'];
// DDS's vulnerability codes: 0 none, 1 both, 2 North-South, 3 East-West.
export const VULNERABILITY = ['None', 'All', 'NS', 'EW'];
const RANKS = '23456789TJQKA';

export function fixture(...path) {
  const root = process.env.DDS_FIXTURES;
  if (!root) throw new Error('DDS_FIXTURES names the fixtures folder (cargo xtask wasm --test sets it)');
  return readFileSync(join(root, ...path), 'utf8');
}

/** The records of a hand file: one per PBN line, with the lines after it. */
export function readHands(name) {
  const records = [];
  for (const line of fixture('dds-hands', name).split('\n')) {
    const tokens = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
    const [tag, ...rest] = tokens;
    if (tag === 'PBN') {
      const [dealer, vul, trump, first, deal] = rest;
      records.push({ dealer: SEATS[+dealer], vulnerability: VULNERABILITY[+vul], strain: STRAINS[+trump], leader: SEATS[+first], deal });
    } else if (records.length > 0 && tag) {
      const record = records.at(-1);
      if (tag === 'FUT') record.fut = fut(rest.map(Number));
      if (tag === 'TABLE') record.table = rest.map(Number);
      if (tag === 'PAR') record.par = rest;
      if (tag === 'PAR2') record.par2 = rest;
      if (tag === 'PLAY') record.play = rest[1].match(/../g) ?? [];
      if (tag === 'TRACE') record.trace = rest.slice(1).map(Number);
    }
  }
  return records;
}

/** `FUT n suit[n] rank[n] equals[n] score[n]`, equals in DDS's bits (rank r at bit r). */
function fut([n, ...v]) {
  return Array.from({ length: n }, (_, i) => {
    const suit = 'SHDC'[v[i]];
    const equals = [];
    for (let r = 14; r >= 2; r--) if (v[2 * n + i] & (1 << r)) equals.push(suit + RANKS[r - 2]);
    return { card: suit + RANKS[v[n + i] - 2], tricks: v[3 * n + i], equals };
  });
}

/** The `dds` command's message for `args` (standard error without `dds: `),
 *  when DDS_CLI names the binary; null otherwise. */
export function cliMessage(args) {
  const cli = process.env.DDS_CLI;
  if (!cli) return null;
  const run = spawnSync(cli, args, { encoding: 'utf8' });
  return run.stderr;
}
