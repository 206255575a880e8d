"""The preview in a real Chromium: the page reloads itself after an edit, shows the error
overlay while the catalog is broken and drops it after the fix, and reconnects after the
server restarts."""

import re
import shutil
import time

import pytest
from playwright.sync_api import expect

from serving import FIXTURES, Server, edit


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    yield page
    context.close()


def wait_for_stream(page):
    """Waits until the page's EventSource is open (so it cannot miss the next event)."""
    page.wait_for_function("() => document.documentElement.getAttribute('data-live-reload') === 'connected'")
    time.sleep(0.1)


def test_the_page_reloads_itself_after_an_edit(server, catalog, page):
    page.goto(f"http://{server.host}:{server.port}{server.base}components/alpha/")
    wait_for_stream(page)
    page.evaluate("window.__before_reload = true")
    edit(catalog / "components" / "alpha" / "index.md", "Use it.", "Use it in every form.")
    expect(page.locator("#main")).to_contain_text("Use it in every form.", timeout=10000)
    assert page.evaluate("window.__before_reload === undefined"), "the page was reloaded, not patched"


def test_the_overlay_shows_errors_and_goes_away_after_the_fix(server, catalog, page):
    page.goto(f"http://{server.host}:{server.port}{server.base}components/beta/")
    wait_for_stream(page)
    yaml = catalog / "components" / "beta" / "component.yaml"
    good = yaml.read_text()
    yaml.write_text(good + "  broken: [\n")
    overlay = page.locator("#catalog-build-overlay")
    expect(overlay).to_be_visible(timeout=10000)
    expect(overlay).to_contain_text("components/beta/component.yaml:")
    expect(overlay).to_contain_text("yaml.syntax")
    expect(overlay.locator(".cb-overlay__excerpt")).to_contain_text("broken: [")
    expect(page.get_by_role("alertdialog", name="1 error in the catalog")).to_be_visible()
    yaml.write_text(good)
    expect(overlay).to_have_count(0, timeout=10000)


