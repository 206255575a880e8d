"""Keyboard, pointer and accessibility-tree behaviour of every demo kind, on the example
catalog's pages, checked in a real Chromium."""

import re

from playwright.sync_api import expect


def snapshot(locator):
    return locator.aria_snapshot().strip()


def focus_before(element):
    """Puts the keyboard's starting point on a (non-focusable) element just before a widget."""
    element.evaluate("el => { el.tabIndex = -1; el.focus(); }")


def demo(page):
    """The live demo section (appearance examples and the static gallery repeat the controls)."""
    return page.locator("#demo")


# switch ---------------------------------------------------------------------

def test_switch_space_toggles_and_state_is_never_mixed(component):
    page = component("switch")
    switch = demo(page).get_by_role("switch", name="Show previews")
    assert snapshot(switch) == '- switch "Show previews"'
    expect(switch).to_have_accessible_description("Message text appears in notifications")
    switch.focus()
    page.keyboard.press("Space")
    assert snapshot(switch) == '- switch "Show previews" [checked]'
    page.keyboard.press("Space")
    assert snapshot(switch) == '- switch "Show previews"'
    page.keyboard.press("Enter")
    assert snapshot(switch) == '- switch "Show previews" [checked]'
    assert "mixed" not in snapshot(page.locator("#demo"))


def test_switch_is_disabled_in_either_state(component):
    page = component("switch")
    on = demo(page).get_by_role("switch", name="Airplane mode")
    off = demo(page).get_by_role("switch", name="Personal hotspot")
    assert snapshot(on) == '- switch "Airplane mode" [checked] [disabled]'
    assert snapshot(off) == '- switch "Personal hotspot" [disabled]'
    on.click(force=True)
    demo(page).get_by_text("Personal hotspot").click(force=True)
    assert snapshot(on) == '- switch "Airplane mode" [checked] [disabled]'
    assert snapshot(off) == '- switch "Personal hotspot" [disabled]'


# labeled toggle -------------------------------------------------------------

def test_labeled_toggle_whole_row_is_the_target(component):
    page = component("toggle-with-label")
    switch = demo(page).get_by_role("switch", name="Push notifications")
    expect(switch).to_have_accessible_description("Alerts on this device")
    assert snapshot(switch) == '- switch "Push notifications" [checked]'
    demo(page).get_by_text("Alerts on this device").click()
    assert snapshot(switch) == '- switch "Push notifications"'
    demo(page).get_by_text("Push notifications", exact=True).click()
    assert snapshot(switch) == '- switch "Push notifications" [checked]'


def test_labeled_toggle_helper_is_part_of_the_description(component):
    page = component("toggle-with-label")
    switch = demo(page).get_by_role("switch", name="Location sharing")
    expect(switch).to_have_accessible_description("Share your position with family members You can change this later in Privacy settings")
    demo(page).get_by_text("You can change this later").click()
    assert snapshot(switch) == '- switch "Location sharing" [checked]'


def test_labeled_toggle_required_error_is_linked_announced_and_cleared(component):
    page = component("toggle-with-label")
    switch = demo(page).get_by_role("switch", name="Share usage data")
    # Required is exposed as a state, not only drawn.
    assert switch.evaluate("el => el.required") is True
    assert snapshot(switch) == '- switch "Share usage data" [invalid]'
    expect(switch).to_have_attribute("aria-invalid", "true")
    expect(switch).to_have_accessible_description("Turn this on to continue")

    switch.focus()
    page.keyboard.press("Space")
    assert snapshot(switch) == '- switch "Share usage data" [checked]'
    expect(switch).not_to_have_attribute("aria-invalid", "true")
    expect(switch).to_have_accessible_description("")
    expect(page.locator("#toggle-with-label-ex4-error")).to_be_hidden()

    page.keyboard.press("Space")
    demo(page).get_by_role("button", name="Submit").click()
    expect(switch).to_be_focused()
    expect(switch).to_have_attribute("aria-invalid", "true")
    expect(switch).to_have_accessible_description("Turn this on to continue")
    error = page.locator("#toggle-with-label-ex4-error")
    expect(error).to_be_visible()
    # The error sits below the label, not beside it.
    label_box = page.locator("#toggle-with-label-ex4-label").bounding_box()
    assert error.bounding_box()["y"] >= label_box["y"] + label_box["height"] - 1

    page.keyboard.press("Space")
    demo(page).get_by_role("button", name="Submit").click()
    expect(demo(page).get_by_role("status").filter(has_text="Submitted")).to_be_visible()


