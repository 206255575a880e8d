"""Integration tests of `catalog-build serve`: the real binary, on port 0, against a temporary
copy of a fixture catalog, driven over HTTP and Server-Sent Events."""

import http.client
import json
import os
import pathlib
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time


REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "Scripts"))
import built_binary  # noqa: E402
FIXTURES = REPOSITORY / "Tests" / "Fixtures"


def binary():
    return str(built_binary.path())


class Server:
    """A running `catalog-build serve` with its terminal output collected."""

    def __init__(self, catalog: pathlib.Path, *extra, port=0, wrapper=()):
        environment = dict(os.environ, NO_COLOR="1")
        self.process = subprocess.Popen(
            [*wrapper, binary(), "serve", "--source", str(catalog), "--port", str(port), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment,
        )
        self.lines = []
        self.url = None
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.lines.append(line)
                match = re.search(r"at (http://[^ ]+)", line)
                if match and not ready.is_set():
                    self.url = match.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        ready.wait(60)
        if self.url:
            match = re.match(r"http://([^:/]+):(\d+)(/.*)", self.url)
            self.host, self.port, self.base = match.group(1), int(match.group(2)), match.group(3)

    @property
    def output(self):
        return "".join(self.lines)

    def request(self, method, path, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body

    def get(self, path, headers=None):
        return self.request("GET", path, headers)

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class EventStream:
    """A Server-Sent Events client on its own thread; events land in a queue."""

    def __init__(self, server, page, etag):
        self.events = queue.Queue()
        self.connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        self.connection.request("GET", f"/_catalog/events?page={page}&hash={etag}")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type") == "text/event-stream"
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event, data = None, []
        try:
            for raw in self.response:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("event: "):
                    event = line[len("event: "):]
                elif line.startswith("data: "):
                    data.append(line[len("data: "):])
                elif line == "":
                    if event:
                        self.events.put((event, json.loads("\n".join(data)) if data else None))
                    event, data = None, []
        except Exception:
            pass
        self.events.put(("closed", None))

    def wait_for(self, kind, predicate=lambda data: True, timeout=15):
        deadline = time.time() + timeout
        seen = []
        while time.time() < deadline:
            try:
                event, data = self.events.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            seen.append(event)
            if event == kind and predicate(data):
                return data
        raise AssertionError(f"no {kind!r} event within {timeout}s (saw {seen})")

    def drain(self, wait=0.3):
        time.sleep(wait)
        drained = []
        while True:
            try:
                drained.append(self.events.get_nowait())
            except queue.Empty:
                return drained

    def close(self):
        try:
            self.connection.sock.shutdown(2)
        except Exception:
            pass
        self.connection.close()


def page_etag(server, path):
    status, headers, body = server.get(server.base + path)
    assert status == 200
    return re.search(rb'data-hash="([0-9a-f]*)"', body).group(1).decode()


def edit(path: pathlib.Path, old: str, new: str):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))
