// web/src/page.js: the page's logic (docs/web.md). Three tasks, each on one
// screen: a bridge season (load, tick absentees, pins, plan with progress
// and Stop, the report and downloads, re-plan), a Swiss round (pair the
// next round of a TRF, go on with the record it gives, enter a round's
// results, check a record) and a mahjong round (seat the next
// round or a whole event). Every run is the seatwise program in a Web
// Worker (worker.js); errors are the program's own messages, shown beside
// the input they are about. `index.html?example=club` (or swiss, mahjong
// examples) opens a bundled example.
// SPDX-License-Identifier: MIT

const $ = (id) => document.getElementById(id);

/* ---- the worker ---- */

let worker = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => {
    const m = event.data;
    if (m.type === 'ready') return;
    const p = pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') {
      if (p.onProgress) p.onProgress(m.progress);
      return;
    }
    pending.delete(m.id);
    if (m.type === 'done') p.resolve(m.result);
    else p.reject(new Error(m.message));
  };
  worker.onerror = (event) => {
    const message = `the worker failed: ${event.message || 'could not start'}`;
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
    $('engine').textContent = `seatwise: ${message}`;
  };
}

/* Run seatwise.js's `call` in the worker; returns {id, promise}. */
function call(name, args, onProgress) {
  const id = nextId++;
  const promise = new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
  });
  worker.postMessage({ id, call: name, args });
  return { id, promise };
}

/* ---- small helpers ---- */

function showError(el, text) {
  el.textContent = text || '';
  el.hidden = !text;
}

/* The program's message: standard error without the progress lines. */
function message(r) {
  return r.stderr
    .split('\n')
    .map((l) => l.split('\r').pop())
    .filter((l) => l && !l.startsWith('restarts '))
    .join('\n');
}

function download(name, text, type = 'text/plain') {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

async function fetchText(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(`cannot load ${path}: ${r.status}`);
  return r.text();
}

function readFiles(fileList) {
  return Promise.all(Array.from(fileList, async (f) => [f.name, await f.text()]));
}

/* A drop zone: files dropped on el, or chosen in its input, go to onFiles. */
function dropZone(el, input, onFiles) {
  const take = async (list) => {
    if (list && list.length) onFiles(await readFiles(list));
  };
  input.addEventListener('change', () => take(input.files));
  el.addEventListener('dragover', (e) => {
    e.preventDefault();
    el.classList.add('over');
  });
  el.addEventListener('dragleave', () => el.classList.remove('over'));
  el.addEventListener('drop', (e) => {
    e.preventDefault();
    el.classList.remove('over');
    take(e.dataTransfer.files);
  });
  el.addEventListener('keydown', (e) => {
    if (e.target === el && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      input.click();
    }
  });
}

/* ---- the bridge season: its text, parsed just enough ---- */

/* IDs of an `absent` line's numbers and ranges (a range: every ID in it). */
function parseIds(words) {
  const ids = [];
  for (const w of words) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(w);
    if (!m) return null;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let i = a; i <= b; i++) ids.push(i);
  }
  return ids;
}

/* The season text as its head (before the first session) and sessions,
 * each with its absent IDs and pin lines apart from its other lines. Lines
 * the page does not edit are kept as they are. */
function parseSeason(text) {
  const blocks = [{ lines: [], absent: [], pins: [], extraAbsent: [] }];
  for (const line of text.split('\n')) {
    const words = line.trim().split(/\s+/);
    const b = blocks[blocks.length - 1];
    if (words[0] === 'session') blocks.push({ head: line, lines: [], absent: [], pins: [], extraAbsent: [] });
    else if (words[0] === 'absent' && blocks.length > 1 && parseIds(words.slice(1)))
      b.absent.push(...parseIds(words.slice(1)));
    else if (words[0] === 'pin') b.pins.push(line.trim().slice(4).trim());
    else b.lines.push(line);
  }
  return blocks;
}

function writeSeason(blocks) {
  const out = [];
  blocks.forEach((b, i) => {
    let lines = b.lines.slice();
    if (i === 0) {
      // whole-season pins at the end of the head, before its trailing blank lines
      let end = lines.length;
      while (end > 0 && lines[end - 1].trim() === '') end--;
      lines.splice(end, 0, ...b.pins.map((p) => `pin ${p}`));
    } else {
      const add = [];
      const ids = [...new Set(b.absent)].sort((x, y) => x - y);
      if (ids.length) add.push(`absent ${ids.join(' ')}`);
      add.push(...b.pins.map((p) => `pin ${p}`));
      // after the session's `section` lines, which must follow `session`
      let at = 0;
      lines.forEach((l, j) => {
        if (l.trim().split(/\s+/)[0] === 'section') at = j + 1;
      });
      lines.splice(at, 0, ...add);
      lines.unshift(b.head);
    }
    out.push(...lines);
  });
  return out.join('\n');
}

