// web/src/worker.js: the page's Web Worker (docs/web.md). It runs the
// package's calls off the page's thread, so the page never freezes: a
// message {id, call, args} runs seatwise.js's function `call` with `args`
// and answers {id, type: 'done', result} (or 'error'); optimize also sends
// {id, type: 'progress', progress} after each restart, and {id, type:
// 'stop'} from the page stops that search as Ctrl-C does (the program
// sleeps after each restart, so this message gets in; the best so far is
// kept).
// SPDX-License-Identifier: MIT
import * as seatwise from './seatwise.js';

const calls = {
  analyze: seatwise.analyze,
  optimize: seatwise.optimize,
  swissPair: seatwise.swissPair,
  swissCheck: seatwise.swissCheck,
  swissResult: seatwise.swissResult,
  seat: seatwise.seat,
  run: seatwise.run,
  version: seatwise.version,
};
const stops = new Map();

self.onmessage = async (event) => {
  const { id, call, args = [] } = event.data;
  if (call === 'stop') {
    const controller = stops.get(id);
    if (controller) controller.abort();
    return;
  }
  const fn = calls[call];
  if (!fn) {
    self.postMessage({ id, type: 'error', message: `unknown call ${call}` });
    return;
  }
  try {
    if (call === 'optimize') {
      const controller = new AbortController();
      stops.set(id, controller);
      const opts = {
        ...(args[1] || {}),
        signal: controller.signal,
        onProgress: (progress) => self.postMessage({ id, type: 'progress', progress }),
      };
      args[1] = opts;
    }
    const result = await fn(...args);
    self.postMessage({ id, type: 'done', result });
  } catch (e) {
    self.postMessage({ id, type: 'error', message: String((e && e.message) || e) });
  } finally {
    stops.delete(id);
  }
};
self.postMessage({ type: 'ready' });
