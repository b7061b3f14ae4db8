export * from './web/dds_wasm.js';
export { DdsError } from './error.js';

/** Loads the WebAssembly module, once (in Node it is loaded on import).
 *  `input`: where to load it from (a URL, a Response, the bytes, a
 *  WebAssembly.Module); the .wasm beside the package's files by default. */
export function init(input?: RequestInfo | URL | Response | BufferSource | WebAssembly.Module): Promise<void>;
/** Loads the module at once from its bytes or a compiled WebAssembly.Module. */
export function initSync(module?: BufferSource | WebAssembly.Module): void;
