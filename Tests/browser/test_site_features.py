"""The site around the demos in Chromium: the search combobox, the light/dark toggle, the
sortable readiness matrix, and a build under a path prefix served under that prefix."""

import functools
import http.server
import re
import threading
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest_support import REPOSITORY, build_site, served_catalog


def snapshot(locator):
    return locator.aria_snapshot().strip()


def test_search_combobox_follows_the_apg_pattern(new_page, base_url):
    page = new_page()
    page.goto(base_url)
    box = page.get_by_role("combobox", name="Search components, guides and tokens")
    expect(box).to_have_attribute("aria-expanded", "false")
    box.click()
    box.type("bg-track")
    listbox = page.get_by_role("listbox", name="Search results")
    expect(listbox).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    options = listbox.get_by_role("option")
    expect(options.first).to_contain_text("bg-track")
    expect(page.locator("[data-search-status]")).to_contain_text("result")
    page.keyboard.press("ArrowDown")
    first = options.nth(0)
    expect(first).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", first.get_attribute("id"))
    expect(box).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(options.nth(1)).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowUp")
    expect(first).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Escape")
    expect(listbox).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).to_have_value("bg-track")
    page.keyboard.press("Escape")
    expect(box).to_have_value("")

    box.type("placement")
    # The component's page itself (its sections are results too, named "Toggle with Label › …").
    target = listbox.get_by_role("option", name=re.compile(r"^Toggle with Label Component"))
    expect(target).to_be_visible()
    position = [o.inner_text() for o in listbox.get_by_role("option").all()].index(target.inner_text())
    for _ in range(position + 1):
        page.keyboard.press("ArrowDown")
    expect(target).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"components/toggle-with-label/$"))


def test_search_field_submits_to_the_results_page(new_page, base_url):
    page = new_page()
    page.goto(base_url + "components/")
    page.get_by_role("combobox", name="Search components, guides and tokens").fill("switch")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"search/\?q=switch"))
    expect(page.locator("[data-search-page-status]")).to_contain_text("for “switch”")
    expect(page.locator("[data-search-page-results] a").first).to_have_text("Switch")


@pytest.fixture(scope="module")
def plain_url():
    """A catalog without token modes (the base fixture): its header has the dark-mode button."""
    with served_catalog(REPOSITORY / "Tests" / "Fixtures" / "base") as url:
        yield url


def test_colour_scheme_toggle_defaults_to_the_system_and_remembers(new_page, plain_url):
    page = new_page(color_scheme="dark")
    page.goto(plain_url)
    toggle = page.get_by_role("button", name="Dark mode")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    background = lambda: page.evaluate("getComputedStyle(document.body).backgroundColor")
    dark = background()
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert background() != dark
    expect(toggle).to_have_accessible_name("Dark mode")
    page.goto(plain_url + "components/")
    expect(page.get_by_role("button", name="Dark mode")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("document.documentElement.getAttribute('data-color-scheme')") == "light"

    light = new_page(color_scheme="light")
    light.goto(plain_url)
    expect(light.get_by_role("button", name="Dark mode")).to_have_attribute("aria-pressed", "false")


def test_the_theme_switcher_replaces_the_toggle_and_drives_the_site(new_page, base_url):
    """The example catalog has a theme modifier whose dark context follows the system's dark
    setting: one switcher sets the site's look and the demos' tokens together."""
    page = new_page(color_scheme="dark")
    page.goto(base_url)
    switcher = page.get_by_role("combobox", name="Colour theme")
    expect(switcher).to_have_value("")
    expect(page.get_by_role("button", name="Dark mode")).to_be_hidden()
    background = lambda: page.evaluate("getComputedStyle(document.body).backgroundColor")
    dark = background()
    switcher.select_option("light")
    assert background() != dark
    page.goto(base_url + "components/")
    expect(page.get_by_role("combobox", name="Colour theme")).to_have_value("light")
    assert page.evaluate("document.documentElement.getAttribute('data-color-scheme')") == "light"
    page.get_by_role("combobox", name="Colour theme").select_option("high-contrast")
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--toggle-color-default-inactive-bg-track').trim()") == "#4D5B73"


def test_readiness_matrix_sorts_by_keyboard(new_page, base_url):
    page = new_page()
    page.goto(base_url + "readiness/")
    table = page.get_by_role("table", name="Readiness of each component by criterion")
    # The component's name (its lifecycle badge sits beside it).
    first_column = lambda: [cell.locator("a").inner_text() for cell in table.locator("tbody tr th").all()]
    before = first_column()
    sort = table.get_by_role("button", name=re.compile(r"^Component"))
    header = table.locator("thead th").first
    expect(header).to_have_attribute("aria-sort", "none")
    sort.focus()
    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "ascending")
    assert first_column() == sorted(before)
    page.keyboard.press("Space")
    expect(header).to_have_attribute("aria-sort", "descending")
    assert first_column() == sorted(before, reverse=True)
    overall = table.get_by_role("button", name=re.compile(r"^Overall"))
    overall.click()
    expect(table.locator("thead th").nth(1)).to_have_attribute("aria-sort", "ascending")
    expect(header).to_have_attribute("aria-sort", "none")


