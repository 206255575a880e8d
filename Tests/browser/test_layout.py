"""The site a team publishes, in a real browser: every page of the example and of a fixture
made to stretch the layout (a twelve-column table, a token name of some 200 characters with no
place to break, long code lines, every callout, a do/don't pair, guide sections, lifecycle
badges, a brand) fits every width from 320 to 2,560 px without scrolling sideways; the header
of a phone stays compact with search and the mode switch within reach; the table of contents
sits beside the content on wide screens and collapses above it on narrow ones; copy buttons
copy; search finds a phrase from a page's body and lands on its section; axe finds nothing."""

import pathlib

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, served_catalog
from pages import PAGES, TARGET_PAGES
from test_axe import MODES, TAGS

FIXTURE = REPOSITORY / "Tests" / "Fixtures" / "site-layout"
WIDTHS = [320, 390, 768, 1280, 1920]
FIXTURE_PAGES = [
    "", "components/", "components/wide/", "components/narrow/", "guides/", "guides/foundations/",
    "guides/foundations/writing/", "guides/foundations/accessibility/", "tokens/", "readiness/", "search/?q=label",
]


@pytest.fixture(scope="module")
def fixture_url():
    with served_catalog(FIXTURE) as url:
        yield url


def overflow(page):
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_of_the_example_scrolls_sideways(new_page, base_url, width):
    page = new_page(viewport={"width": width, "height": 844})
    wide = []
    for path in PAGES:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        if overflow(page) > 0:
            wide.append((path, overflow(page)))
    assert not wide, f"at {width} px these pages scroll sideways by: {wide}"


@pytest.mark.parametrize("width", WIDTHS + [2560])
def test_no_page_of_the_stretching_fixture_scrolls_sideways(new_page, fixture_url, width):
    page = new_page(viewport={"width": width, "height": 900})
    wide = []
    for path in FIXTURE_PAGES:
        page.goto(fixture_url + path)
        page.wait_for_load_state("load")
        if overflow(page) > 0:
            wide.append((path, overflow(page)))
    assert not wide, f"at {width} px these pages scroll sideways by: {wide}"
    # The wide table scrolls in its own region, which a keyboard can reach and which is named.
    page.goto(fixture_url + "components/wide/")
    region = page.locator(".table-scroll").first
    assert region.get_attribute("tabindex") == "0" and region.get_attribute("role") == "region"
    assert region.get_attribute("aria-label")


@pytest.mark.parametrize("width", [320, 390])
def test_a_phone_header_is_compact_with_search_and_the_mode_switch_in_reach(new_page, base_url, width):
    """Everything in the header is in sight on a phone: the search, each select showing its whole
    choice, and every link of the site navigation (they wrap; none hides past the edge)."""
    page = new_page(viewport={"width": width, "height": 844})
    page.goto(base_url + "components/switch/")
    page.wait_for_load_state("load")
    header = page.locator(".site-header").bounding_box()["height"]
    assert header <= (150 if width == 390 else 200), header
    for selector in ["#site-search-input", ".mode-switch__select"]:
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= header, selector
        assert box["width"] >= 44 and box["height"] >= 44, selector
    # The chosen option's text fits its select (with room for the arrow), so it is not cut.
    cut = page.evaluate("""() => Array.from(document.querySelectorAll('.site-header select')).filter(select => {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(select).font;
        probe.style.position = 'absolute';
        probe.textContent = select.options[select.selectedIndex].text;
        document.body.appendChild(probe);
        const needed = probe.getBoundingClientRect().width + 24;
        probe.remove();
        return needed > select.getBoundingClientRect().width;
    }).map(select => select.id)""")
    assert cut == [], cut
    for link in page.locator(".site-nav__link").all():
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and link.is_visible(), (width, link.inner_text(), box)
    page.locator("#site-search-input").focus()
    assert page.locator("#site-search-input").bounding_box()["width"] > 250, "the field opens over the header when focused"


