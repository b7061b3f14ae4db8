// The page's side of a solver worker (../worker.js): calls as promises,
// progress as a callback. A worker that fails to start (no web/pkg, say)
// rejects every call with a message that says what to do.

export class SolverError extends Error {
  constructor({ kind, message, argument }) {
    super(message);
    this.name = 'SolverError';
    this.kind = kind;
    this.argument = argument;
  }
}

export class Engine {
  constructor() {
    this.pending = new Map();
    this.nextId = 1;
    this.broken = null;
    this.worker = new Worker(new URL('../worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      const job = this.pending.get(data.id);
      if (!job) return;
      if ('progress' in data) {
        job.onProgress?.(data.progress);
        return;
      }
      this.pending.delete(data.id);
      if (data.error) job.reject(new SolverError(data.error));
      else job.resolve(data.result);
    };
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(new SolverError({
        kind: 'Load',
        message: 'the solver could not be loaded' + (event.message ? ` (${event.message})` : '') +
          ': is the package in web/pkg? (cargo xtask wasm, then web/build.sh)',
      }));
    };
  }

  fail(error) {
    this.broken = error;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }

  /** Calls `method` of the worker with `args`; `onProgress(p)` for each progress message. */
  call(method, args = {}, onProgress) {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, method, args });
    });
  }

  /** Stops the worker at once (a long call cannot be interrupted otherwise); pending calls reject. */
  terminate() {
    this.worker.terminate();
    this.fail(new SolverError({ kind: 'Cancelled', message: 'stopped' }));
  }

  /** How many calls are waiting or running. */
  get busy() {
    return this.pending.size;
  }
}
