// The package's entry for browsers and bundlers: the WebAssembly module's
// functions and classes, once `await init()` has loaded it (in a page or a
// module Web Worker).
import wasmInit, { initSync as wasmInitSync, __setErrorClass } from './web/dds_wasm.js';
import { DdsError } from './error.js';

export * from './web/dds_wasm.js';
export { DdsError };

let ready;

/** Loads the module (once): from `input` (a URL, a Response, the bytes or
 *  a WebAssembly.Module), else from the .wasm beside this file. */
export function init(input) {
  ready ??= wasmInit(input === undefined ? undefined : { module_or_path: input }).then(() => {
    __setErrorClass(DdsError);
  });
  return ready;
}

/** Loads the module at once from its bytes or a compiled WebAssembly.Module. */
export function initSync(module) {
  wasmInitSync({ module });
  __setErrorClass(DdsError);
  ready ??= Promise.resolve();
}
