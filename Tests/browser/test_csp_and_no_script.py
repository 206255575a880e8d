"""Pages run under `Content-Security-Policy: default-src 'self'` without a single error, and
without JavaScript every demo is still a working native control."""

import pytest

from pages import PAGES


@pytest.mark.parametrize("path", PAGES)
def test_pages_load_under_a_strict_csp_without_errors(new_page, base_url, path):
    page = new_page()
    response = page.goto(base_url + path)
    page.wait_for_load_state("load")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert page.errors == [], page.errors
    assert page.evaluate("document.documentElement.classList.contains('js')"), "the site script ran"


def test_enhancement_runs_under_csp(component):
    page = component("toggle-button")
    assert page.errors == []
    assert page.locator("#demo .toggle-button__input").first.get_attribute("role") == "button"
    assert page.locator(".tabs").first.evaluate("el => el.classList.contains('is-enhanced')")


def test_without_javascript_demos_are_native_controls(component):
    page = component("switch", java_script_enabled=False)
    switch = page.locator("#demo").get_by_role("switch", name="Show previews")
    switch.focus()
    page.keyboard.press("Space")
    assert switch.is_checked()

    page = component("checkbox", java_script_enabled=False)
    box = page.locator("#demo").get_by_role("checkbox", name="Send a receipt")
    page.locator("#demo").get_by_text("Send a receipt").click()
    assert box.is_checked()

    page = component("radio-button", java_script_enabled=False)
    group = page.locator("#demo").get_by_role("group", name="Delivery speed")
    group.get_by_role("radio", name="Standard").focus()
    page.keyboard.press("ArrowDown")
    assert group.get_by_role("radio", name="Express").is_checked()

    page = component("toggle-button", java_script_enabled=False)
    italic = page.locator("#demo").get_by_role("checkbox", name="Italic")
    italic.focus()
    page.keyboard.press("Space")
    assert italic.is_checked()

    page = component("control", java_script_enabled=False)
    light = page.locator("#demo").get_by_role("checkbox", name="Living room light")
    assert light.is_checked()
    light.click()
    assert not light.is_checked()
    # All code panels are readable as plain sections.
    assert page.locator(".tabs__panel:visible").count() == page.locator(".tabs__panel").count()


def test_not_found_page_is_served_with_404(new_page, base_url):
    page = new_page()
    response = page.goto(base_url + "components/no-such-thing/")
    assert response.status == 404
    assert "Page not found" in page.content()
    # Chrome logs the document's own 404; nothing else may fail (styles and scripts load from the base URL).
    assert [e for e in page.errors if "status of 404" not in e] == []
    assert page.evaluate("getComputedStyle(document.body).fontFamily") != "", "the stylesheet loaded"
    assert page.evaluate("document.documentElement.classList.contains('js')")
