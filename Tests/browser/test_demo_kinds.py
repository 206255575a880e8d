"""Kinds declared by a theme, demos placed in prose and the catalog navigation, in Chromium:
the example catalog's own theme declares the list-row and selection-group kinds."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from test_axe import MODES, TAGS

NARROW = {"width": 390, "height": 844}


def test_a_custom_kinds_script_runs_only_where_the_kind_is_used(component):
    page = component("list-row")
    assert page.locator('script[src*="demos/list-row."]').count() == 1
    assert page.locator('link[href*="demos/list-row."]').count() == 1
    row = page.locator("#list-row-ex3")
    row.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#demo [data-announce]').textContent.length > 0")
    assert page.locator("#demo [data-announce]").first.text_content() == "Would open Ringtone."
    assert not page.errors, page.errors
    # Other pages load neither its script nor its stylesheet.
    for slug in ["switch", "selection-group"]:
        other = component(slug)
        assert other.locator('script[src*="demos/list-row."]').count() == 0, slug
        assert other.locator('link[href*="demos/list-row."]').count() == 0, slug
    # A kind without a script needs none: the selection group works natively.
    group = component("selection-group")
    assert group.locator('script[src*="demos/selection-group"]').count() == 0
    group.locator("#selection-group-ex1-options-1").check()
    assert group.locator("#selection-group-ex1-options-2").is_checked() is False


def test_a_demo_placed_in_prose_is_live_and_its_ids_are_unique(component):
    page = component("toggle-with-label")
    prose = page.locator("#guidelines")
    switch = prose.locator("#toggle-with-label-pr1")
    assert switch.count() == 1 and prose.locator("#toggle-with-label-pr2").count() == 1
    before = switch.is_checked()
    prose.locator("label[for=toggle-with-label-pr1]").click()
    assert switch.is_checked() != before
    duplicates = page.evaluate("""() => {
        const seen = new Map();
        document.querySelectorAll('[id]').forEach(el => seen.set(el.id, (seen.get(el.id) || 0) + 1));
        return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    }""")
    assert duplicates == []
    # The same example in the demo section keeps its own id.
    assert page.locator("#demo #toggle-with-label-ex1").count() == 1


def test_the_navigation_marks_the_current_page(component):
    page = component("list-row")
    current = page.locator(".catalog-nav a[aria-current=page]")
    assert current.count() == 1
    assert current.get_attribute("href") == "../../components/list-row/"
    assert page.locator(".catalog-nav a[href='../../components/switch/']").get_attribute("aria-current") is None
    groups = page.locator(".catalog-nav__group:not(.catalog-nav__section)").all_text_contents()
    assert groups == ["Toggles", "Choices", "Actions", "Feedback", "Layout"]


def test_the_navigation_collapses_behind_a_disclosure_button_on_narrow_screens(new_page, base_url):
    page = new_page(viewport=NARROW)
    page.goto(base_url + "components/list-row/")
    page.wait_for_load_state("load")
    button = page.get_by_role("button", name="Browse the catalog")
    panel = page.locator("#catalog-nav-panel")
    assert button.is_visible() and button.get_attribute("aria-expanded") == "false"
    assert not panel.is_visible()
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    # By keyboard: Tab reaches it, Enter opens, Escape closes and returns focus.
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.hasAttribute('data-catalog-nav-toggle')"):
            break
    else:
        pytest.fail("Tab never reached the navigation's button")
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true" and panel.is_visible()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#catalog-nav-panel') !== null")
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-expanded") == "false" and not panel.is_visible()
    assert page.evaluate("document.activeElement.hasAttribute('data-catalog-nav-toggle')")
    page.keyboard.press("Space")
    assert button.get_attribute("aria-expanded") == "true"
    # Wide screens show the list and no button.
    wide = new_page()
    wide.goto(base_url + "components/list-row/")
    wide.wait_for_load_state("load")
    assert not wide.get_by_role("button", name="Browse the catalog").is_visible()
    assert wide.locator("#catalog-nav-panel").is_visible()


@pytest.mark.parametrize("mode", ["light", "dark", "forced-colors"])
@pytest.mark.parametrize("path", ["components/list-row/", "components/selection-group/", "components/toggle-with-label/"])
def test_no_axe_violations_with_the_navigation_open_on_a_narrow_screen(new_page, base_url, path, mode):
    page = new_page(viewport=NARROW, bypass_csp=True, **MODES[mode])
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Browse the catalog").click()
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert not violations, f"{path} [{mode}]: " + "; ".join(f"{v['id']}: {v['nodes'][0]['target']}" for v in violations)