def test_the_table_of_contents_is_beside_the_content_or_collapsed_above_it(new_page, base_url):
    wide = new_page(viewport={"width": 1440, "height": 900})
    wide.goto(base_url + "components/switch/")
    toc, content = wide.locator(".toc").bounding_box(), wide.locator(".page-content").bounding_box()
    nav = wide.locator(".catalog-nav").bounding_box()
    assert toc["x"] >= content["x"] + content["width"], "beside the content"
    assert nav["x"] < content["x"], "on the side opposite the navigation"
    narrow = new_page(viewport={"width": 390, "height": 844})
    narrow.goto(base_url + "components/switch/")
    toggle = narrow.locator("[data-toc-toggle]")
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    assert not narrow.locator(".toc__list").is_visible()
    assert narrow.locator(".toc").bounding_box()["y"] < narrow.locator(".page-content").bounding_box()["y"]
    toggle.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true" and narrow.locator(".toc__list").is_visible()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("path", FIXTURE_PAGES)
def test_the_stretching_fixture_has_no_axe_violations(new_page, fixture_url, path, mode):
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(fixture_url + path)
    page.wait_for_load_state("load")
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations]


def test_copy_buttons_copy_and_say_so(new_page, fixture_url):
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    page.goto(fixture_url + "guides/foundations/writing/")
    page.wait_for_load_state("load")
    buttons = page.locator(".copy-button")
    assert buttons.count() == 2
    buttons.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.copy-button').textContent === 'Copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith('let label = "A label long enough')
    assert page.locator("[role=status]").filter(has_text="clipboard").count() == 1
    # Highlighted at build's end, in the theme's colours.
    assert page.locator("code.hljs .hljs-keyword").count() >= 1
    # Code tabs get one too.
    page.goto(fixture_url + "components/wide/")
    page.wait_for_load_state("load")
    assert page.locator("[data-code-label] .copy-button").count() >= 1


def test_search_finds_a_phrase_of_a_body_and_lands_on_its_section(new_page, base_url):
    page = new_page()
    page.goto(base_url)
    page.locator("#site-search-input").fill("turn on wi-fi")
    page.wait_for_selector("#site-search-results [role=option]")
    first = page.locator("#site-search-results [role=option]").first
    assert "Switch › Labels" in first.inner_text()
    assert first.locator("mark").inner_text().lower() == "turn on wi-fi"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url("**/components/switch/#labels")
    assert page.locator("#labels").count() == 1