def test_the_overlay_leads_with_errors_and_can_be_dismissed_until_the_next_failure(server, catalog, page):
    page.goto(f"http://{server.host}:{server.port}{server.base}components/alpha/")
    wait_for_stream(page)
    yaml = catalog / "components" / "alpha" / "component.yaml"
    good = yaml.read_text()
    # Two warnings earlier in the file (no states, no accessibility) and one error after them.
    import re
    lean = re.sub(r"(?ms)^states:.*?(?=^variants:)", "", good)
    lean = re.sub(r"(?ms)^accessibility:.*?(?=^readiness:)", "", lean)
    yaml.write_text(lean + "colour: red\n")
    overlay = page.locator("#catalog-build-overlay")
    expect(overlay).to_be_visible(timeout=10000)
    expect(overlay.locator(".cb-overlay__title")).to_have_text("1 error in the catalog (and 2 warnings)")
    # The open list holds the error only; the warnings are collapsed behind a count.
    items = overlay.locator(":scope > .cb-overlay__list > li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("schema.unknown-key")
    more = overlay.locator("details.cb-overlay__more")
    expect(more.locator("summary")).to_have_text("2 warnings")
    assert more.get_attribute("open") is None
    expect(more.locator("li").first).not_to_be_visible()
    more.locator("summary").click()
    expect(more.locator("li")).to_have_count(2)
    expect(more.locator("li").first).to_be_visible()

    # Dismissed from the keyboard: the button is reachable and a 44 px target.
    dismiss = overlay.get_by_role("button", name=re.compile("Dismiss"))
    box = dismiss.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    dismiss.focus()
    page.keyboard.press("Enter")
    expect(overlay).to_have_count(0)
    # It stays away for this build, even after a reload of the page …
    page.reload()
    wait_for_stream(page)
    time.sleep(0.5)
    expect(page.locator("#catalog-build-overlay")).to_have_count(0)
    # … and comes back on the next failed rebuild; Escape dismisses it too.
    yaml.write_text(lean + "colour: blue\n")
    expect(page.locator("#catalog-build-overlay")).to_be_visible(timeout=10000)
    page.locator("#catalog-build-overlay .cb-overlay__dismiss").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#catalog-build-overlay")).to_have_count(0)
    yaml.write_text(good)


def test_the_overlay_takes_focus_keeps_it_and_gives_it_back(server, catalog, page):
    """A modal alert dialog: focus moves to it when it appears (so it is announced), Tab stays
    inside while it is open, Escape closes it and focus returns to where the reader was."""
    page.goto(f"http://{server.host}:{server.port}{server.base}components/beta/")
    wait_for_stream(page)
    link = page.locator("#main a[href]").first
    link.focus()
    where = link.evaluate("el => el.outerHTML")
    yaml = catalog / "components" / "beta" / "component.yaml"
    good = yaml.read_text()
    yaml.write_text(good + "  broken: [\n")
    try:
        dialog = page.get_by_role("alertdialog", name="1 error in the catalog")
        expect(dialog).to_be_visible(timeout=10000)
        inside = "() => document.getElementById('catalog-build-overlay').contains(document.activeElement)"
        assert page.evaluate(inside), "focus stayed on the page behind the overlay"
        assert page.evaluate("document.activeElement.textContent") == "Dismiss"
        assert dialog.get_attribute("aria-describedby") and page.locator("#" + dialog.get_attribute("aria-describedby")).is_visible()
        for press in ["Tab"] * 6 + ["Shift+Tab"] * 6:
            page.keyboard.press(press)
            assert page.evaluate(inside), f"{press} left the overlay for {page.evaluate('document.activeElement.outerHTML')[:120]}"
        # The page behind cannot be clicked while it is open.
        assert page.evaluate("document.elementFromPoint(5, 5).closest('#catalog-build-overlay') !== null || "
                             "document.elementFromPoint(5, 5) === document.documentElement")
        page.keyboard.press("Escape")
        expect(page.locator("#catalog-build-overlay")).to_have_count(0)
        assert page.evaluate("document.activeElement.outerHTML") == where
    finally:
        yaml.write_text(good)


def test_the_page_reconnects_after_a_server_restart(catalog, page):
    first = Server(catalog)
    port = first.port
    try:
        page.goto(f"http://{first.host}:{port}{first.base}components/alpha/")
        wait_for_stream(page)
    finally:
        first.stop()
    edit(catalog / "components" / "alpha" / "index.md", "Use it.", "Use it after the restart.")
    second = Server(catalog, port=port)
    try:
        assert second.url, second.output
        expect(page.locator("#main")).to_contain_text("Use it after the restart.", timeout=15000)
    finally:
        second.stop()


def test_a_catalog_broken_at_start_shows_the_overlay_then_the_site(catalog, page):
    yaml = catalog / "components" / "alpha" / "component.yaml"
    good = yaml.read_text()
    yaml.write_text("name: Alpha\nsumary: typo\n")
    server = Server(catalog)
    try:
        page.goto(f"http://{server.host}:{server.port}{server.base}")
        expect(page.locator("#catalog-build-overlay")).to_contain_text("unknown key 'sumary'", timeout=10000)
        yaml.write_text(good)
        expect(page.locator("h1")).to_contain_text("Fixture Catalog", timeout=10000)
    finally:
        server.stop()


def test_an_edit_to_the_teams_stylesheet_reloads_the_open_frame(tmp_path, page):
    """#51: the team's web files are read by `serve` as by `build` (a stylesheet outside the
    catalog folder, watched on its own), published under the hash of all of them, so an edit
    gives the frame a new page, and the frame, open inside the component page, reloads itself
    with the new style."""
    for folder in ("catalog", "ui"):
        shutil.copytree(FIXTURES / "web" / folder, tmp_path / folder)
    running = Server(tmp_path / "catalog")
    assert running.url, running.output
    try:
        page.goto(f"http://{running.host}:{running.port}{running.base}components/card/")
        wait_for_stream(page)
        frame = page.frame_locator("iframe.web-example__frame").first
        card = frame.locator(".ui-card")
        expect(card).to_be_visible(timeout=10000)
        # The frame (an opaque origin, without a stream of its own) is watched by the page around it.
        radius = card.evaluate("e => getComputedStyle(e).borderTopLeftRadius")
        assert radius == "12px"
        page.evaluate("window.__outer_kept = true")
        stylesheet = tmp_path / "ui" / "ui.css"
        stylesheet.write_text(stylesheet.read_text().replace("border-radius: 12px", "border-radius: 3px"))
        expect(card).to_have_css("border-top-left-radius", "3px", timeout=10000)
        assert page.evaluate("window.__outer_kept === true"), "the frame reloaded, the page around it did not need to"
        counts = [int(n) for n in re.findall(r"(\d+) browsers? reloaded", running.output)]
        assert counts and counts[-1] >= 1, running.output
    finally:
        running.stop()
