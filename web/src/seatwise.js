// web/src/seatwise.js: seatwise for Node and browsers (docs/web.md). Each
// call runs the seatwise program, compiled to WebAssembly, in a fresh
// instance: the input files are written to its in-memory file system, the
// command line runs as it would natively, and standard output, standard
// error, the exit code and the files written come back. The results are
// the native program's bytes by construction.
// SPDX-License-Identifier: MIT
import createSeatwiseCore from './seatwise-core.js';

const wasmUrl = new URL('./seatwise-core.wasm', import.meta.url);
const workDir = '/work';
let compiled = null;

function isNode() {
  return typeof process === 'object' && !!(process.versions && process.versions.node);
}

/* The wasm module, compiled once: read from disk under Node, fetched in a
 * browser or worker. */
function wasmModule() {
  if (!compiled) {
    compiled = (async () => {
      if (isNode() && wasmUrl.protocol === 'file:') {
        const { readFile } = await import('node:fs/promises');
        return WebAssembly.compile(await readFile(wasmUrl));
      }
      const response = await fetch(wasmUrl);
      if (!response.ok) throw new Error(`seatwise: cannot load ${wasmUrl}: ${response.status}`);
      return WebAssembly.compile(await response.arrayBuffer());
    })();
    compiled.catch(() => {
      compiled = null;
    });
  }
  return compiled;
}

const decoder = new TextDecoder('utf-8');

function mkdirs(FS, path) {
  const parts = path.split('/').slice(0, -1);
  let dir = '';
  for (const p of parts) {
    dir = dir ? `${dir}/${p}` : p;
    if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
  }
}

function checkName(name) {
  if (!name || name.startsWith('/') || name.split('/').some((p) => p === '..' || p === ''))
    throw new TypeError(`seatwise: file name ${JSON.stringify(name)} must be relative, without '..'`);
}

/* Every regular file under dir, as relative path -> bytes. */
function listFiles(FS, dir, prefix, out) {
  for (const name of FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const path = `${dir}/${name}`;
    const rel = prefix ? `${prefix}/${name}` : name;
    const st = FS.stat(path);
    if (FS.isDir(st.mode)) listFiles(FS, path, rel, out);
    else if (FS.isFile(st.mode)) out[rel] = FS.readFile(path);
  }
  return out;
}

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/* The program's hook after each restart of a search (docs/web.md): tell
 * onProgress, let the thread's other work in (a page worker's messages),
 * then say whether the signal asks to stop. */
function poller(onProgress, signal) {
  return async (done, total, seconds, so) => {
    if (onProgress) onProgress({ done, total, seconds, so });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return signal && signal.aborted ? 1 : 0;
  };
}

/**
 * Run one seatwise command line, as `seatwise ARGS...` in a directory that
 * holds `files` (relative name -> text or bytes). Resolves to
 * { code, stdout, stderr, files }, where files holds what the run created
 * or changed, as text; `bytes: true` keeps them (and stdout) as Uint8Array.
 * onProgress ({done, total, seconds, so} after each restart of a search)
 * and signal (an AbortSignal: abort() stops the search as Ctrl-C does,
 * keeping the best so far) apply to optimize run with --progress.
 */
export async function run(args, files = {}, { bytes = false, onProgress, signal } = {}) {
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string'))
    throw new TypeError('seatwise: args must be an array of strings');
  const module = await wasmModule();
  const stdout = [];
  const stderr = [];
  const inputs = {};
  const core = await createSeatwiseCore({
    noInitialRun: true,
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {};
    },
    print() {},
    printErr() {},
    swPollAsync: onProgress || signal ? poller(onProgress, signal) : undefined,
    preRun: [
      (M) => {
        M.FS.init(
          () => null,
          (c) => c !== null && stdout.push(c),
          (c) => c !== null && stderr.push(c),
        );
      },
    ],
  });
  const { FS } = core;
  FS.mkdir(workDir);
  FS.chdir(workDir);
  const enc = new TextEncoder();
  for (const [name, content] of Object.entries(files)) {
    checkName(name);
    mkdirs(FS, name);
    const data = typeof content === 'string' ? enc.encode(content) : content;
    FS.writeFile(name, data);
    inputs[name] = data;
  }
  let code = core.callMain(args);
  // A run that slept in the hook ends when swExited resolves.
  if (core.swExited) code = await core.swExited;
  // emscripten's umask is 0777, so the outputs the program makes (0666 less
  // the umask, as natively) have no permission bits: read them regardless.
  FS.ignorePermissions = true;
  const written = {};
  for (const [name, data] of Object.entries(listFiles(FS, workDir, '', {}))) {
    if (inputs[name] && sameBytes(inputs[name], data)) continue;
    written[name] = bytes ? data : decoder.decode(data);
  }
  const outBytes = Uint8Array.from(stdout);
  return {
    code,
    stdout: bytes ? outBytes : decoder.decode(outBytes),
    stderr: decoder.decode(Uint8Array.from(stderr)),
    files: written,
  };
}

/* The options common to the commands: extra command-line arguments. */
function extra(opts) {
  const a = opts.args || [];
  if (!Array.isArray(a)) throw new TypeError('seatwise: opts.args must be an array of strings');
  return a;
}

function withJson(result, asJson) {
  if (asJson && result.code === 0 && result.stdout) result.json = JSON.parse(result.stdout);
  return result;
}