def test_labeled_toggle_placement_and_disabled_label(component):
    page = component("toggle-with-label")
    leading = page.locator("#toggle-with-label-ex3")
    leading_label = page.locator("#toggle-with-label-ex3-label")
    assert leading.bounding_box()["x"] < leading_label.bounding_box()["x"], "leading: the toggle comes first"
    trailing = page.locator("#toggle-with-label-ex1")
    assert trailing.bounding_box()["x"] > page.locator("#toggle-with-label-ex1-label").bounding_box()["x"]

    disabled = demo(page).get_by_role("switch", name="Background refresh")
    demo(page).get_by_text("Background refresh").click(force=True)
    assert snapshot(disabled) == '- switch "Background refresh" [checked] [disabled]'
    colour = lambda selector: page.locator(selector).evaluate("el => getComputedStyle(el).color")
    weight = lambda selector: page.locator(selector).evaluate("el => getComputedStyle(el).fontWeight")
    assert (colour("#toggle-with-label-ex5-label"), weight("#toggle-with-label-ex5-label")) != (
        colour("#toggle-with-label-ex1-label"), weight("#toggle-with-label-ex1-label")), "a disabled toggle dims its label"


# checkbox -------------------------------------------------------------------

def test_checkbox_mixed_parent_follows_the_apg_cycle(component):
    page = component("checkbox")
    group = demo(page).get_by_role("group", name="Text styles")
    parent = group.get_by_role("checkbox", name="Text styles")
    bold, italic, underline = (group.get_by_role("checkbox", name=n) for n in ("Bold", "Italic", "Underline"))
    assert snapshot(parent) == '- checkbox "Text styles" [checked=mixed]'
    controls = parent.get_attribute("aria-controls").split()
    assert controls == [bold.get_attribute("id"), italic.get_attribute("id"), underline.get_attribute("id")]

    parent.focus()
    page.keyboard.press("Space")
    assert snapshot(parent) == '- checkbox "Text styles" [checked]'
    assert [c.is_checked() for c in (bold, italic, underline)] == [True, True, True]
    page.keyboard.press("Space")
    assert snapshot(parent) == '- checkbox "Text styles"'
    assert [c.is_checked() for c in (bold, italic, underline)] == [False, False, False]
    page.keyboard.press("Space")
    assert snapshot(parent) == '- checkbox "Text styles" [checked=mixed]'
    assert [c.is_checked() for c in (bold, italic, underline)] == [True, False, True], "the last mix comes back"


def test_checkbox_children_drive_the_parent(component):
    page = component("checkbox")
    group = demo(page).get_by_role("group", name="Text styles")
    parent = group.get_by_role("checkbox", name="Text styles")
    italic = group.get_by_role("checkbox", name="Italic")
    italic.focus()
    page.keyboard.press("Space")
    assert snapshot(parent) == '- checkbox "Text styles" [checked]'
    group.get_by_text("Bold", exact=True).click()
    assert snapshot(parent) == '- checkbox "Text styles" [checked=mixed]'


def test_single_checkbox_space_and_label(component):
    page = component("checkbox")
    box = demo(page).get_by_role("checkbox", name="Send a receipt")
    expect(box).to_have_accessible_description("A copy goes to your email address")
    box.focus()
    page.keyboard.press("Space")
    assert snapshot(box) == '- checkbox "Send a receipt" [checked]'
    demo(page).get_by_text("A copy goes to your email address").click()
    assert snapshot(box) == '- checkbox "Send a receipt"'