const season = {
  name: null, // the season file's name
  files: {}, // every file the season names, by name
  text: '',
  info: null, // analyze --json
  result: null, // the last plan
  job: null,
};

function newSeasonFiles(n, movement, k) {
  const pairs = ['# number  rests  name'];
  for (let i = 1; i <= n; i++) pairs.push(`${i} 0 Pair ${i}`);
  const lines = [`# ${n} pairs, ${k} sessions of ${movement.split('/').pop()}`, 'pairs new.pairs', ''];
  for (let i = 0; i < k; i++) lines.push(`session movements/${movement}`, '');
  return { name: 'new.season', text: lines.join('\n'), pairs: pairs.join('\n') + '\n' };
}

const seasonExamples = {
  club: { dir: 'parenfiles', season: 'club.season', files: ['club.pairs', '16p7rTeamS.asc'] },
  players: {
    dir: 'players',
    season: 'club.season',
    files: ['club.pairs', 'club.history', '16p7rTeamS.asc', '10p7rTeamS.asc', '8p7rTeamS.asc'],
  },
  sections: {
    dir: 'sections',
    season: 'club.season',
    files: ['club.pairs', '16p7rTeamS.asc', '10p7rTeamS.asc'],
  },
};

async function openSeasonExample(key) {
  const ex = seasonExamples[key];
  const names = [ex.season, ...ex.files];
  const texts = await Promise.all(names.map((n) => fetchText(`examples/${ex.dir}/${n}`)));
  const files = {};
  names.forEach((n, i) => {
    files[n] = texts[i];
  });
  await loadSeason(ex.season, files);
}

/* The movement files a season names that were not given: from the library. */
async function addLibraryMovements(text, files) {
  for (const line of text.split('\n')) {
    const w = line.trim().split(/\s+/);
    const path = w[0] === 'session' ? w[1] : w[0] === 'section' ? w[2] : null;
    if (path && path.startsWith('movements/') && !files[path]) {
      try {
        files[path] = await fetchText(path);
      } catch {
        /* the program names the missing file */
      }
    }
  }
}

async function loadSeason(name, files) {
  season.name = name;
  season.files = { ...files };
  season.text = files[name];
  delete season.files[name];
  season.result = null;
  $('s-result').hidden = true;
  $('s-name').textContent = name;
  $('s-text').value = season.text;
  showError($('s-load-error'), '');
  await analyzeSeason($('s-load-error'));
}

async function analyzeSeason(errorEl) {
  await addLibraryMovements(season.text, season.files);
  const r = await call('analyze', [season.text, { name: season.name, files: season.files, json: true }]).promise;
  if (r.code !== 0) {
    showError(errorEl, message(r));
    $('s-grid').replaceChildren(); // the text stays editable, beside its error
    $('s-edit').hidden = false;
    $('s-plan').hidden = true;
    return false;
  }
  showError($('s-error'), '');
  showError($('s-load-error'), '');
  season.info = r.json;
  buildGrid();
  $('s-edit').hidden = false;
  $('s-plan').hidden = false;
  return true;
}

function cell(tag, text, attrs = {}) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/* The absentee grid: a row per participant, a column per session; a row of
 * pin fields (whole season, then per session). Played sessions are shown,
 * not edited. */
