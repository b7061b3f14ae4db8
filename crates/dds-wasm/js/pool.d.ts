import type { DdTableResult, DdTableFailure, ProgressCallback } from './web/dds_wasm.js';

export interface Pool {
  /** The number of workers. */
  readonly size: number;
  /** Calls a function of the package on a free worker: `run('ddTable', deal)`.
   *  Function arguments (progress callbacks) are left out. */
  run(method: string, ...args: unknown[]): Promise<any>;
  /** The tables of the deals over every worker, in input order; onProgress
   *  after each chunk (false stops: the promise rejects with kind Cancelled). */
  ddTables(deals: string[], onProgress?: ProgressCallback, options?: { chunk?: number }): Promise<Array<DdTableResult | DdTableFailure>>;
  /** Ends the workers; queued calls reject with kind Cancelled. */
  terminate(): void;
}

/** A pool of workers (Node worker_threads or module Web Workers), one solver each. */
export function createPool(options?: { size?: number }): Promise<Pool>;
