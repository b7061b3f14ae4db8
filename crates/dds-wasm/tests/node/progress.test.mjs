// Progress callbacks and cancellation; the module called again from a
// callback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ddTables, ddTable, writePbn, DdsError } from 'ddsrs';
import { readHands, fixture } from './helpers.mjs';

const deals = readHands('list10.txt').slice(0, 4).map((r) => r.deal);

test('onProgress is called after each deal', () => {
  const calls = [];
  const tables = ddTables(deals, (done, total) => { calls.push([done, total]); });
  assert.equal(tables.length, 4);
  assert.deepEqual(calls, [[1, 4], [2, 4], [3, 4], [4, 4]]);
});

test('onProgress returning false stops the call with a Cancelled error', () => {
  let calls = 0;
  assert.throws(() => ddTables(deals, () => ++calls < 2), (e) => e instanceof DdsError && e.kind === 'Cancelled');
  assert.equal(calls, 2);
  // The module goes on working.
  assert.deepEqual(ddTables(deals.slice(0, 1))[0], ddTable(deals[0]));
});

test('an exception in onProgress is thrown on as it is', () => {
  const mine = new RangeError('stop here');
  assert.throws(() => ddTables(deals, () => { throw mine; }), (e) => e === mine);
  assert.throws(() => ddTables(deals, 'not a function'), (e) => e.kind === 'Type' && e.argument === 'onProgress');
});

test('a callback may call the module again', () => {
  const inner = [];
  ddTables(deals.slice(0, 2), (done) => { inner.push(ddTable(deals[done]).rows); });
  assert.deepEqual(inner, [ddTable(deals[1]).rows, ddTable(deals[2]).rows]);
});

test('writePbn reports each game and stops when asked', () => {
  const text = fixture('sample', 'boards.pbn');
  const calls = [];
  writePbn(text, { onProgress: (done, total) => { calls.push([done, total]); } });
  assert.equal(calls.length, calls[0][1]);
  assert.throws(() => writePbn(text, { onProgress: () => false }), (e) => e.kind === 'Cancelled');
});
