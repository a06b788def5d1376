// web/serve.mjs DIR [PORT]: serve DIR (web/dist) on 127.0.0.1 as static
// files, for the page (`scripts/web --serve`) and its browser test
// (web/e2e/page.mjs imports serve()). Port 0: any free port.
// SPDX-License-Identifier: MIT
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

/* Resolves to the listening server (server.address().port). */
export function serve(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path.endsWith('/')) path += 'index.html';
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[extname(file)] || 'text/plain; charset=utf-8' });
    res.end(readFileSync(file));
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir = 'web/dist', port = '8000'] = process.argv.slice(2);
  const server = await serve(dir, Number(port));
  console.log(`seatwise: the page is at http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
}