function buildGrid() {
  const blocks = parseSeason(season.text);
  const { participants, sessions } = season.info;
  const grid = $('s-grid');
  grid.replaceChildren();
  const head = cell('tr');
  head.append(cell('th', 'Participant', { scope: 'col' }));
  sessions.forEach((s) => head.append(cell('th', `${s.number}${s.played ? ' (played)' : ''}`, { scope: 'col' })));
  grid.append(cell('thead'));
  grid.firstChild.append(head);
  const body = cell('tbody');
  for (const p of participants) {
    const tr = cell('tr');
    tr.append(cell('th', `${p.id} ${p.name || ''}`, { scope: 'row' }));
    sessions.forEach((s, i) => {
      const td = cell('td');
      const box = cell('input', undefined, {
        type: 'checkbox',
        'aria-label': `${p.id} absent in session ${s.number}`,
        'data-id': p.id,
        'data-session': i + 1,
      });
      box.checked = !s.present.includes(p.id);
      box.disabled = s.played;
      box.addEventListener('change', onGridChange);
      td.append(box);
      tr.append(td);
    });
    body.append(tr);
  }
  const pins = cell('tr');
  const th = cell('th', 'Pins (season: ', { scope: 'row' });
  const all = cell('input', undefined, { type: 'text', 'aria-label': 'Pins for the whole season', 'data-session': 0 });
  all.value = blocks[0].pins.join('; ');
  all.addEventListener('change', onGridChange);
  th.append(all, ')');
  pins.append(th);
  sessions.forEach((s, i) => {
    const td = cell('td');
    const input = cell('input', undefined, {
      type: 'text',
      size: 6,
      'aria-label': `Pins in session ${s.number}`,
      'data-session': i + 1,
    });
    input.value = (blocks[i + 1] ? blocks[i + 1].pins : []).join('; ');
    input.disabled = s.played;
    input.addEventListener('change', onGridChange);
    td.append(input);
    pins.append(td);
  });
  body.append(pins);
  grid.append(body);
}

/* The grid and pin fields written back into the season text. */
function onGridChange() {
  const blocks = parseSeason(season.text);
  const sessions = season.info.sessions;
  for (let i = 1; i < blocks.length; i++) {
    if (sessions[i - 1] && sessions[i - 1].played) continue;
    blocks[i].absent = [];
  }
  for (const box of $('s-grid').querySelectorAll('input[type=checkbox]')) {
    const b = blocks[Number(box.dataset.session)];
    if (b && !box.disabled && box.checked) b.absent.push(Number(box.dataset.id));
  }
  for (const input of $('s-grid').querySelectorAll('input[type=text]')) {
    const b = blocks[Number(input.dataset.session)];
    if (b && !input.disabled)
      b.pins = input.value
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean);
  }
  season.text = writeSeason(blocks);
  $('s-text').value = season.text;
  showError($('s-error'), '');
}

function planOptions() {
  const opts = { name: season.name, files: season.files, html: true, seatsCsv: true };
  if (document.querySelector('input[name=s-mode]:checked').value === 'time') {
    opts.time = Number($('s-time').value) || 10;
    opts.seed = Number($('s-seed').value) || 0;
  } else {
    opts.restarts = Math.max(1, Number($('s-restarts').value) || 1);
    opts.seed = Number($('s-seed').value) || 0;
  }
  return opts;
}

async function plan() {
  const opts = planOptions();
  const bar = $('s-progress');
  const status = $('s-status');
  bar.value = 0;
  $('s-go').disabled = true;
  $('s-stop').disabled = false;
  status.textContent = 'Planning…';
  const t0 = performance.now();
  const timer = opts.time
    ? setInterval(() => {
        bar.value = Math.min(1, (performance.now() - t0) / 1000 / opts.time);
      }, 200)
    : null;
  season.job = call('optimize', [season.text, opts], (p) => {
    if (!opts.time) bar.value = p.done / p.total;
    status.textContent = `restarts ${p.done}${opts.time ? '' : `/${p.total}`}, best So ${p.so.toPrecision(6)}, ${p.seconds.toFixed(1)} s`;
  });
  try {
    const r = await season.job.promise;
    if (r.code !== 0 || !r.season) {
      showError($('s-error'), message(r));
      status.textContent = `Not planned (exit ${r.code}).`;
      return;
    }
    bar.value = 1;
    season.result = r;
    const note = message(r)
      .split('\n')
      .filter((l) => l.includes('interrupted'))
      .join(' ');
    status.textContent = `Planned in ${((performance.now() - t0) / 1000).toFixed(1)} s. ${note}`;
    $('s-report').srcdoc = r.html || '';
    $('s-result').hidden = false;
  } catch (e) {
    showError($('s-error'), String(e.message || e));
    status.textContent = '';
  } finally {
    if (timer) clearInterval(timer);
    season.job = null;
    $('s-go').disabled = false;
    $('s-stop').disabled = true;
  }
}

function stopPlan() {
  if (season.job) worker.postMessage({ id: season.job.id, call: 'stop' });
  $('s-status').textContent = 'Stopping after this restart…';
}

