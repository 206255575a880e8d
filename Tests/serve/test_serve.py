"""catalog-build serve: serving from memory, caching headers, safety, live reload, the error
overlay's data, atomic swaps under load, and the command's own behaviour."""

import shutil
import signal
import subprocess
import threading
import time

from serving import FIXTURES, EventStream, Server, binary, edit, page_etag


def test_pages_and_assets_have_the_right_types(server):
    status, headers, body = server.get(server.base)
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["cache-control"] == "no-cache"
    assert b'<script src="/_catalog/reload.js"' in body
    page = body.decode()
    import re
    for reference, expected in [
        (re.search(r'href="(assets/site\.[0-9a-f]{8}\.css)"', page).group(1), "text/css; charset=utf-8"),
        (re.search(r'src="(assets/site\.[0-9a-f]{8}\.js)"', page).group(1), "text/javascript; charset=utf-8"),
        (re.search(r'href="(assets/favicon\.[0-9a-f]{8}\.svg)"', page).group(1), "image/svg+xml"),
    ]:
        status, headers, _ = server.get(server.base + reference)
        assert status == 200
        assert headers["content-type"] == expected
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
    status, headers, _ = server.get(server.base + "components/alpha/diagram.svg")
    assert (status, headers["content-type"]) == (200, "image/svg+xml")
    status, headers, body = server.get("/_catalog/reload.js")
    assert (status, headers["content-type"]) == (200, "text/javascript; charset=utf-8")
    assert b"EventSource" in body


def test_etag_gives_304_and_head_gives_headers_only(server):
    status, headers, body = server.get(server.base + "components/alpha/")
    etag = headers["etag"]
    assert status == 200 and etag.startswith('"')
    status, headers304, body304 = server.get(server.base + "components/alpha/", {"If-None-Match": etag})
    assert status == 304 and body304 == b""
    status, head_headers, head_body = server.request("HEAD", server.base + "components/alpha/")
    assert status == 200 and head_body == b""
    assert head_headers["etag"] == etag
    assert head_headers["content-type"] == headers["content-type"]
    status, _, _ = server.get(server.base + "components/alpha/", {"If-None-Match": '"something-else"'})
    assert status == 200


def test_unknown_paths_get_the_theme_404_page(server):
    status, headers, body = server.get(server.base + "no/such/page/")
    assert status == 404
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert b"Page not found" in body
    status, headers, _ = server.get(server.base + "components/alpha")
    assert status == 301 and headers["location"].endswith("/components/alpha/")
    status, _, _ = server.request("POST", server.base)
    assert status == 405


def test_nothing_outside_the_site_can_be_reached(server, catalog):
    attempts = [
        "/../etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/components/..%2f..%2f..%2f..%2fetc%2fpasswd", "/%252e%252e/%252e%252e/etc/passwd",
        "/..%5c..%5cetc%5cpasswd", "/components/alpha/../../../catalog.yaml", "/catalog.yaml",
        "/components/alpha/component.yaml", "//etc/passwd", "/%00/etc/passwd",
    ]
    for path in attempts:
        status, _, body = server.get(path)
        assert status in (400, 404), (path, status)
        assert b"root:x:0:0" not in body and b"title: Fixture Catalog" not in body, path


def test_a_symlink_out_of_the_catalog_is_reported_not_followed(server, catalog):
    events = EventStream(server, "index.html", page_etag(server, ""))
    link = catalog / "components" / "alpha" / "secrets.png"
    link.symlink_to("/etc/passwd")
    status = events.wait_for("status", lambda data: any(p["rule"] == "file.symlink-outside" for p in data["problems"]))
    problem = next(p for p in status["problems"] if p["rule"] == "file.symlink-outside")
    assert problem["file"].endswith("components/alpha/secrets.png")
    code, _, body = server.get(server.base + "components/alpha/secrets.png")
    assert code == 404 and b"root:x:0:0" not in body
    events.close()


