"""Token modes in a real browser: the example catalog's theme modifier (light, dark,
high-contrast) from its DTCG resolver document. The header's switcher is named and keyboard-operable, choosing a mode
repaints the demos with that mode's token values and turns the site dark, the choice survives a
reload, the media query applies while nothing is chosen, and axe finds nothing in any mode."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from test_axe import TAGS

LIGHT_TRACK = "rgb(0, 92, 229)"   # toggle/color/default/active/bg-track, #005CE5
DARK_TRACK = "rgb(47, 111, 214)"  # its dark value, #2F6FD6


@pytest.fixture(scope="module")
def modes_url(base_url):
    """The example catalog: its resolver document gives the theme modifier light, dark (after
    the system's dark setting) and high-contrast contexts."""
    return base_url


def track_colour(page):
    return page.locator(".switch__input:checked + .switch__track").first.evaluate("e => getComputedStyle(e).backgroundColor")


def open_switch(new_page, modes_url, **options):
    # Without motion the track's colour change is not animated, so it can be read at once.
    page = new_page(reduced_motion="reduce", **options)
    page.goto(modes_url + "components/switch/")
    page.wait_for_load_state("load")
    return page


def test_the_switcher_is_named_and_keyboard_operable(new_page, modes_url):
    page = open_switch(new_page, modes_url, color_scheme="light")
    switcher = page.get_by_role("combobox", name="Colour theme")
    assert switcher.is_visible()
    assert [o.strip() for o in switcher.locator("option").all_inner_texts()] == ["Automatic", "Light", "Dark", "High contrast"]
    # Reached with Tab, changed with the arrow keys.
    for _ in range(40):
        page.keyboard.press("Tab")
        if switcher.evaluate("e => e === document.activeElement"):
            break
    assert switcher.evaluate("e => e === document.activeElement")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert switcher.input_value() == "dark"
    assert page.evaluate("document.documentElement.getAttribute('data-theme')") == "dark"
    assert page.locator("[data-scheme-toggle]").is_hidden(), "one control switches site and demos together"
    assert not page.errors


def test_choosing_a_mode_repaints_the_demos_and_the_site_and_is_remembered(new_page, modes_url):
    page = open_switch(new_page, modes_url, color_scheme="light")
    assert track_colour(page) == LIGHT_TRACK
    page.get_by_role("combobox", name="Colour theme").select_option("dark")
    assert track_colour(page) == DARK_TRACK
    assert page.evaluate("document.documentElement.getAttribute('data-color-scheme')") == "dark"
    page.reload()
    page.wait_for_load_state("load")
    assert track_colour(page) == DARK_TRACK
    assert page.get_by_role("combobox", name="Colour theme").input_value() == "dark"
    page.get_by_role("combobox", name="Colour theme").select_option("light")
    assert track_colour(page) == LIGHT_TRACK
    assert page.evaluate("document.documentElement.getAttribute('data-color-scheme')") == "light"


def test_the_media_query_chooses_while_the_reader_has_not(new_page, modes_url):
    page = open_switch(new_page, modes_url, color_scheme="dark")
    assert page.get_by_role("combobox", name="Colour theme").input_value() == ""
    assert track_colour(page) == DARK_TRACK
    light = open_switch(new_page, modes_url, color_scheme="light")
    assert track_colour(light) == LIGHT_TRACK


@pytest.mark.parametrize("mode", ["light", "dark", "high-contrast", ""])
@pytest.mark.parametrize("path", ["components/switch/", "tokens/", ""])
def test_no_axe_violations_in_any_mode(new_page, modes_url, mode, path):
    page = new_page(bypass_csp=True, color_scheme="light")
    page.goto(modes_url + path)
    page.wait_for_load_state("load")
    page.get_by_role("combobox", name="Colour theme").select_option(mode)
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations]
