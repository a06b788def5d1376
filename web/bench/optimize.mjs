// web/bench/optimize.mjs: the package's optimize against the native program,
// both on one thread, on the same season and restarts (issue #29, item 5).
// Prints each time (best of three) and their ratio.
// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
try {
  const tn = await best(() => {
    const r = spawnSync(native, args, { cwd: dir });
    if (r.status !== 0) throw new Error(`native: ${r.stderr}`);
  });
  const tw = await best(async () => {
    const r = await run(args, files);
    if (r.code !== 0) throw new Error(`package: ${r.stderr}`);
  });
  console.log(`optimize club.season --restarts ${restarts} --seed 1, one thread:`);
  console.log(`  native  ${tn.toFixed(2)} s`);
  console.log(`  package ${tw.toFixed(2)} s (node ${process.version})`);
  console.log(`  ratio   ${(tw / tn).toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
