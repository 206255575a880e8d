"""`serve` under hostile load and odd events: more idle connections than file descriptors, a
shutdown with many clients connected, the catalog folder deleted and made again."""

import resource
import shutil
import signal
import socket
import subprocess
import time

from serving import EventStream, Server, binary, edit, page_etag


def open_connections(server, count):
    sockets = []
    for _ in range(count):
        try:
            sockets.append(socket.create_connection((server.host, server.port), timeout=2))
        except OSError:
            break
    return sockets


def test_more_idle_connections_than_descriptors_do_not_crash_it(catalog):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    # The server may use at most 256 descriptors; the clients open far more connections.
    server = Server(catalog, wrapper=["prlimit", "--nofile=256:256"])
    try:
        assert server.url, server.output
        sockets = open_connections(server, 600)
        assert len(sockets) > 256
        time.sleep(0.5)
        assert server.process.poll() is None, server.output
        for sock in sockets:
            sock.close()
        deadline = time.time() + 20
        status = None
        while time.time() < deadline:
            try:
                status, _, _ = server.get(server.base)
                break
            except OSError:
                time.sleep(0.2)
        assert status == 200
        assert server.process.poll() is None
    finally:
        server.stop()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_shutdown_with_many_clients_connected_ends_promptly(catalog):
    server = Server(catalog)
    streams = [EventStream(server, "index.html", page_etag(server, "")) for _ in range(40)]
    idle = open_connections(server, 100)
    server.process.send_signal(signal.SIGINT)
    server.process.wait(5)
    assert server.process.returncode == 0
    for stream in streams:
        stream.close()
    for sock in idle:
        sock.close()


def test_the_catalog_folder_deleted_and_made_again_is_picked_up(server, catalog, tmp_path):
    saved = tmp_path / "saved"
    shutil.copytree(catalog, saved)
    shutil.rmtree(catalog)
    deadline = time.time() + 10
    while "error" not in server.output.split("Serving")[-1] and time.time() < deadline:
        time.sleep(0.1)
    shutil.copytree(saved, catalog)
    time.sleep(0.5)
    edit(catalog / "components" / "alpha" / "index.md", "Use it.", "Use it again, after the folder came back.")
    deadline = time.time() + 10
    body = b""
    while time.time() < deadline:
        _, _, body = server.get(server.base + "components/alpha/")
        if b"after the folder came back" in body:
            break
        time.sleep(0.2)
    assert b"after the folder came back" in body, server.output[-3000:]