def test_an_edit_reloads_the_browser_and_the_page_shows_it(server, catalog):
    events = EventStream(server, "components/alpha/index.html", page_etag(server, "components/alpha/"))
    events.wait_for("status")
    edit(catalog / "components" / "alpha" / "index.md", "Use it.", "Use it with care.")
    events.wait_for("reload")
    _, _, body = server.get(server.base + "components/alpha/")
    assert b"Use it with care." in body
    deadline = time.time() + 5
    while "Rebuilt after changes to" not in server.output and time.time() < deadline:
        time.sleep(0.05)
    assert "components/alpha/index.md" in server.output and " ms" in server.output
    events.close()


def test_only_browsers_whose_page_changed_reload(server, catalog):
    alpha = EventStream(server, "components/alpha/index.html", page_etag(server, "components/alpha/"))
    beta = EventStream(server, "components/beta/index.html", page_etag(server, "components/beta/"))
    alpha.wait_for("status")
    beta.wait_for("status")
    edit(catalog / "components" / "alpha" / "index.md", "Use it.", "Use it daily.")
    alpha.wait_for("reload")
    beta.wait_for("status")
    assert ("reload", {}) not in beta.drain(0.5), "beta's page did not change, so it must not reload"
    alpha.close()
    beta.close()


def test_a_broken_edit_shows_the_error_and_the_fix_clears_it(server, catalog):
    events = EventStream(server, "components/alpha/index.html", page_etag(server, "components/alpha/"))
    events.wait_for("status")
    yaml = catalog / "components" / "alpha" / "component.yaml"
    good = yaml.read_text()
    yaml.write_text(good.replace("summary: The fixture's switch.", "summary: [unclosed"))
    status = events.wait_for("status", lambda data: any(p["severity"] == "error" for p in data["problems"]))
    error = next(p for p in status["problems"] if p["severity"] == "error")
    assert error["file"].endswith("components/alpha/component.yaml")
    assert error["rule"] == "yaml.syntax"
    assert 2 <= error["line"] <= 4
    assert any(line["number"] == error["line"] for line in error["excerpt"]), "the source lines around it"
    code, _, body = server.get(server.base + "components/alpha/")
    assert code == 200 and b"The fixture&#39;s switch." in body, "the last good build is still served"
    assert "error" in server.output and "still serving the last good build" in server.output

    yaml.write_text(good)
    events.wait_for("status", lambda data: not any(p["severity"] == "error" for p in data["problems"]))
    events.close()


def test_the_terminal_prints_what_a_rebuild_changed_not_the_whole_list(server, catalog):
    """After a rebuild the terminal shows the new problems in full, errors first, the fixed ones
    a line each, and the counts; the problems that were already there are not printed again."""
    events = EventStream(server, "components/alpha/index.html", page_etag(server, "components/alpha/"))
    events.wait_for("status")
    yaml = catalog / "components" / "alpha" / "component.yaml"
    good = yaml.read_text()
    # A warning (no states) and an error (an unknown key) in one edit.
    broken = good.replace("summary: The fixture's switch.", "summary: The fixture's switch.\nsumary: typo")
    yaml.write_text(broken)
    events.wait_for("status", lambda data: any(p["severity"] == "error" for p in data["problems"]))
    deadline = time.time() + 10
    while "new, 0 fixed)" not in server.output and time.time() < deadline:
        time.sleep(0.05)
    first = server.output
    assert "(1 new, 0 fixed)" in first, first[-2000:]
    start = len(first)
    # The first build's notes (unused tokens) are not printed again after the rebuild.
    tail = first[first.index("unknown key 'sumary'") - 200:]
    assert "token.unused" not in tail

    yaml.write_text(good)
    events.wait_for("status", lambda data: not any(p["severity"] == "error" for p in data["problems"]))
    deadline = time.time() + 10
    while "1 fixed)" not in server.output[start:] and time.time() < deadline:
        time.sleep(0.05)
    after = server.output[start:]
    assert "fixed: " in after and "schema.unknown-key" in after and "(0 new, 1 fixed)" in after, after
    assert "token.unused" not in after
    events.close()