# radio group ----------------------------------------------------------------

def test_radio_group_one_tab_stop_arrows_wrap_and_skip_disabled(component):
    page = component("radio-button")
    group = demo(page).get_by_role("group", name="Delivery speed")
    standard, express, collect = (group.get_by_role("radio", name=n) for n in ("Standard", "Express", "Collect in store"))
    focus_before(page.locator("#demo h3").first)
    page.keyboard.press("Tab")
    expect(standard).to_be_focused()
    assert snapshot(standard) == '- radio "Standard" [checked]'
    expect(standard).to_have_accessible_description("3 to 5 working days")

    page.keyboard.press("ArrowDown")
    expect(express).to_be_focused()
    assert snapshot(express) == '- radio "Express" [checked]'
    assert snapshot(standard) == '- radio "Standard"'
    page.keyboard.press("ArrowDown")  # skips the disabled option and wraps
    expect(standard).to_be_focused()
    assert snapshot(standard) == '- radio "Standard" [checked]'
    page.keyboard.press("ArrowUp")  # wraps backwards
    expect(express).to_be_focused()
    assert collect.is_checked() is False

    page.keyboard.press("Tab")  # one Tab stop: the next stop is outside the group
    focused_in_group = group.evaluate("el => el.contains(document.activeElement)")
    assert not focused_in_group


def test_radio_group_with_nothing_checked_focuses_the_first(component):
    page = component("radio-button")
    group = demo(page).get_by_role("group", name="Preferred contact")
    email, phone = group.get_by_role("radio", name="Email"), group.get_by_role("radio", name="Phone")
    focus_before(demo(page).get_by_role("heading", name="Nothing chosen yet"))
    page.keyboard.press("Tab")
    expect(email).to_be_focused()
    assert snapshot(group.get_by_role("radio", name="Post")) == '- radio "Post"'
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    expect(email).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(phone).to_be_focused()
    assert snapshot(phone) == '- radio "Phone" [checked]'


def test_radio_label_selects_its_option(component):
    page = component("radio-button")
    group = demo(page).get_by_role("group", name="Text size")
    group.get_by_text("Large").click()
    assert snapshot(group.get_by_role("radio", name="Large")) == '- radio "Large" [checked]'
    assert sum(r.is_checked() for r in group.get_by_role("radio").all()) == 1


# toggle button --------------------------------------------------------------

def test_toggle_button_space_and_enter_keep_the_name(component):
    page = component("toggle-button")
    bold = demo(page).get_by_role("button", name="Bold", exact=True)
    assert snapshot(bold) == '- button "Bold" [pressed]'
    bold.focus()
    page.keyboard.press("Space")
    assert snapshot(bold) == '- button "Bold"'
    expect(bold).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Enter")
    assert snapshot(bold) == '- button "Bold" [pressed]'
    expect(bold).to_have_attribute("aria-pressed", "true")
    expect(bold).to_have_accessible_name("Bold")


def test_toggle_button_pressed_state_is_a_filled_shape(component):
    page = component("toggle-button")
    def background(name):
        return demo(page).get_by_role("button", name=name, exact=True).evaluate(
            "el => getComputedStyle(el.closest('.toggle-button')).backgroundColor")
    assert background("Italic") == "rgba(0, 0, 0, 0)", "unpressed: no background shape"
    assert background("Bold") not in ("rgba(0, 0, 0, 0)", "transparent"), "pressed: a filled background"


# control --------------------------------------------------------------------

