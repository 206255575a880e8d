"""Helpers shared by the browser tests (kept out of conftest.py, whose name the serve tests use too)."""

import contextlib
import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "Scripts"))
import built_binary  # noqa: E402
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CSP = "default-src 'self'"


def catalog_build_binary() -> pathlib.Path:
    return built_binary.path()


def build_site(source: pathlib.Path, output: pathlib.Path, *extra: str) -> None:
    result = subprocess.run(
        [str(catalog_build_binary()), "build", "--source", str(source), "--output", str(output), *extra],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"catalog-build failed:\n{result.stderr}")




class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the CSP header a careful host would send, and the theme's 404 page."""

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        # As GitHub Pages does: the example frames (an opaque origin) load the team's modules
        # and fonts with CORS.
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        page = pathlib.Path(self.directory) / "404.html"
        if code == 404 and page.exists():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, *args):
        pass


def serve(directory: pathlib.Path):
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@contextlib.contextmanager
def served_catalog(source: pathlib.Path):
    """Builds a catalog into a temporary folder and serves it on loopback; yields the base URL."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-served-"))
    build_site(source, folder / "public")
    server = serve(folder / "public")
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
