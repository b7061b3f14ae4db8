// A worker of the pool (pool.js): one instance of the module, so one
// solver, per worker. Messages in: {id, method, args}; out: {id, result}
// or {id, error: {kind, message, argument, name}}. In Node it runs under
// worker_threads, in a browser as a module Web Worker.
const inNode = typeof globalThis.WorkerGlobalScope === 'undefined' && typeof process === 'object';
let port;
let dds;
if (inNode) {
  const threads = 'node:worker_threads';
  port = (await import(/* webpackIgnore: true */ /* @vite-ignore */ threads)).parentPort;
  dds = await import('./node.js');
} else {
  port = globalThis;
  dds = await import('./index.js');
  await dds.init();
}

function answer(id, method, args) {
  try {
    if (method === 'Solver' || method === 'Board' || typeof dds[method] !== 'function' || method.startsWith('init')) {
      throw new dds.DdsError('Type', `no function ${method} in the package`, 'method');
    }
    return { id, result: dds[method](...args) };
  } catch (e) {
    return { id, error: { kind: e.kind, message: String(e?.message ?? e), argument: e.argument, name: e.name } };
  }
}

const onMessage = ({ id, method, args }) => port.postMessage(answer(id, method, args));
if (inNode) port.on('message', onMessage);
else port.onmessage = (event) => onMessage(event.data);
port.postMessage({ ready: true });