def test_control_shows_progress_then_announces(component):
    page = component("control")
    door = demo(page).get_by_role("button", name="Garage door")
    expect(door).to_have_accessible_description("Closed")
    door.focus()
    page.keyboard.press("Space")
    expect(door).to_have_attribute("aria-busy", "true")
    assert snapshot(door) == '- button "Garage door"'
    expect(page.locator("#control-ex2-value")).to_have_text(re.compile("Updating"))
    expect(page.locator("#control-ex2-value .control-tile__value-busy")).to_be_visible()
    live = page.locator("[data-demo='control']").nth(1).locator("[aria-live='polite']")
    expect(live).to_have_text("", timeout=100)
    expect(door).not_to_have_attribute("aria-busy", "true", timeout=5000)
    assert snapshot(door) == '- button "Garage door" [pressed]'
    expect(live).to_have_text("Garage door: Open")
    expect(door).to_have_accessible_description("Open")
    expect(door).to_have_accessible_name("Garage door")


def test_control_enter_toggles_immediately_without_delay(component):
    page = component("control")
    light = demo(page).get_by_role("button", name="Living room light")
    assert snapshot(light) == '- button "Living room light" [pressed]'
    light.focus()
    page.keyboard.press("Enter")
    expect(light).to_have_attribute("aria-pressed", "false")
    expect(page.locator("[data-demo='control']").first.locator("[aria-live='polite']")).to_have_text("Living room light: Off")


def test_control_sensitive_value_hides_behind_the_lock(component):
    page = component("control")
    door = demo(page).get_by_role("button", name="Front door")
    expect(door).to_have_accessible_description("Locked")
    demo(page).get_by_role("switch", name="Locked").check()
    expect(door).to_have_accessible_description("Hidden while locked")
    expect(demo(page).get_by_role("button", name="Garage door")).to_have_accessible_description("Closed")
    demo(page).get_by_role("switch", name="Locked").uncheck()
    expect(door).to_have_accessible_description("Locked")


# code tabs ------------------------------------------------------------------

def test_code_tabs_follow_the_apg_pattern(new_page, base_url):
    page = new_page()
    page.goto(base_url + "components/switch/code/")
    tablist = page.get_by_role("tablist")
    tabs = tablist.get_by_role("tab")
    assert tabs.count() == 3
    html, swiftui, compose = tabs.nth(0), tabs.nth(1), tabs.nth(2)
    expect(html).to_have_attribute("aria-selected", "true")
    expect(swiftui).to_have_attribute("tabindex", "-1")
    html.focus()
    page.keyboard.press("ArrowRight")
    expect(swiftui).to_be_focused()
    expect(swiftui).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tabpanel")).to_contain_text("Toggle(\"Wi-Fi\"")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # wraps to the first tab
    expect(html).to_be_focused()
    page.keyboard.press("End")
    expect(compose).to_be_focused()
    page.keyboard.press("Home")
    expect(html).to_be_focused()
    # The HTML tab shows the demo's own markup.
    expect(page.get_by_role("tabpanel")).to_contain_text('role="switch"')
    page.keyboard.press("Tab")
    expect(page.get_by_role("tabpanel")).to_be_focused()


def test_shape_and_type_roles_paint_the_button_with_the_tokens(component):
    """Control Button's Accent appearance binds a radius, a padding, a typography and a shadow
    token (content/tokens/shape.tokens.json): the live button is drawn with exactly those; an
    example of the Neutral appearance keeps the kind's own shape and type."""
    page = component("control-button")
    accent = page.locator("#demo .demo-stage:not([class*='demo-roles-']) .button, #demo .demo-stage.demo-roles-1 .button").first
    style = accent.evaluate("b => { const s = getComputedStyle(b); return [s.fontSize, s.fontWeight, s.lineHeight, s.borderTopLeftRadius, s.paddingTop, s.boxShadow] }")
    assert style[:5] == ["17px", "700", "21.25px", "22px", "12px"], style
    assert "rgba(0, 0, 0, 0.25) 0px 2px 6px 0px" in style[5], style
    neutral = page.locator("#demo .demo-stage.demo-roles-2 .button").first
    plain = neutral.evaluate("b => { const s = getComputedStyle(b); return [s.fontWeight, s.borderTopLeftRadius, s.boxShadow] }")
    assert plain == ["600", "10px", "none"], plain