def test_requests_during_twenty_rebuilds_all_get_complete_pages(server, catalog):
    prose = catalog / "components" / "alpha" / "index.md"
    original = prose.read_text()
    results = []
    stop = threading.Event()

    def hammer():
        while not stop.is_set():
            status, headers, body = server.get(server.base + "components/alpha/")
            results.append((status, int(headers.get("content-length", -1)), body))

    workers = [threading.Thread(target=hammer) for _ in range(3)]
    for worker in workers:
        worker.start()
    events = EventStream(server, "components/alpha/index.html", page_etag(server, "components/alpha/"))
    events.wait_for("status")
    for round in range(20):
        prose.write_text(original.replace("Use it.", f"Use it, round {round}."))
        events.wait_for("reload")
    stop.set()
    for worker in workers:
        worker.join()
    events.close()
    assert len(results) > 20
    for status, length, body in results:
        assert status == 200
        assert length == len(body)
        assert body.rstrip().endswith(b"</html>")
        assert body.count(b"<main") == 1 and body.count(b"</main>") == 1
    versions = {next((r for r in range(20) if f"round {r}.".encode() in body), "original") for _, _, body in results}
    assert len(versions) > 1, "the page changed while it was being requested"


def test_a_port_in_use_is_a_one_line_error(server, catalog):
    second = subprocess.run([binary(), "serve", "--source", str(catalog), "--port", str(server.port)],
                            capture_output=True, text=True, timeout=60)
    assert second.returncode == 1
    errors = [line for line in second.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "--port" in errors[0] and "already in use" in errors[0]
    assert "Fatal" not in second.stderr and "Stack" not in second.stderr


def test_sigterm_and_sigint_stop_within_a_second(catalog):
    for sig in (signal.SIGTERM, signal.SIGINT):
        server = Server(catalog)
        events = EventStream(server, "index.html", page_etag(server, ""))
        started = time.time()
        server.process.send_signal(sig)
        server.process.wait(5)
        assert time.time() - started < 1.0
        assert server.process.returncode == 0
        events.close()


def test_binds_to_loopback_by_default(server):
    assert server.host == "127.0.0.1"


def test_base_url_prefix_is_served_under_its_path(catalog):
    server = Server(catalog, "--base-url", "/docs/")
    try:
        assert server.base == "/docs/"
        status, headers, _ = server.get("/")
        assert status == 302 and headers["location"] == "/docs/"
        status, _, body = server.get("/docs/components/alpha/")
        assert status == 200 and b"Alpha Switch" in body
        status, _, body = server.get("/docs/nothing-here/")
        assert status == 404 and b'href="/docs/assets/site.' in body
    finally:
        server.stop()


def test_saving_the_code_rechecks_the_catalog(tmp_path):
    """With `code:`, the code folders are watched too: a Compose parameter renamed in the code
    shows the drift at the documenting line of component.yaml, and renaming it back clears it."""
    shutil.copytree(FIXTURES / "code", tmp_path / "code")
    running = Server(tmp_path / "code" / "catalog")
    assert running.url, running.output
    try:
        events = EventStream(running, "components/acme-toggle/index.html", page_etag(running, "components/acme-toggle/"))
        events.wait_for("status")
        kotlin = tmp_path / "code" / "kotlin" / "com" / "acme" / "ui" / "AcmeToggle.kt"
        good = kotlin.read_text()
        kotlin.write_text(good.replace("    checked: Boolean,", "    isChecked: Boolean,"))
        status = events.wait_for("status", lambda data: any(p["rule"] == "code.mapping-missing" for p in data["problems"]))
        drift = next(p for p in status["problems"] if p["rule"] == "code.mapping-missing")
        assert drift["file"].endswith("components/acme-toggle/component.yaml") and drift["line"] == 17
        kotlin.write_text(good)
        events.wait_for("status", lambda data: not any(p["rule"].startswith("code.") for p in data["problems"]))
        events.close()
    finally:
        running.stop()
