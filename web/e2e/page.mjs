// web/e2e/page.mjs DIST NATIVE [SHOTS] [firefox]: the page in headless
// Chromium (Debian's chromium driven by puppeteer-core), or Firefox (Debian's
// firefox-esr, over WebDriver BiDi), served from 127.0.0.1, against the
// native program (docs/web.md). Run by `scripts/web --browser`, which puts
// puppeteer-core in build/web-test (PUPPETEER_DIR). It checks:
//   - index.html?example=club opens the example season; planned with
//     --restarts 2 --seed 1, the downloaded season file is the native
//     program's, byte for byte, and the page answers while it plans;
//   - Stop during a long plan keeps the best so far (a season comes back);
//   - the bundled TRF paired in the page: the downloaded record and the
//     bbp-format pairing are the native program's; "Use this record for
//     the next round", the results typed in the page, and the next round
//     paired from it: the record and the pairing are the native program's;
//   - a mahjong round (random, seed 1) is the native program's;
//   - bad input (a bad TRF, a bad season line) shows the program's
//     file:line message beside the input;
//   - the keyboard alone opens an example;
//   - at phone width nothing overflows sideways; screenshots are written,
//     and no console error, page error or failed request happened.
// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, existsSync, copyFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '../serve.mjs';

const [dist, nativeArg, shots = tmpdir(), which = 'chromium'] = process.argv.slice(2);
const firefox = which === 'firefox';
const native = resolve(nativeArg);
const repo = resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(join(resolve(process.env.PUPPETEER_DIR || '.'), 'index.js'));
const puppeteer = require('puppeteer-core');
const PLAN_TIMEOUT = 300000;

/* The native program run in a temporary directory holding copies of files
 * (a path, or [path, name] to copy it under another name). */
function runNative(args, files) {
  const dir = mkdtempSync(join(tmpdir(), 'seatwise-native-'));
  for (const f of files) {
    const [src, name] = Array.isArray(f) ? f : [f, f.split('/').pop()];
    copyFileSync(src, join(dir, name));
  }
  let stderr = '';
  try {
    execFileSync(native, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    stderr = String(e.stderr);
  }
  return { dir, stderr, read: (n) => readFileSync(join(dir, n), 'utf8') };
}

const failures = [];
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failures.push(what);
}

/* Firefox: the page's downloads are caught where it clicks the link, and
 * read back from the blob it made (Chromium's are real downloads). */
const catchDownloads = `{
  window.seatwiseDownloads = {};
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (!this.download) return click.call(this);
    window.seatwiseDownloads[this.download] = fetch(this.href).then((r) => r.text());
  };
}`;

const downloads = mkdtempSync(join(tmpdir(), 'seatwise-downloads-'));
async function downloaded(page, buttonSelector, name) {
  if (firefox) {
    await page.evaluate(`delete window.seatwiseDownloads[${JSON.stringify(name)}]`);
    await page.click(buttonSelector);
    return page.evaluate(`window.seatwiseDownloads[${JSON.stringify(name)}] || null`);
  }
  const path = join(downloads, name);
  rmSync(path, { force: true });
  await page.click(buttonSelector);
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(path)) return null;
  // Chromium may show the file before it has written all of it: read it
  // once its size holds still for 200 ms.
  let size = -1;
  for (let i = 0; i < 50 && statSync(path).size !== size; i++) {
    size = statSync(path).size;
    await new Promise((r) => setTimeout(r, 200));
  }
  return readFileSync(path, 'utf8');
}

const visible = (sel) => `!document.querySelector('${sel}').hidden`;

