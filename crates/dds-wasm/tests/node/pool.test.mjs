// The worker pool: one solver per worker, the same answers as the module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ddTables, solveBoard, init, DdsError } from 'ddsrs';
import { createPool } from 'ddsrs/pool';
import { readHands } from './helpers.mjs';

test('the pool answers as the module does', async () => {
  await init();
  const records = readHands('list10.txt');
  const deals = records.map((r) => r.deal);
  const pool = await createPool({ size: 2 });
  try {
    assert.equal(pool.size, 2);
    const progress = [];
    const tables = await pool.ddTables(deals, (done, total) => { progress.push([done, total]); }, { chunk: 3 });
    assert.deepEqual(tables, ddTables(deals));
    assert.deepEqual(progress.map((p) => p[1]), [10, 10, 10, 10]);
    assert.equal(progress.at(-1)[0], 10);
    const r = records[0];
    const cards = (solution) => solution.cards;
    assert.deepEqual(cards(await pool.run('solveBoard', r.deal, r.strain, r.leader)), cards(solveBoard(r.deal, r.strain, r.leader)));
    await assert.rejects(pool.run('solveBoard', r.deal, 'X', r.leader),
      (e) => e instanceof DdsError && e.kind === 'Parse' && e.argument === 'strain');
    await assert.rejects(pool.run('nothing'), (e) => e.kind === 'Type');
    await assert.rejects(pool.ddTables(deals, () => false, { chunk: 2 }), (e) => e.kind === 'Cancelled');
  } finally {
    pool.terminate();
  }
});
