// The package's entry for Node: the module is loaded when this file is
// imported (init() is there for code shared with browsers).
import { readFileSync } from 'node:fs';
import { initSync as wasmInitSync, __setErrorClass } from './web/dds_wasm.js';
import { DdsError } from './error.js';

export * from './web/dds_wasm.js';
export { DdsError };

wasmInitSync({ module: readFileSync(new URL('./web/dds_wasm_bg.wasm', import.meta.url)) });
__setErrorClass(DdsError);

/** Nothing to do in Node: the module is loaded already. */
export function init() {
  return Promise.resolve();
}

/** Nothing to do in Node: the module is loaded already. */
export function initSync() {}
