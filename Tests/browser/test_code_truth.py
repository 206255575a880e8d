"""Code truth on the example catalog's pages, in a real Chromium: the component page's "In code"
section and its usage line, the readiness table's measured column, and the dashboard's measured
statuses and "Used in" column. Axe runs on every page in every scheme in test_axe.py; here the
section is driven and read as a person would."""

import pytest

from test_axe import MODES


def test_the_usage_line_leads_to_the_in_code_section(component):
    page = component("switch")
    usage = page.get_by_role("link", name="Used in 3 files")
    assert usage.count() == 1
    usage.click()
    # Switch is split into tabs: the In code section is on its Code tab.
    page.wait_for_url("**/components/switch/code/#in-code")
    section = page.locator("#in-code")
    assert section.get_by_role("heading", name="In code").is_visible()
    platforms = section.get_by_role("heading", level=3)
    assert platforms.all_inner_texts() == ["SwiftUI: SelectionSwitch", "Compose: SelectionSwitch", "Usage"]
    # Each verdict is a word, never a colour alone.
    text = section.inner_text()
    assert text.count("Linked in") == 2 and text.count("All match") == 2
    assert "SelectionSwitch.swift:7" in text
    files = section.locator(".in-code__files li")
    assert files.count() == 3
    assert "NetworkSettingsView.swift" in files.first.inner_text() and "2 calls" in files.first.inner_text()


def test_the_checkbox_shows_its_undocumented_parameter_and_missing_link(component):
    page = component("checkbox")
    text = page.locator("#in-code").inner_text()
    assert "1 undocumented" in text
    assert "Not linked" in text  # Code Connect links the SwiftUI view only


def test_the_readiness_table_shows_declared_beside_measured(component):
    page = component("activity-bar")
    table = page.locator("#readiness table")
    headers = table.locator("thead th").all_inner_texts()
    assert headers[2:4] == ["Declared", "Measured"]
    c4 = table.locator("tbody tr", has_text="Native Mappability")
    assert "Ready" in c4.locator("td").nth(2).inner_text()
    assert "From code: " in c4.inner_text() and "match every mapping" in c4.inner_text()


def test_a_component_without_an_implementation_has_no_code_section(new_page, base_url):
    page = new_page()
    for tab in ["", "code/", "status/"]:
        page.goto(base_url + "components/toggle-with-label/" + tab)
        assert page.locator("#in-code").count() == 0, tab
    assert page.locator("#readiness thead th").all_inner_texts()[2] == "Status"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_dashboard_shows_measured_statuses_and_usage(new_page, base_url, width):
    page = new_page(viewport={"width": width, "height": 900})
    page.goto(base_url + "readiness/")
    table = page.get_by_role("table", name="Readiness of each component by criterion")
    assert table.get_by_role("columnheader", name="Used in").count() == 1
    switch = table.locator("tbody tr", has=page.get_by_role("link", name="Switch", exact=True))
    assert "3 files (SwiftUI 2, Compose 1)" in switch.inner_text()
    toggle = table.locator("tbody tr", has=page.get_by_role("link", name="Toggle", exact=True))
    assert "No implementation named" in toggle.inner_text()
    # C4 and C7 from the code; C2 and C3 from the saved Figma file (docs/figma.md).
    assert switch.locator(".measured").count() == 4
    # The table scrolls inside its region; the page itself never scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("mode", ["dark", "forced-colors"])
def test_the_in_code_section_reads_in_every_scheme(new_page, base_url, mode):
    page = new_page(**MODES[mode])
    page.goto(base_url + "components/switch/code/")
    section = page.locator("#in-code")
    assert section.is_visible()
    colour = page.evaluate("getComputedStyle(document.querySelector('#in-code dd code')).color")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert colour != background
