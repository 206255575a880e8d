"""A guide showing live examples of several components (```demo with `slug/Example title`):
each works as on its component's page, is painted with its own component's tokens in light and
dark, and the guide loads the kinds' scripts itself."""

import pytest


GUIDE = "guides/choosing-a-selection-control/"


def open_guide(new_page, base_url, **options):
    page = new_page(**options)
    page.goto(base_url + GUIDE)
    page.wait_for_load_state("load")
    return page


def test_the_guides_switch_checkbox_and_radio_group_work_by_keyboard(new_page, base_url):
    page = open_guide(new_page, base_url)
    assert page.errors == []
    figures = page.locator(".prose-demo")
    assert figures.count() == 3
    switch = figures.nth(0).get_by_role("switch", name="Wi-Fi")
    assert switch.is_checked()
    switch.focus()
    page.keyboard.press("Space")
    assert not switch.is_checked()
    parent = figures.nth(1).get_by_role("checkbox", name="Text styles")
    assert parent.aria_snapshot() == '- checkbox "Text styles" [checked=mixed]'
    parent.focus()
    page.keyboard.press("Space")
    assert parent.aria_snapshot() == '- checkbox "Text styles" [checked]'
    radios = figures.nth(2).get_by_role("radio")
    radios.nth(0).focus()
    page.keyboard.press("ArrowDown")
    assert radios.nth(1).is_checked()


@pytest.mark.parametrize("scheme,value", [("light", "#005CE5"), ("dark", "#2F6FD6")])
def test_each_example_is_painted_with_its_own_components_tokens(new_page, base_url, scheme, value):
    page = open_guide(new_page, base_url, color_scheme=scheme)
    stage = page.locator(".prose-demo .demo-stage").first
    assert stage.evaluate("stage => getComputedStyle(stage).getPropertyValue('--demo-track-on').trim()").upper() == value
    # The switch's track is drawn in that colour.
    track = page.locator(".prose-demo").first.locator(".switch__track, [class*=track]").first
    colour = track.evaluate("element => getComputedStyle(element).backgroundColor")
    red, green, blue = (int(part) for part in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3])
    assert f"#{red:02X}{green:02X}{blue:02X}" == value
