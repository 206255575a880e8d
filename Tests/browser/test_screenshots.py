"""The platform grid (Tests/Fixtures/screenshots, its one file that is not a PNG left out): each
cell holds its image per token mode and shows the one of the mode the page shows, beside the live
demo drawn in it; no axe violations in any scheme, every image loading. Combinations of modes and
the system's setting: test_mode_combinations.py."""

import pathlib
import shutil
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, build_site, serve
from test_axe import MODES, TAGS


@pytest.fixture(scope="module")
def shots_url():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-shots-"))
    shutil.copytree(REPOSITORY / "Tests/Fixtures/screenshots", folder / "fixture")
    (folder / "fixture/android/toggle/off.png").unlink()
    build_site(folder / "fixture/catalog", folder / "public")
    server = serve(folder / "public")
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


def test_every_image_loads_and_the_chosen_mode_is_shown(new_page, shots_url):
    page = new_page()
    failed = []
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(shots_url + "components/toggle/")
    page.wait_for_load_state("networkidle")
    dark = page.locator("td[data-label='SwiftUI'] [data-shot-mode='dark']").first
    light = page.locator("td[data-label='SwiftUI'] [data-shot-mode='light']").first
    assert light.is_visible() and not dark.is_visible(), "the catalog's default mode (light, no automatic one) is the one shown"
    page.get_by_role("combobox", name="theme", exact=True).select_option("dark")
    assert dark.is_visible() and not light.is_visible()
    assert page.locator("caption [data-screenshot-label]").inner_text() == "dark"
    # A platform without the dark image says so in its cell.
    assert page.locator("td[data-label='Compose'] [data-shot-mode='dark']").first.inner_text() == "No Compose screenshot in dark yet"
    for shot in page.locator("[data-shot-mode='dark']").all():
        shot.scroll_into_view_if_needed()
    page.get_by_role("combobox", name="theme", exact=True).select_option("light")
    # The images load lazily: each as it comes into view (the dark ones above, while shown).
    for image in page.locator(".screenshot-grid__shot:not([hidden]) .screenshot-grid__image").all():
        image.scroll_into_view_if_needed()
    page.wait_for_load_state("networkidle")
    assert failed == [] and page.errors == []
    assert page.evaluate("Array.from(document.querySelectorAll('.screenshot-grid__image')).every(image => image.complete && image.naturalWidth === 40)")
    page.get_by_role("combobox", name="theme", exact=True).select_option("light")
    assert light.is_visible() and not dark.is_visible()


@pytest.mark.parametrize("mode", ["light", "dark", "forced-colors"])
def test_the_grid_has_no_axe_violations(new_page, shots_url, mode):
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(shots_url + "components/toggle/")
    page.wait_for_load_state("networkidle")
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert violations == [], [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations]
