// web/test/same.test.js: the package gives the native program's bytes
// (docs/web.md): each case runs one command line natively (SEATWISE_NATIVE,
// in a temporary directory holding the input files) and in the package (the
// same files, the same names), and compares exit code, standard output and
// error when they hold no timings, and every file written.
// SPDX-License-Identifier: MIT
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, optimize, swissPair, swissResult, swissCheck, seat, analyze } from '../dist/seatwise.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const native = process.env.SEATWISE_NATIVE || join(root, 'build/release/src/cli/seatwise');

function load(dir, names) {
  return Object.fromEntries(names.map((n) => [n, readFileSync(join(root, dir, n))]));
}

function runNative(args, files) {
  const dir = mkdtempSync(join(tmpdir(), 'seatwise-web-'));
  try {
    for (const [n, data] of Object.entries(files)) writeFileSync(join(dir, n), data);
    const r = spawnSync(native, args, { cwd: dir });
    if (r.error) throw r.error;
    const written = {};
    for (const n of readdirSync(dir)) if (!(n in files)) written[n] = readFileSync(join(dir, n));
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, files: written };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/* Run args both ways; compare (streams: which of stdout/stderr must match). */
async function same(args, files, streams = ['stdout', 'stderr']) {
  const n = runNative(args, files);
  const w = await run(args, files, { bytes: true });
  assert.equal(w.code, n.code, `exit code of ${args.join(' ')}: ${w.stderr}`);
  for (const s of streams)
    assert.ok(Buffer.from(w[s]).equals(Buffer.from(n[s])), `${s} of ${args.join(' ')} differs`);
  assert.deepEqual(Object.keys(w.files).sort(), Object.keys(n.files).sort());
  for (const [name, data] of Object.entries(n.files))
    assert.ok(Buffer.from(w.files[name]).equals(data), `${name} of ${args.join(' ')} differs`);
  return { native: n, web: w };
}

const club = load('examples/parenfiles', ['club.season', 'club.pairs', '16p7rTeamS.asc']);

test('optimize, deterministic form: the same season file, seats CSV and JSON', async () => {
  const args = ['optimize', 'club.season', '--restarts', '2', '--seed', '1', '--threads', '1'];
  const { web } = await same([...args, '-o', 'out.season', '--seats-csv', 'seats.csv'], club, ['stderr']);
  assert.ok(web.files['out.season'].length > 0);
  // --json carries the search's time: compare the rest.
  const n = runNative([...args, '--json'], club);
  const w = await run([...args, '--json'], club);
  const strip = (j) => JSON.stringify(j, (k, v) => (/time|seconds|per_second|rate/i.test(k) ? undefined : v));
  assert.equal(strip(JSON.parse(w.stdout)), strip(JSON.parse(n.stdout.toString())));
});

test('analyze: the same text, JSON and printable page', async () => {
  await same(['analyze', 'club.season'], club);
  await same(['analyze', 'club.season', '--json'], club);
  await same(['analyze', 'club.season', '--html', 'page.html', '-o', 'out.txt'], club);
});

test('swiss pair: a Dutch record from data/dutch, every output', async () => {
  for (const rec of ['gen002-9p7r.trf', 'gen001-25p6r.trf']) {
    const files = load('data/dutch', [rec]);
    await same(['swiss', 'pair', rec, '-o', 'pairs.txt', '--trf-out', 'next.trf', '--list', 'list.txt'], files);
    await same(['swiss', 'check', rec], files);
  }
});

test('swiss result: the results of a round entered, the next round paired, bad results refused', async () => {
  const files = load('tests/data/swiss', ['names.trf']);
  const paired = await same(['swiss', 'pair', 'names.trf', '--trf-out', 'r3.trf', '-o', 'p.txt'], files);
  const r3 = paired.native.files['r3.trf'];
  const res = '1 1-0\n2 =\n3 0-1\n';
  const entered = await same(['swiss', 'result', 'r3.trf', '--results', 'res.txt', '-o', 'b3.trf'], { 'r3.trf': r3, 'res.txt': res });
  await same(['swiss', 'pair', 'b3.trf', '--trf-out', 'r4.trf', '-o', 'p.txt', '--list', 'l.txt'], { 'b3.trf': entered.native.files['b3.trf'] });
  const w = await swissResult(r3.toString(), res, { name: 'r3.trf' });
  assert.equal(w.code, 0);
  assert.equal(w.trf, entered.native.files['b3.trf'].toString());
  const bad = await swissResult(r3.toString(), '9 1-0\n', { name: 'r3.trf', round: 3 });
  assert.equal(bad.code, 3);
  assert.match(bad.stderr, /results\.txt:1: board 9: round 3 has 4 boards/);
});

test('seat: a round and a schedule with tables of three', async () => {
  const files = load('examples/seating', ['club10.txt', 'changes.txt']);
  await same(['seat', 'random', 'club10.txt', '--seed', '1', '--tries', '50', '-o', 'out.txt'], files);
  await same(['seat', 'swiss', 'club10.txt', '--seed', '3', '--json'], files);
  await same(['seat', 'random', 'changes.txt', '--threes', 'auto', '--seed', '2', '--pantheon', 'p.txt'], files);
  // A schedule's search key weighs tables of three by 2^36 (64 bits also in wasm32).
  await same(['seat', 'schedule', '--players', '13', '--rounds', '5', '--threes', 'auto', '--seed', '1',
    '--tries', '3000', '-o', 'sched.txt'], {}, ['stdout']); // stderr: its time
});

test('bad input: the same file:line message and exit code', async () => {
  const bad = { 'bad.season': 'pairs club.pairs\nsession 16p7rTeamS.asc\nabsent x\n', ...club };
  delete bad['club.season'];
  const { web } = await same(['optimize', 'bad.season', '--restarts', '1'], bad);
  assert.notEqual(web.code, 0);
  assert.match(new TextDecoder().decode(Uint8Array.from(Buffer.from(web.stderr))), /bad\.season:3/);
  await same(['swiss', 'pair', 'missing.trf'], {});
});

test('the API: strings in, strings and JSON out', async () => {
  const text = (n) => club[n].toString();
  const files = { 'club.pairs': text('club.pairs'), '16p7rTeamS.asc': text('16p7rTeamS.asc') };
  const o = await optimize(text('club.season'), { name: 'club.season', files, restarts: 2, seed: 1 });
  assert.equal(o.code, 0);
  const n = runNative(['optimize', 'club.season', '--restarts', '2', '--seed', '1', '-o', 'o.season'], club);
  assert.equal(o.season, n.files['o.season'].toString());
  const a = await analyze(o.season, { name: 'club.season', files, json: true });
  assert.equal(a.code, 0);
  assert.equal(typeof a.json, 'object');

  const trf = readFileSync(join(root, 'data/dutch/gen002-9p7r.trf'), 'utf8');
  const p = await swissPair(trf);
  assert.equal(p.code, 0);
  const np = runNative(['swiss', 'pair', 'input.trf', '-o', 'p.txt'], { 'input.trf': trf });
  assert.equal(p.pairing, np.files['p.txt'].toString());
  assert.ok(p.trf.startsWith(trf.slice(0, 20)) && p.list.length > 0);
  assert.equal((await swissCheck(trf)).code, runNative(['swiss', 'check', 'input.trf'], { 'input.trf': trf }).code);

  const s = await seat('random', { 'club10.txt': text0('examples/seating/club10.txt') }, {
    json: true,
    args: ['--seed', '1'],
  });
  assert.equal(s.code, 0);
  assert.equal(s.json.participants.length, 10);
  assert.equal(s.json.participants[0].name, 'Ann');

  const e = await optimize('pairs nowhere.pairs\n', { restarts: 1 });
  assert.notEqual(e.code, 0);
  assert.match(e.stderr, /nowhere\.pairs/);
});

function text0(rel) {
  return readFileSync(join(root, rel), 'utf8');
}

test('optimize with progress and Stop: the same season, and the best so far on Stop', async () => {
  const text = club['club.season'].toString();
  const files = { 'club.pairs': club['club.pairs'], '16p7rTeamS.asc': club['16p7rTeamS.asc'] };
  const plain = await optimize(text, { name: 'club.season', files, restarts: 2, seed: 1 });
  // progress after each restart, and the run sleeping in between: the same bytes
  const seen = [];
  const watched = await optimize(text, { name: 'club.season', files, restarts: 2, seed: 1, onProgress: (p) => seen.push(p) });
  assert.equal(watched.code, 0, watched.stderr);
  assert.equal(watched.season, plain.season);
  assert.match(watched.stdout, /^criteria /m); // the report, flushed at the late exit
  assert.deepEqual(seen.map((p) => [p.done, p.total]), [[1, 2], [2, 2]]);
  assert.ok(seen[1].so <= seen[0].so);
  // Stop after the first restart of many: restart 0's season, as on Ctrl-C
  const one = await optimize(text, { name: 'club.season', files, restarts: 1, seed: 1 });
  const stop = new AbortController();
  const stopped = await optimize(text, {
    name: 'club.season', files, restarts: 1000, seed: 1, signal: stop.signal,
    onProgress: () => stop.abort(),
  });
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stderr, /interrupted, best of 1 restarts kept/);
  assert.equal(stopped.season, one.season);
});