/* Output files the page asks for: html and seats CSV beside the main one. */
function reportArgs(opts) {
  const a = [];
  if (opts.html) a.push('--html', 'report.html');
  if (opts.seatsCsv) a.push('--seats-csv', 'seats.csv');
  return a;
}

function reportFields(result, opts) {
  if (opts.html) result.html = result.files['report.html'];
  if (opts.seatsCsv) result.seatsCsv = result.files['seats.csv'];
  return result;
}

/**
 * `seatwise analyze`: the criteria of a season or movement given as text.
 * opts: name (the file's name, default 'input.season'), files (the files it
 * names: pairs, movements, histories), json, html, seatsCsv, args.
 */
export async function analyze(text, opts = {}) {
  const name = opts.name || 'input.season';
  const args = ['analyze', name, ...(opts.json ? ['--json'] : []), ...reportArgs(opts), ...extra(opts)];
  const r = await run(args, { ...(opts.files || {}), [name]: text });
  return reportFields(withJson(r, opts.json), opts);
}

/**
 * `seatwise optimize`: plan a season. opts: name, files, restarts and seed
 * (the deterministic form when time is not given), time (seconds), json,
 * html, seatsCsv, args, onProgress and signal (see run: progress after each
 * restart, and a Stop that keeps the best so far). result.season is the
 * planned season file (-o).
 */
export async function optimize(text, opts = {}) {
  const name = opts.name || 'input.season';
  const args = ['optimize', name, '-o', 'out.season'];
  if (opts.restarts !== undefined) args.push('--restarts', String(opts.restarts));
  if (opts.seed !== undefined) args.push('--seed', String(opts.seed));
  if (opts.time !== undefined) args.push('--time', String(opts.time));
  if (opts.json) args.push('--json');
  if (opts.onProgress || opts.signal) args.push('--progress');
  args.push(...reportArgs(opts), ...extra(opts));
  const r = await run(args, { ...(opts.files || {}), [name]: text }, { onProgress: opts.onProgress, signal: opts.signal });
  r.season = r.files['out.season'];
  return reportFields(withJson(r, opts.json), opts);
}

/**
 * `seatwise swiss pair`: pair the next round of a FIDE TRF record (Dutch).
 * result.pairing is bbpPairings' output (-o), result.trf the record with
 * the round appended, result.list the pairing list for people; opts: name,
 * html, strict, baku, noNames, args.
 */
export async function swissPair(trf, opts = {}) {
  const name = opts.name || 'input.trf';
  const args = ['swiss', 'pair', name, '-o', 'pairing.txt', '--trf-out', 'out.trf', '--list', 'list.txt'];
  if (opts.html) args.push('--html', 'report.html');
  if (opts.strict) args.push('--strict');
  if (opts.baku) args.push('--baku');
  if (opts.noNames) args.push('--no-names');
  args.push(...extra(opts));
  const r = await run(args, { [name]: trf });
  r.pairing = r.files['pairing.txt'];
  r.trf = r.files['out.trf'];
  r.list = r.files['list.txt'];
  if (opts.html) r.html = r.files['report.html'];
  return r;
}

/**
 * `seatwise swiss result`: enter results into a TRF record (docs/formats.md,
 * "Results of a Swiss round": "1 1-0 2 = 3 0-1 player 7 H"), given as the
 * text of a results file. result.trf is the record with them (-o); the
 * notes (corrections, boards still without a result) are in stderr. opts:
 * name, round (default: the record's last), args.
 */
export async function swissResult(trf, results, opts = {}) {
  const name = opts.name || 'input.trf';
  const args = ['swiss', 'result', name, '--results', 'results.txt', '-o', 'out.trf'];
  if (opts.round !== undefined) args.push('--round', String(opts.round));
  args.push(...extra(opts));
  const r = await run(args, { [name]: trf, 'results.txt': results });
  r.trf = r.files['out.trf'];
  return r;
}

/** `seatwise swiss check`: check a record's pairings (code 0: as the rules pair). */
export async function swissCheck(trf, opts = {}) {
  const name = opts.name || 'input.trf';
  const args = ['swiss', 'check', name];
  if (opts.strict) args.push('--strict');
  if (opts.baku) args.push('--baku');
  args.push(...extra(opts));
  return run(args, { [name]: trf });
}

/**
 * `seatwise seat MODE`: four-per-table seating. files: the event's files
 * (players, rounds, standings, script), passed in order; opts: json, html,
 * pantheon, args (e.g. ['--seed', '1', '--tries', '50']).
 */
export async function seat(mode, files = {}, opts = {}) {
  const args = ['seat', ...String(mode).split(' ').filter(Boolean), '-o', 'out.txt'];
  if (opts.json) args.push('--json');
  if (opts.html) args.push('--html', 'report.html');
  if (opts.pantheon) args.push('--pantheon', 'pantheon.txt');
  args.push(...extra(opts), ...Object.keys(files));
  const r = await run(args, files);
  r.output = r.files['out.txt'];
  if (opts.json && r.code === 0 && r.output) r.json = JSON.parse(r.output);
  if (opts.html) r.html = r.files['report.html'];
  if (opts.pantheon) r.pantheon = r.files['pantheon.txt'];
  return r;
}

/** The program's version line, e.g. "seatwise 0.1.0". */
export async function version() {
  return (await run(['--version'])).stdout.trim();
}
