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


def request(server, host_header, path="/"):
    """A raw GET with the given Host header; the status line and the headers."""
    with socket.create_connection((server.host, server.port), timeout=5) as connection:
        lines = [f"GET {server.base if path == '/' else path} HTTP/1.1"]
        if host_header is not None:
            lines.append(f"Host: {host_header}")
        connection.sendall(("\r\n".join(lines + ["Connection: close", "", ""])).encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode(errors="replace").split("\r\n")
    headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in head[1:] if ":" in line}
    return int(head[0].split()[1]), headers


def test_only_its_own_host_names_are_answered(catalog):
    """DNS rebinding: a page on another site whose name now points at 127.0.0.1 sends its own
    name in Host:; the preview answers only IP addresses, localhost and --allowed-host names,
    and every answer says nosniff and carries the theme's Content-Security-Policy."""
    server = Server(catalog, "--allowed-host", "docs.example.test")
    try:
        assert server.url, server.output
        for allowed in [f"127.0.0.1:{server.port}", f"localhost:{server.port}", "localhost", f"[::1]:{server.port}",
                        "docs.example.test", f"DOCS.example.test:{server.port}", "preview.localhost"]:
            status, headers = request(server, allowed)
            assert status in (200, 301, 302), (allowed, status)
            assert headers.get("x-content-type-options") == "nosniff", headers
            assert headers.get("content-security-policy") == "default-src 'self'", headers
        for refused in ["attacker.example", f"attacker.example:{server.port}", "127.0.0.1.attacker.example", "localhost.attacker.example", "docs.example.test.evil"]:
            status, headers = request(server, refused)
            assert status == 403, (refused, status)
            assert headers.get("x-content-type-options") == "nosniff"
        # The event stream and the reload script are refused too.
        assert request(server, "attacker.example", "/_catalog/reload.js")[0] == 403
    finally:
        server.stop()
