// A pool of workers, each with its own instance of the module (one solver
// per worker): Node's worker_threads or browser module Web Workers. No
// SharedArrayBuffer, so no cross-origin isolation is needed. A call runs
// on the first free worker; ddTables spreads its deals over all of them.
import { DdsError } from './error.js';


async function spawn() {
  if (typeof globalThis.Worker === 'function') {
    return new globalThis.Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  }
  const threads = 'node:worker_threads';
  const { Worker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ threads);
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  return {
    postMessage: (m) => worker.postMessage(m),
    terminate: () => worker.terminate(),
    set onmessage(f) { worker.on('message', (data) => f({ data })); },
    set onerror(f) { worker.on('error', f); },
  };
}

function rebuild(error) {
  if (error.kind !== undefined) return new DdsError(error.kind, error.message, error.argument);
  const e = new Error(error.message);
  e.name = error.name ?? 'Error';
  return e;
}

/** A pool of `size` workers (the number of cores by default). Call
 *  terminate() when done: the workers keep a Node process running. */
export async function createPool({ size } = {}) {
  let count = size ?? globalThis.navigator?.hardwareConcurrency;
  if (count === undefined && typeof process === 'object') {
    const os = 'node:os';
    count = (await import(/* webpackIgnore: true */ /* @vite-ignore */ os)).availableParallelism();
  }
  const workers = await Promise.all(Array.from({ length: Math.max(1, count ?? 4) }, async () => {
    const worker = await spawn();
    const slot = { worker, busy: null };
    await new Promise((resolve, reject) => {
      worker.onerror = reject;
      worker.onmessage = ({ data }) => {
        if (data.ready) return resolve();
        const { resolve: done, reject: fail } = slot.busy;
        slot.busy = null;
        if (data.error) fail(rebuild(data.error)); else done(data.result);
        next();
      };
    });
    return slot;
  }));
  const queue = [];
  let id = 0;
  let closed = false;
  function next() {
    for (const slot of workers) {
      if (slot.busy || queue.length === 0) continue;
      const job = queue.shift();
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, method: job.method, args: job.args });
    }
  }
  function enqueue(method, args, group) {
    if (closed) return Promise.reject(new DdsError('Cancelled', 'the pool is closed'));
    // Functions (progress callbacks) cannot go to a worker.
    const plain = args.map((a) => (typeof a === 'function' ? undefined : a));
    return new Promise((resolve, reject) => {
      queue.push({ id: ++id, method, args: plain, resolve, reject, group });
      next();
    });
  }
  /** Drops the queued jobs of a group, rejecting them with `error`. */
  function drop(group, error) {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i].group === group) queue.splice(i, 1)[0].reject(error);
    }
  }
  const run = (method, ...args) => enqueue(method, args, null);
  return {
    /** The number of workers. */
    size: workers.length,
    /** Calls a function of the package on a free worker: run('ddTable', deal). */
    run,
    /** ddTables over every worker, a chunk of deals at a time; onProgress
     *  (done, total) after each chunk, false to stop (the call then rejects
     *  with a DdsError of kind Cancelled). */
    async ddTables(deals, onProgress, { chunk = 8 } = {}) {
      const results = new Array(deals.length);
      const group = {};
      let done = 0;
      let stop = null;
      const pieces = [];
      for (let start = 0; start < deals.length; start += chunk) {
        pieces.push(enqueue('ddTables', [deals.slice(start, start + chunk)], group).then((tables) => {
          tables.forEach((t, i) => { results[start + i] = t; });
          done += tables.length;
          if (!stop && onProgress && onProgress(done, deals.length) === false) {
            stop = new DdsError('Cancelled', 'cancelled by the progress callback');
            drop(group, stop);
          }
        }));
      }
      await Promise.allSettled(pieces);
      if (stop) throw stop;
      await Promise.all(pieces);
      return results;
    },
    /** Ends the workers. */
    terminate() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new DdsError('Cancelled', 'the pool is closed'));
      for (const slot of workers) slot.worker.terminate();
    },
  };
}