function initSeason(movements) {
  const select = $('s-movement');
  for (const m of movements) select.append(cell('option', m, { value: m }));
  const preferred = movements.find((m) => m.includes('16p7rTeamS'));
  if (preferred) select.value = preferred;
  $('s-example-open').addEventListener('click', () => openSeasonExample($('s-example').value).catch(loadFailed));
  dropZone($('s-drop'), $('s-files'), (list) => {
    const files = Object.fromEntries(list);
    const name = list.map(([n]) => n).find((n) => n.endsWith('.season')) || list[0][0];
    loadSeason(name, files).catch(loadFailed);
  });
  $('s-new').addEventListener('submit', (e) => {
    e.preventDefault();
    const s = newSeasonFiles(Number($('s-n').value), $('s-movement').value, Number($('s-k').value));
    loadSeason(s.name, { [s.name]: s.text, 'new.pairs': s.pairs }).catch(loadFailed);
  });
  $('s-text-apply').addEventListener('click', () => {
    season.text = $('s-text').value;
    analyzeSeason($('s-error'));
  });
  $('s-go').addEventListener('click', plan);
  $('s-stop').addEventListener('click', stopPlan);
  $('s-dl-season').addEventListener('click', () => download(season.name, season.result.season));
  $('s-dl-csv').addEventListener('click', () =>
    download(season.name.replace(/\.season$/, '') + '-seats.csv', season.result.seatsCsv, 'text/csv'),
  );
  $('s-dl-html').addEventListener('click', () =>
    download(season.name.replace(/\.season$/, '') + '.html', season.result.html, 'text/html'),
  );
  $('s-replan').addEventListener('click', () => {
    season.text = season.result.season;
    $('s-text').value = season.text;
    analyzeSeason($('s-error'));
    $('s-status').textContent = 'The plan is the season now: change absentees or pins, then plan again.';
  });
}

function loadFailed(e) {
  showError($('s-load-error'), String(e.message || e));
}

/* ---- the Swiss round ---- */

const swiss = { name: 'round.trf', result: null };

function swissOpts() {
  return { name: swiss.name, baku: $('w-baku').checked, strict: $('w-strict').checked };
}

async function swissPair() {
  showError($('w-error'), '');
  $('w-status').textContent = 'Pairing…';
  const r = await call('swissPair', [$('w-text').value, swissOpts()]).promise;
  if (r.code !== 0 || !r.pairing) {
    showError($('w-error'), message(r));
    $('w-status').textContent = '';
    $('w-result').hidden = true;
    return;
  }
  swiss.result = r;
  r.round = Number((r.list.match(/^Round (\d+) pairings/m) || [0, 0])[1]);
  $('w-status').textContent = message(r);
  $('w-list').textContent = r.list;
  $('w-result').hidden = false;
}

async function swissCheck() {
  showError($('w-error'), '');
  $('w-status').textContent = 'Checking…';
  const r = await call('swissCheck', [$('w-text').value, swissOpts()]).promise;
  const text = [r.stdout.trim(), message(r)].filter(Boolean).join('\n');
  if (r.code !== 0) {
    showError($('w-error'), text);
    $('w-status').textContent = '';
  } else {
    $('w-status').textContent = text;
  }
}

/* The record with the paired round becomes the input: its results are
 * entered below, then the next round is paired from it. */
function swissNext() {
  const round = swiss.result.round;
  $('w-text').value = swiss.result.trf;
  $('w-result').hidden = true;
  showError($('w-error'), '');
  $('w-round').value = '';
  $('w-status').textContent = `The record with round ${round} is the input now: enter its results, then pair round ${round + 1}.`;
  $('w-results').focus();
}

/* `swiss result`: the results typed (docs/formats.md) entered into the
 * record in the text, which then holds them. */
async function swissEnter() {
  showError($('w-error'), '');
  $('w-status').textContent = 'Entering the results…';
  const round = $('w-round').value.trim();
  const opts = { name: swiss.name, ...(round ? { round: Number(round) } : {}) };
  const r = await call('swissResult', [$('w-text').value, `${$('w-results').value}\n`, opts]).promise;
  if (r.code !== 0 || !r.trf) {
    showError($('w-error'), message(r));
    $('w-status').textContent = '';
    return;
  }
  $('w-text').value = r.trf;
  $('w-results').value = '';
  $('w-result').hidden = true;
  $('w-status').textContent = [message(r), 'Results entered: the record holds them.'].filter(Boolean).join('\n');
}

const swissExamples = { names: 'examples/swiss/names.trf', 'gen001-25p6r': 'examples/swiss/gen001-25p6r.trf' };

function setSwiss(name, text) {
  swiss.name = name;
  $('w-text').value = text;
  $('w-result').hidden = true;
  showError($('w-error'), '');
  $('w-status').textContent = `${name} loaded.`;
}

