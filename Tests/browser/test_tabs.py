"""Component pages in tabs (Switch is split into Usage / Code / Accessibility / Style / Status in
the example catalog): each tab is a page of its own, marked in the tab navigation, reachable by
the back button and by a search result, at every width."""

import re

import pytest
from playwright.sync_api import expect

TABS = ["Usage", "Code", "Accessibility", "Style", "Status"]


def tab_links(page):
    return page.get_by_role("navigation", name="Switch pages").get_by_role("link")


def test_each_tab_is_a_page_marked_current_and_the_back_button_returns(new_page, base_url):
    page = new_page()
    page.goto(base_url + "components/switch/")
    expect(tab_links(page)).to_have_text(TABS)
    expect(page.get_by_role("link", name="Usage", exact=True)).to_have_attribute("aria-current", "page")
    tab_links(page).filter(has_text="Code").click()
    page.wait_for_url(re.compile(r"components/switch/code/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Switch")
    expect(tab_links(page).filter(has_text="Code")).to_have_attribute("aria-current", "page")
    expect(tab_links(page).filter(has_text="Usage")).not_to_have_attribute("aria-current", "page")
    assert page.title().startswith("Switch: Code")
    # The Code tab holds the playground (its data one folder up) and the properties, not the demo.
    expect(page.locator("#properties")).to_be_visible()
    expect(page.locator("[data-playground-form]")).to_be_visible()
    assert page.locator("#demo").count() == 0
    # The catalog navigation marks the component on its tab.
    expect(page.locator(".catalog-nav a[aria-current]")).to_have_text("Switch")
    tab_links(page).filter(has_text="Accessibility").click()
    page.wait_for_url(re.compile(r"components/switch/accessibility/$"))
    page.go_back()
    page.wait_for_url(re.compile(r"components/switch/code/$"))
    expect(tab_links(page).filter(has_text="Code")).to_have_attribute("aria-current", "page")
    page.go_back()
    page.wait_for_url(re.compile(r"components/switch/$"))
    expect(page.locator("#demo")).to_be_visible()
    assert not page.errors, page.errors


def test_the_tabs_are_reached_by_keyboard_and_are_large_enough(new_page, base_url):
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(base_url + "components/switch/")
    for link in tab_links(page).all():
        box = link.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (link.inner_text(), box)
    code = tab_links(page).filter(has_text="Code")
    code.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"components/switch/code/$"))


def test_a_search_result_lands_on_the_tab_and_its_section(new_page, base_url):
    page = new_page()
    page.goto(base_url)
    page.locator("#site-search-input").fill("binding the value")
    option = page.locator("#site-search-results [role=option]").filter(has_text="Binding the value").first
    expect(option).to_be_visible()
    option.click()
    page.wait_for_url(re.compile(r"components/switch/code/#binding-the-value$"))
    expect(page.locator("#binding-the-value")).to_be_in_viewport()
    expect(tab_links(page).filter(has_text="Code")).to_have_attribute("aria-current", "page")


@pytest.mark.parametrize("width", [320, 390, 768, 1280, 1920, 2560])
def test_every_tab_fits_the_width_and_shows_every_tab_link(new_page, base_url, width):
    page = new_page(viewport={"width": width, "height": 900})
    for tab in ["", "code/", "accessibility/", "style/", "status/"]:
        page.goto(base_url + "components/switch/" + tab)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (width, tab, overflow)
        viewport = page.viewport_size["width"]
        for link in tab_links(page).all():
            box = link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport, (width, tab, link.inner_text(), box)