def test_readiness_notes_show_on_focus(new_page, base_url):
    page = new_page()
    page.goto(base_url + "readiness/")
    note = page.locator(".note-link").first
    tip = page.locator("#" + note.get_attribute("aria-describedby"))
    expect(tip).to_be_hidden()
    note.focus()
    expect(tip).to_be_visible()
    expect(note).to_have_accessible_description(tip.inner_text())


class PrefixHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site only under /docs/, as a host with a path prefix would."""

    def translate_path(self, path):
        parsed = urllib.parse.urlparse(path).path
        if not parsed.startswith("/docs/"):
            return "/nonexistent"
        return super().translate_path(parsed[len("/docs"):])

    def end_headers(self):
        # As GitHub Pages does (docs/publishing.md): the example frames, on an opaque origin,
        # load the team's ES modules with CORS.
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, *args):
        pass


def test_every_link_resolves_when_served_under_a_prefix(tmp_path, new_page):
    output = tmp_path / "site"
    build_site(REPOSITORY / "content", output, "--base-url", "/docs/")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PrefixHandler, directory=str(output)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    root = f"http://127.0.0.1:{server.server_address[1]}/docs/"
    try:
        seen, queue, broken = set(), [root], []
        while queue:
            url = queue.pop()
            if url in seen:
                continue
            seen.add(url)
            try:
                with urllib.request.urlopen(url) as response:
                    body = response.read().decode("utf-8", "replace") if "html" in response.headers.get("Content-Type", "") or url.endswith("/") else ""
            except urllib.error.HTTPError as error:
                broken.append((url, error.code))
                continue
            for reference in re.findall(r'(?:href|src)="([^"#]+)', body):
                absolute = urllib.parse.urljoin(url, reference)
                if absolute.startswith(f"http://127.0.0.1:{server.server_address[1]}/") and absolute not in seen:
                    queue.append(absolute)
        assert not broken, broken
        assert len(seen) > 40
        page = new_page()
        page.goto(root + "components/switch/")
        assert page.errors == []
        assert page.evaluate("getComputedStyle(document.body).fontFamily") != ""
        page.get_by_role("combobox", name="Search components, guides and tokens").fill("checkbox")
        expect(page.get_by_role("listbox").get_by_role("option").first).to_contain_text("Checkbox")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        page.wait_for_url(root + "components/checkbox/")
    finally:
        server.shutdown()


def search_results(page, query):
    page.locator("#site-search-input").fill(query)
    page.wait_for_timeout(150)
    options = page.locator("#site-search-results [role=option]")
    return [options.nth(i).inner_text() for i in range(options.count())]


@pytest.mark.parametrize("query, first", [
    ("dropdown", "Pop-up Button"),       # an alias (component.yaml aliases:)
    ("tick box", "Checkbox"),            # a two-word alias
    ("progress", "Activity Bar"),        # an alias's word start
    ("swich", "Switch"),                 # one typo in a title
    ("swtich", "Switch"),                # two letters swapped
    ("rwo", "List Row"),                 # a three-letter word: a swap is forgiven
    ("onCheckedChange", "Switch"),       # a Compose API name of a property
    ("checked", "Checkbox"),             # a title's start outranks the same word inside a name
])
def test_search_finds_aliases_api_names_and_a_typo(new_page, base_url, query, first):
    page = new_page()
    page.goto(base_url)
    results = search_results(page, query)
    assert results and results[0].startswith(first), (query, results[:3])
    if query == "dropdown":
        assert results[0].startswith("Pop-up Button (dropdown)"), "the alias that found it is shown"


def test_a_component_in_tabs_is_one_result(new_page, base_url):
    """Switch is split into tabs: searching its name lists it once (its best page), not once
    per tab; a section of a tab is still its own result."""
    page = new_page()
    page.goto(base_url)
    titles = [page.locator("#site-search-results [role=option] .site-search__title").nth(i).inner_text()
              for i in range(len(search_results(page, "switch")))]
    pages = [title for title in titles if title.startswith("Switch") and "›" not in title]
    assert pages == ["Switch"], titles


def test_search_matches_at_word_starts_only(new_page, base_url):
    """'ect' is inside "select" and "effect" but starts no word: nothing is found; 'but' starts
    "button" and is."""
    page = new_page()
    page.goto(base_url)
    assert not search_results(page, "ect")
    assert any("Button" in result for result in search_results(page, "but"))


@pytest.mark.parametrize("scheme, chosen, shown", [
    ("light", None, "assets/logo.svg"), ("dark", None, "assets/logo-dark.svg"),
    ("light", "dark", "assets/logo-dark.svg"), ("dark", "light", "assets/logo.svg"),
])
def test_the_logo_for_the_scheme_the_page_is_in(new_page, base_url, scheme, chosen, shown):
    """brand.logo { light, dark }: the system's scheme, or the one chosen in the header, decides
    which wordmark is drawn; the other is not displayed (so not read out twice)."""
    page = new_page(color_scheme=scheme)
    page.goto(base_url)
    if chosen:
        page.evaluate(f"document.documentElement.setAttribute('data-color-scheme', '{chosen}')")
    visible = [img.get_attribute("src") for img in page.locator(".site-title img").all() if img.is_visible()]
    assert visible == [shown]
    assert page.get_by_role("link", name="Selection Controls").first.is_visible()
