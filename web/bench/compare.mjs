// web/bench/compare.mjs: the package against the native program on the
// same inputs, one thread (issue #29, item 5): optimize's deterministic form
// on the example season, and swiss pair on the records of data/dutch-big
// (each run a fresh process natively, a fresh instance in the package).
// Prints each time (best of three) and their ratio.
// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../dist/seatwise.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const native = process.env.SEATWISE_NATIVE || join(root, 'build/release/src/cli/seatwise');
const restarts = process.env.SEATWISE_BENCH_RESTARTS || '4';
const names = ['club.season', 'club.pairs', '16p7rTeamS.asc'];
const files = Object.fromEntries(names.map((n) => [n, readFileSync(join(root, 'examples/parenfiles', n))]));
const args = ['optimize', 'club.season', '--restarts', restarts, '--seed', '1', '--threads', '1', '-o', 'out.season'];

const big = join(root, 'data/dutch-big');
const records = readdirSync(big).filter((n) => n.endsWith('.trf')).sort();
for (const n of records) files[n] = readFileSync(join(big, n));

const dir = mkdtempSync(join(tmpdir(), 'seatwise-bench-'));
for (const [n, d] of Object.entries(files)) writeFileSync(join(dir, n), d);
await run(['--version']); // compile the module before timing

async function best(fn) {
  let t = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    t = Math.min(t, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return t;
}

/* Time the command lines (each must exit 0) both ways and print the ratio. */
async function compare(title, lines, inputs) {
  const tn = await best(() => {
    for (const a of lines) {
      const r = spawnSync(native, a, { cwd: dir });
      if (r.status !== 0) throw new Error(`native ${a.join(' ')}: ${r.stderr}`);
    }
  });
  const tw = await best(async () => {
    for (const a of lines) {
      const r = await run(a, inputs(a));
      if (r.code !== 0) throw new Error(`package ${a.join(' ')}: ${r.stderr}`);
    }
  });
  console.log(`${title}, one thread:`);
  console.log(`  native  ${tn.toFixed(3)} s`);
  console.log(`  package ${tw.toFixed(3)} s (node ${process.version})`);
  console.log(`  ratio   ${(tw / tn).toFixed(2)}`);
}

try {
  const season = Object.fromEntries(names.map((n) => [n, files[n]]));
  await compare(`optimize club.season --restarts ${restarts} --seed 1`, [args], () => season);
  await compare(
    `swiss pair, the ${records.length} records of data/dutch-big`,
    records.map((n) => ['swiss', 'pair', n, '-o', 'pairs.txt']),
    (a) => ({ [a[2]]: files[a[2]] }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