function initSwiss() {
  $('w-example-open').addEventListener('click', async () => {
    const path = swissExamples[$('w-example').value];
    setSwiss(path.split('/').pop(), await fetchText(path));
  });
  dropZone($('w-drop'), $('w-file'), (list) => setSwiss(list[0][0], list[0][1]));
  $('w-pair').addEventListener('click', swissPair);
  $('w-check').addEventListener('click', swissCheck);
  $('w-next').addEventListener('click', swissNext);
  $('w-enter').addEventListener('click', swissEnter);
  const base = () => swiss.name.replace(/\.trf$/i, '');
  $('w-dl-trf').addEventListener('click', () => download(`${base()}.trf`, swiss.result.trf));
  $('w-dl-bbp').addEventListener('click', () => download(`${base()}-pairing.txt`, swiss.result.pairing));
}

/* ---- the mahjong round ---- */

const mahjong = { result: null };

function fileName(base, text) {
  return /^\s*[[{]/.test(text) ? `${base}.json` : `${base}.txt`;
}

async function seatRound() {
  showError($('m-error'), '');
  const files = {};
  const players = $('m-players').value;
  const more = $('m-rounds').value;
  files[fileName('players', players)] = players;
  if (more.trim()) files[fileName('more', more)] = more;
  let mode = $('m-mode').value;
  const args = ['--seed', String(Number($('m-seed').value) || 0), '--quiet'];
  if (mode === 'interval') mode = `interval ${Number($('m-k').value) || 1}`;
  if (mode === 'schedule') args.push('--rounds', String(Number($('m-r').value) || 1));
  const r = await call('seat', [mode, files, { html: true, pantheon: true, args }]).promise;
  if (r.code !== 0 || !r.output) {
    showError($('m-error'), message(r));
    $('m-result').hidden = true;
    return;
  }
  mahjong.result = r;
  $('m-out').textContent = r.output;
  $('m-result').hidden = false;
}

const mahjongExamples = {
  club12: ['examples/seating/club12.txt', 'examples/seating/club12-standings.txt'],
  club10: ['examples/seating/club10.txt', null],
  script8: ['examples/seating/script8.txt', null],
};

function initMahjong() {
  $('m-example-open').addEventListener('click', async () => {
    const [a, b] = mahjongExamples[$('m-example').value];
    $('m-players').value = await fetchText(a);
    $('m-rounds').value = b ? await fetchText(b) : '';
    $('m-result').hidden = true;
  });
  dropZone($('m-drop'), $('m-file'), (list) => {
    $('m-players').value = list[0][1];
    $('m-rounds').value = list.slice(1).map(([, t]) => t).join('\n');
  });
  $('m-go').addEventListener('click', () => seatRound().catch((e) => showError($('m-error'), String(e.message || e))));
  $('m-dl-out').addEventListener('click', () => download('tables.txt', mahjong.result.output));
  $('m-dl-html').addEventListener('click', () => download('tables.html', mahjong.result.html, 'text/html'));
  $('m-dl-pantheon').addEventListener('click', () => download('pantheon.txt', mahjong.result.pantheon));
}

/* ---- the screens ---- */

const screens = ['season', 'swiss', 'mahjong'];

function showScreen() {
  const want = location.hash.slice(1);
  const current = screens.includes(want) ? want : 'season';
  for (const s of screens) {
    $(s).hidden = s !== current;
    const tab = $(`tab-${s}`);
    if (s === current) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
}

/* ?example=NAME: a bundled example opened on its screen. */
async function openFromQuery() {
  const name = new URLSearchParams(location.search).get('example');
  if (!name) return;
  if (seasonExamples[name]) {
    location.hash = 'season';
    $('s-example').value = name;
    await openSeasonExample(name);
  } else if (swissExamples[name]) {
    location.hash = 'swiss';
    $('w-example').value = name;
    $('w-example-open').click();
  } else if (mahjongExamples[name]) {
    location.hash = 'mahjong';
    $('m-example').value = name;
    $('m-example-open').click();
  } else {
    loadFailed(new Error(`no bundled example '${name}' (${Object.keys(seasonExamples).join(', ')})`));
  }
}

async function main() {
  window.addEventListener('hashchange', showScreen);
  showScreen();
  startWorker();
  let movements = [];
  try {
    movements = JSON.parse(await fetchText('movements/index.json'));
  } catch {
    /* the New season form then offers no movement */
  }
  initSeason(movements);
  initSwiss();
  initMahjong();
  try {
    $('engine').textContent = `${await call('version', []).promise}, running in your browser`;
  } catch (e) {
    $('engine').textContent = String(e.message || e);
  }
  await openFromQuery().catch(loadFailed);
  document.body.dataset.ready = '1';
}

main();