async function main() {
  const server = await serve(dist);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const command = firefox ? 'command -v firefox-esr || command -v firefox' : 'command -v chromium';
  const executablePath = execFileSync('sh', ['-c', command], { encoding: 'utf8' }).trim();
  const browser = await puppeteer.launch({
    executablePath,
    browser: firefox ? 'firefox' : 'chrome',
    headless: true,
    // no calls out: the machine's network may be closed (docs/web.md)
    args: firefox ? [] : ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const problems = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    if (firefox) {
      await page.evaluateOnNewDocument(catchDownloads);
    } else {
      const cdp = await page.createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    }
    await page.setViewport({ width: 1200, height: 900 });

    // The example season, planned as the native program plans it.
    await page.goto(`${base}index.html?example=club`);
    await page.waitForFunction(`document.body.dataset.ready && document.querySelectorAll('#s-grid input').length > 0`, { timeout: 60000 });
    const ex = join(repo, 'examples/parenfiles');
    const want = runNative(['optimize', 'club.season', '--restarts', '2', '--seed', '1', '-o', 'out.season'],
      ['club.season', 'club.pairs', '16p7rTeamS.asc'].map((n) => join(ex, n))).read('out.season');
    await page.click('#s-go');
    const t0 = Date.now();
    await page.evaluate('1'); // the page answers while the worker plans
    check(Date.now() - t0 < 2000, `the page answered in ${Date.now() - t0} ms while planning`);
    await page.waitForFunction(visible('#s-result'), { timeout: PLAN_TIMEOUT });
    const got = await downloaded(page, '#s-dl-season', 'club.season');
    check(got === want, 'the downloaded season is the native program\'s (optimize --restarts 2 --seed 1)');
    check((await downloaded(page, '#s-dl-csv', 'club-seats.csv'))?.startsWith('session,round,table'), 'the seats CSV downloads');
    await page.screenshot({ path: join(shots, `${which}-season.png`), fullPage: true });

    // Stop keeps the best so far.
    await page.$eval('#s-restarts', (el) => { el.value = '1000'; });
    await page.click('#s-go');
    await page.waitForFunction(`/restarts [1-9]/.test(document.getElementById('s-status').textContent)`, { timeout: PLAN_TIMEOUT });
    await page.click('#s-stop');
    await page.waitForFunction(`!document.getElementById('s-go').disabled`, { timeout: PLAN_TIMEOUT });
    const status = await page.$eval('#s-status', (el) => el.textContent);
    check(/interrupted, best of \d+ restarts kept/.test(status), `Stop keeps the best so far: ${status}`);
    const stopped = await downloaded(page, '#s-dl-season', 'club.season');
    check(!!stopped && stopped.includes('seats '), 'the stopped plan downloads as a season file');

    // A bad season line: the program's message beside the text.
    await page.$eval('summary', (el) => el.click());
    await page.$eval('#s-text', (el) => { el.value = el.value.replace('absent 4 11', 'absent 4 x11'); });
    await page.click('#s-text-apply');
    await page.waitForFunction(visible('#s-error'), { timeout: 60000 });
    const seasonError = await page.$eval('#s-error', (el) => el.textContent);
    check(/club\.season:\d+/.test(seasonError), `a bad season line shows its file:line message: ${seasonError}`);

    // The Swiss round: the bundled TRF paired as natively.
    await page.goto(`${base}index.html?example=names#swiss`);
    await page.waitForFunction(`document.body.dataset.ready && document.getElementById('w-text').value.length > 0`, { timeout: 60000 });
    await page.click('#w-pair');
    await page.waitForFunction(visible('#w-result'), { timeout: 60000 });
    const trf = join(repo, 'tests/data/swiss/names.trf');
    const sw = runNative(['swiss', 'pair', 'names.trf', '-o', 'pairing.txt', '--trf-out', 'out.trf', '--list', 'list.txt'], [trf]);
    check((await downloaded(page, '#w-dl-trf', 'names.trf')) === sw.read('out.trf'), 'the TRF with the round appended is the native program\'s');
    check((await downloaded(page, '#w-dl-bbp', 'names-pairing.txt')) === sw.read('pairing.txt'), 'the bbp-format pairing is the native program\'s');
    check((await page.$eval('#w-list', (el) => el.textContent)) === sw.read('list.txt'), 'the pairing list is the native program\'s');
    await page.screenshot({ path: join(shots, `${which}-swiss.png`), fullPage: true });

    // Go on with that record: it becomes the input, round 3's results are
    // entered in the page, and round 4 is paired from it as natively.
    await page.click('#w-next');
    const wText = () => page.$eval('#w-text', (el) => el.value);
    check((await wText()) === sw.read('out.trf'), '"Use this record for the next round" makes the record with round 3 the input');
    const results = '1 1-0 2 = 3 0-1';
    await page.$eval('#w-results', (el, t) => { el.value = t; }, results);
    await page.click('#w-enter');
    await page.waitForFunction(`/Results entered/.test(document.getElementById('w-status').textContent)`, { timeout: 60000 });
    writeFileSync(join(sw.dir, 'res.txt'), `${results}\n`);
    const r3 = runNative(['swiss', 'result', 'names.trf', '--results', 'res.txt', '-o', 'r3.trf'],
      [[join(sw.dir, 'out.trf'), 'names.trf'], join(sw.dir, 'res.txt')]);
    check((await wText()) === r3.read('r3.trf'), 'the results entered in the page give the native program\'s record');
    const next = runNative(['swiss', 'pair', 'names.trf', '-o', 'pairing.txt', '--trf-out', 'out.trf', '--list', 'list.txt'],
      [[join(r3.dir, 'r3.trf'), 'names.trf']]);
    await page.click('#w-pair');
    await page.waitForFunction(visible('#w-result'), { timeout: 60000 });
    check((await page.$eval('#w-list', (el) => el.textContent)) === next.read('list.txt'), 'round 4 paired from it: the list is the native program\'s');
    check((await downloaded(page, '#w-dl-bbp', 'names-pairing.txt')) === next.read('pairing.txt'), 'round 4 paired from it: the bbp-format pairing is the native program\'s');
    check((await downloaded(page, '#w-dl-trf', 'names.trf')) === next.read('out.trf'), 'round 4 paired from it: the record is the native program\'s');

    // A bad TRF: the program's message beside the input.
    const bad = join(repo, 'tests/data/swiss/bad_syntax.trf');
    const nativeMsg = runNative(['swiss', 'pair', 'bad_syntax.trf', '-o', 'p.txt'], [bad]).stderr.trim();
    await page.$eval('#w-text', (el, t) => { el.value = t; }, readFileSync(bad, 'utf8'));
    await page.$eval('#w-error', (el) => { el.hidden = true; });
    await page.click('#w-pair');
    await page.waitForFunction(visible('#w-error'), { timeout: 60000 });
    const swissError = await page.$eval('#w-error', (el) => el.textContent);
    // the page names the record by the example's name (names.trf)
    const line = nativeMsg.split('\n')[0].replace('bad_syntax.trf', 'names.trf');
    check(swissError.split('\n')[0] === line && /names\.trf:\d+/.test(line), `a bad TRF shows the program's message: ${swissError.split('\n')[0]}`);

    // The mahjong round as natively.
    await page.goto(`${base}index.html?example=club12#mahjong`);
    await page.waitForFunction(`document.body.dataset.ready && document.getElementById('m-players').value.length > 0`, { timeout: 60000 });
    await page.click('#m-go');
    await page.waitForFunction(visible('#m-result'), { timeout: 60000 });
    const seating = join(repo, 'examples/seating');
    const mj = runNative(['seat', 'random', '-o', 'out.txt', '--html', 'report.html', '--pantheon', 'pantheon.txt', '--seed', '1', '--quiet', 'players.txt', 'more.txt'],
      [[join(seating, 'club12.txt'), 'players.txt'], [join(seating, 'club12-standings.txt'), 'more.txt']]);
    check((await page.$eval('#m-out', (el) => el.textContent)) === mj.read('out.txt'), 'the mahjong round is the native program\'s (seat random --seed 1)');

    // The keyboard alone: Tab to "Open example", Enter opens it.
    await page.goto(`${base}index.html#season`);
    await page.waitForFunction('document.body.dataset.ready');
    let tabs = 0;
    while (tabs < 40 && (await page.evaluate('document.activeElement && document.activeElement.id')) !== 's-example-open') {
      await page.keyboard.press('Tab');
      tabs++;
    }
    await page.keyboard.press('Enter');
    await page.waitForFunction(`document.querySelectorAll('#s-grid input').length > 0`, { timeout: 60000 });
    check(true, `the keyboard reaches "Open example" (${tabs} Tabs) and Enter opens it`);

    // Phone width: nothing wider than the screen.
    await page.setViewport({ width: 360, height: 740 });
    for (const screen of ['season', 'swiss', 'mahjong']) {
      await page.goto(`${base}index.html#${screen}`);
      await page.waitForFunction('document.body.dataset.ready');
      const width = await page.evaluate('document.documentElement.scrollWidth');
      check(width <= 360, `${screen} fits a 360 px screen (${width} px)`);
    }
    await page.screenshot({ path: join(shots, `${which}-phone.png`), fullPage: true });
  } finally {
    await browser.close();
    server.close();
  }
  check(problems.length === 0, `no console errors, page errors or failed requests${problems.length ? `: ${problems.join('; ')}` : ''}`);
  if (failures.length) {
    console.error(`seatwise: page (${which}): ${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log(`seatwise: page (${which}): every check passed (screenshots in ${shots})`);
}

main().catch((e) => {
  console.error(`seatwise: page (${which}): ${e.stack || e}`);
  process.exit(1);
});