def test_callouts_and_do_dont_read_without_colour(new_page, fixture_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(fixture_url + "guides/foundations/writing/")
    labels = page.locator(".callout__label").all_inner_texts()
    assert [label.strip() for label in labels] == ["iNote", "✦Tip", "!Important", "⚠Warning", "⛔Caution"] or all(
        word in " ".join(labels) for word in ["Note", "Tip", "Important", "Warning", "Caution"])
    do, dont = page.locator(".guidance--do"), page.locator(".guidance--dont")
    assert "Do" in do.locator(".guidance__label").inner_text() and "Don’t" in dont.locator(".guidance__label").inner_text()
    assert do.bounding_box()["y"] == dont.bounding_box()["y"], "side by side on a wide screen"
    narrow = new_page(viewport={"width": 390, "height": 844})
    narrow.goto(fixture_url + "guides/foundations/writing/")
    assert narrow.locator(".guidance--dont").bounding_box()["y"] > narrow.locator(".guidance--do").bounding_box()["y"], "stacked on a phone"


def test_an_example_is_painted_by_the_appearance_it_names(new_page, fixture_url):
    """`appearance: Brand` paints the Branded example's track with the Brand appearance's token
    (#7A1FA2), in the demo section and in prose; the example without one keeps the first
    appearance's (#1A5FB4)."""
    page = new_page()
    page.goto(fixture_url + "components/wide/")
    page.wait_for_load_state("load")
    def track(container):
        return page.evaluate("""(selector) => Array.from(document.querySelectorAll(selector)).map(stage =>
            getComputedStyle(stage.querySelector('.switch__track')).backgroundColor)""", container)
    assert track("#demo .demo-stage") == ["rgb(26, 95, 180)", "rgb(122, 31, 162)"]
    assert track(".prose-demo .demo-stage") == ["rgb(26, 95, 180)", "rgb(122, 31, 162)"]


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_demos_switch_to_right_to_left_and_mirror(new_page, base_url, mode):
    """The demo section's direction switch shows every demo right to left: a switch that is on
    has its knob at the left end of its track, the label comes first from the right, and axe
    still finds nothing."""
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(base_url + "components/switch/")
    page.wait_for_load_state("load")
    knob = """() => Array.from(document.querySelectorAll('#demo .demo-stage')).map(stage => {
        const track = stage.querySelector('.switch__track').getBoundingClientRect();
        const thumb = stage.querySelector('.switch__thumb').getBoundingClientRect();
        return [stage.querySelector('.switch__input').checked, thumb.left - track.left < track.width / 2 - thumb.width / 2]; })"""
    before = page.evaluate(knob)
    assert all(on != left for on, left in before), "left to right: on means the knob is at the right"
    box = page.get_by_role("checkbox", name="Show every demo on this page right to left")
    box.focus()
    page.keyboard.press("Space")
    page.wait_for_timeout(300)
    assert page.locator("#demo .demo-stage[dir=rtl]").count() == page.locator("#demo .demo-stage").count()
    after = page.evaluate(knob)
    assert all(on == left for on, left in after), "right to left: on means the knob is at the left"
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert not violations, [v["id"] for v in violations]


# The site's own controls, outside the demos (whose targets test_visual_rules checks): the
# header's search and mode switch, the dark-mode button, copy buttons, code tabs, the
# playground's fields, the demos' direction switch, disclosure summaries.
SITE_CONTROLS = """() => [...document.querySelectorAll(
    'button, input:not([type=hidden]), select, textarea, summary, [role=tab]')]
  .filter(el => !el.closest('.demo-stage, .state-sample__stage') && el.getClientRects().length)
  .flatMap(el => {
    const box = el.getBoundingClientRect();
    const small = [];
    if (box.width < 44 || box.height < 44) small.push([el.outerHTML.slice(0, 100), Math.round(box.width), Math.round(box.height)]);
    // A checkbox's or radio button's label is a target as well.
    for (const label of (['checkbox', 'radio'].includes(el.type) ? el.labels : [])) {
      const size = label.getBoundingClientRect();
      if (size.width > 1 && size.height < 44) small.push([label.outerHTML.slice(0, 100), Math.round(size.width), Math.round(size.height)]);
    }
    return small;
  })"""


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path", TARGET_PAGES)
def test_the_sites_own_controls_are_44_px_targets(new_page, base_url, path, width):
    page = new_page(viewport={"width": width, "height": 900})
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    if page.locator("[data-playground]").count():
        page.wait_for_selector("[data-playground-form]:not([hidden])")
    small = page.evaluate(SITE_CONTROLS)
    assert not small, f"{path} at {width} px: targets under 44 × 44 px:\n" + "\n".join(map(str, small))


@pytest.mark.parametrize("width", [320, 360])
def test_a_narrow_header_keeps_the_logo_readable(new_page, base_url, width):
    """At 320 px the wordmark was squeezed to 15 px tall behind the tools; it keeps at least 24 px
    now (the tools take a row of their own when they do not fit beside it), and the page does
    not scroll sideways."""
    page = new_page(viewport={"width": width, "height": 800})
    page.goto(base_url + "components/switch/")
    logo = page.locator(".site-title img:visible").first.bounding_box()
    assert logo["height"] >= 24 and logo["x"] >= 0 and logo["x"] + logo["width"] <= width
    # The example's wordmark is 256 × 40: drawn whole, not squeezed sideways.
    assert logo["width"] >= 6 * logo["height"], logo
    for selector in ["#site-search-input", ".mode-switch__select"]:
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["width"] >= 44 and box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_wide_screens_give_tables_and_demos_the_width(new_page, base_url):
    """At 1920 px the content column was about 580 px beside an empty gap; from 1600 px the
    page uses the width, while prose keeps its measure."""
    page = new_page(viewport={"width": 1920, "height": 1000})
    page.goto(base_url + "components/switch/code/")
    prose = page.locator(".prose").first.bounding_box()
    table = page.locator("#properties table").first.bounding_box()
    assert prose["width"] <= 48 * 16 + 1, "prose keeps a readable measure"
    assert table["width"] >= 1100, f"the properties table uses the width ({table['width']} px)"
    narrow = new_page(viewport={"width": 1280, "height": 900})
    narrow.goto(base_url + "components/switch/code/")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 1280


def test_on_a_phone_the_properties_table_is_a_card_per_row(new_page, base_url):
    """At 390 px the properties table showed three of its seven columns in a sideways strip; it is
    a card per property now, each value beside its column's heading, nothing scrolling."""
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(base_url + "components/switch/code/")
    region = page.locator("#properties .table-scroll")
    assert region.evaluate("r => r.scrollWidth <= r.clientWidth"), "nothing scrolls sideways"
    first = page.locator("#properties tbody tr").first
    cells = first.locator("td")
    labels = cells.evaluate_all("cs => cs.map(c => getComputedStyle(c, '::before').content)")
    assert labels[:3] == ['"Type"', '"Required"', '"Description"'] and '"Compose"' in labels, labels
    for i in range(cells.count()):
        box = cells.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    for tab, section in [("", "#states"), ("accessibility/", "#accessibility")]:
        page.goto(base_url + "components/switch/" + tab)
        assert page.locator(f"{section} .table-scroll").evaluate("r => r.scrollWidth <= r.clientWidth"), section
        assert page.locator(f"{section} tbody td").first.evaluate("c => getComputedStyle(c, '::before').content") not in ("none", '""'), section
    wide = new_page(viewport={"width": 1280, "height": 900})
    wide.goto(base_url + "components/switch/code/")
    assert wide.locator("#properties thead").is_visible(), "a real table with its headings where it fits"


def matrix_state(page):
    return page.evaluate("""() => {
      const table = document.querySelector('.readiness-matrix'), region = table.parentNode;
      return {stacked: table.classList.contains('is-stacked'), scrolls: region.scrollWidth > region.clientWidth + 1,
              right: Math.max(...Array.from(table.querySelectorAll('thead th')).map(th => th.getBoundingClientRect().right))};
    }""")


def test_the_readiness_matrix_fits_at_1280_and_becomes_cards_where_it_cannot(new_page, base_url):
    """At 1280 px C5–C7 were scrolled out of view; the matrix is compact enough to show every
    column now, and where it is still wider than its column it becomes a card per component
    (each criterion labelled with its name) instead of scrolling."""
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(base_url + "readiness/")
    state = matrix_state(page)
    assert not state["stacked"] and not state["scrolls"] and state["right"] <= 1280, state
    headers = page.locator(".readiness-matrix thead th").all_inner_texts()
    assert any(h.startswith("C7") for h in headers) and any(h.startswith("Used in") for h in headers)
    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(base_url + "readiness/")
    state = matrix_state(phone)
    assert state["stacked"] and not state["scrolls"], state
    assert overflow(phone) <= 0
    card = phone.locator(".readiness-matrix tbody tr").first
    labels = card.locator("td").evaluate_all("cs => cs.map(c => getComputedStyle(c, '::before').content)")
    assert labels[:2] == ['"Overall"', '"C1 Layer Structure & Naming"'], labels
    for cell in card.locator("td").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # The column headings stay as sort buttons: sorting by a criterion still reorders the cards.
    before = phone.locator(".readiness-matrix tbody th a").all_inner_texts()
    phone.locator(".readiness-matrix thead .sort-button", has_text="C3").click()
    phone.locator(".readiness-matrix thead .sort-button", has_text="C3").click()
    assert phone.locator(".readiness-matrix tbody th a").all_inner_texts() != before
    # Widening the window makes it a table again.
    phone.set_viewport_size({"width": 1400, "height": 900})
    phone.wait_for_function("() => !document.querySelector('.readiness-matrix').classList.contains('is-stacked')")


@pytest.mark.parametrize("path, selector", [("tokens/", ".token-list"), ("components/switch/style/", ".token-table"), ("components/switch/style/", ".contrast-table")])
def test_on_a_phone_token_and_contrast_tables_are_cards(new_page, base_url, path, selector):
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(base_url + path)
    table = page.locator(selector).first
    assert table.locator("thead").evaluate("t => t.getBoundingClientRect().height <= 1"), "headings are kept for assistive technology only"
    cell = table.locator("tbody td").nth(1)
    assert cell.evaluate("c => getComputedStyle(c, '::before').content") not in ("none", '""')
    for td in table.locator("tbody tr").first.locator("td").all():
        box = td.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert overflow(page) <= 0
