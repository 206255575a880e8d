"""`build --changes-since`: the "What changed" page of the example catalog, after a token edit in
a throw-away git repository, has no axe violations in light, dark and forced colours."""

import json
import pathlib
import shutil
import subprocess
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, build_site, serve
from test_axe import MODES, TAGS


@pytest.fixture(scope="module")
def changes_url():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-changes-"))
    shutil.copytree(REPOSITORY / "content", folder / "content")
    shutil.copytree(REPOSITORY / "examples", folder / "examples")  # the code catalog.yaml's code: names
    git = ["git", "-C", str(folder), "-c", "user.name=Test", "-c", "user.email=test@example.org"]
    subprocess.run(git + ["init", "-q", "-b", "main"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "base"], check=True)
    dark = folder / "content/tokens/theme-dark.tokens.json"
    dark.write_text(dark.read_text().replace("#2F6FD6", "#1B2A44"))
    # The design changed in Figma too (the saved variables agree, so check reports no drift).
    saved = folder / "content/figma/variables/selection-controls.variables.json"
    variables = json.loads(saved.read_text())
    track = next(v for v in variables["meta"]["variables"].values() if v["name"] == "toggle/color/default/active/bg-track")
    dark_mode = next(c for c in variables["meta"]["variableCollections"].values() if c["name"] == "Theme")["modes"][1]["modeId"]
    track["valuesByMode"][dark_mode] = {"r": 0x1B / 255, "g": 0x2A / 255, "b": 0x44 / 255, "a": 1}
    saved.write_text(json.dumps(variables, indent=2))
    build_site(folder / "content", folder / "public", "--changes-since", "HEAD")
    server = serve(folder / "public")
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("mode", ["light", "dark", "forced-colors"])
def test_the_changes_page_has_no_axe_violations(new_page, changes_url, mode):
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(changes_url + "changes/")
    page.wait_for_load_state("load")
    assert "below 3:1" in page.locator("main").inner_text()
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert not violations, "; ".join(f"{v['id']}: {v['nodes'][0]['target']}" for v in violations)


def test_home_and_changed_components_link_to_it(new_page, changes_url):
    page = new_page()
    page.goto(changes_url)
    page.get_by_role("link", name="What changed").click()
    page.wait_for_url("**/changes/")
    page.goto(changes_url + "components/switch/")
    assert page.get_by_role("link", name="What changed in Switch").count() == 1
