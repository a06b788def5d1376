#!/usr/bin/env python3
# web/test/browser.py DIST NATIVE: serve DIST (web/dist) on 127.0.0.1, open
# its index.html?check in headless Chromium, and check that the page planned
# the example season (--restarts 2 --seed 1) into the native program's
# bytes: the page posts its season file back to this server when done.
# Run by `scripts/web --browser` (docs/web.md).
# SPDX-License-Identifier: MIT
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading

TIMEOUT = 300  # seconds for the page to load, compile and plan


def native_season(native):
    ex = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../examples/parenfiles")
    with tempfile.TemporaryDirectory() as d:
        for n in ("club.season", "club.pairs", "16p7rTeamS.asc"):
            shutil.copy(os.path.join(ex, n), d)
        subprocess.run([native, "optimize", "club.season", "--restarts", "2", "--seed", "1",
                        "-o", "out.season"], cwd=d, check=True, capture_output=True)
        with open(os.path.join(d, "out.season"), encoding="utf-8") as f:
            return f.read()


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.end_headers()
        if self.path.endswith("/check-result"):
            self.server.result = body.decode("utf-8")
            self.server.done.set()

    def log_message(self, *args):
        pass


def main():
    dist, native = sys.argv[1], os.path.abspath(sys.argv[2])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Handler, directory=dist))
    server.done, server.result = threading.Event(), None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html?check"
    profile = tempfile.mkdtemp(prefix="seatwise-chromium-")
    browser = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        finished = server.done.wait(TIMEOUT)
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    if not finished:
        sys.exit(f"seatwise: browser: {url} sent no result in {TIMEOUT} s")
    if server.result != native_season(native):
        sys.exit(f"seatwise: browser: the page's season differs from the native program's: "
                 f"{server.result[:300]}")
    print(f"seatwise: browser: {url} planned the example season as the native program does")


if __name__ == "__main__":
    main()
