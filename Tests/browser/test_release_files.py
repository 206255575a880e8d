"""#51: a release shows its own web files. A repository whose team stylesheet changes a card's
corner radius between two tags: in Chromium, each version's example frame draws the card with
that version's stylesheet, and no page of any version asks for something that is not there."""

import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest_support import REPOSITORY, build_site, serve

FIXTURE = REPOSITORY / "Tests" / "Fixtures" / "web"
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org", GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")


@pytest.fixture(scope="module")
def release_url():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-releases-"))
    repo = folder / "repo"
    for name in ("catalog", "ui"):
        shutil.copytree(FIXTURE / name, repo / name)
    with open(repo / "catalog" / "catalog.yaml", "a") as settings:
        settings.write('versions:\n  tags: "v*"\n  current: Next\n')

    def git(*arguments):
        subprocess.run(["git", "-C", str(repo), *arguments], check=True, capture_output=True, env=GIT_ENV)

    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-q", "-m", "v1")
    git("tag", "v1.0.0")
    stylesheet = repo / "ui" / "ui.css"
    stylesheet.write_text(stylesheet.read_text().replace("border-radius: 12px", "border-radius: 3px"))
    git("commit", "-q", "-am", "v2")
    git("tag", "v2.0.0")
    build_site(repo / "catalog", folder / "public")
    server = serve(folder / "public")
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("version, radius", [("v/v1.0.0/", "12px"), ("v/v2.0.0/", "3px"), ("", "3px")])
def test_each_version_draws_its_own_stylesheet(new_page, release_url, version, radius):
    page = new_page()
    failed = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(release_url + version + "components/card/")
    page.wait_for_load_state("networkidle")
    frame = page.locator(".web-example__frame").first.element_handle().content_frame()
    frame.wait_for_selector(".ui-card")
    assert frame.evaluate("() => getComputedStyle(document.querySelector('.ui-card')).borderTopLeftRadius") == radius
    assert failed == [], failed
