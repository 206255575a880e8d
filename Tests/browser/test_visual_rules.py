"""Visual rules for every demo: 44 × 44 targets, a visible focus ring, state visible in forced
colours, no motion when reduced motion is asked for, token colours on the controls."""

import pytest

from pages import COMPONENTS, STATEFUL_COMPONENTS

INTERACTIVE = "input:not([type=hidden]), button, select, textarea, a[href], [tabindex]:not([tabindex='-1'])"
LIVE = "#demo, #appearances, .lock-toggle"


@pytest.mark.parametrize("slug", COMPONENTS)
def test_every_interactive_demo_target_is_at_least_44_px(component, slug):
    page = component(slug)
    elements = page.locator(f":is({LIVE}) :is({INTERACTIVE})").all()
    assert elements, f"{slug} has no interactive demo elements"
    small = []
    for element in elements:
        box = element.bounding_box()
        if box is None:
            continue
        if box["width"] < 44 or box["height"] < 44:
            small.append((element.evaluate("el => el.outerHTML.slice(0, 120)"), box["width"], box["height"]))
    assert not small, f"{slug}: targets under 44 × 44 px: {small}"


@pytest.mark.parametrize("slug", COMPONENTS)
def test_code_tabs_are_at_least_44_px(component, slug):
    page = component(slug)
    for tab in page.get_by_role("tab").all():
        box = tab.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, tab.inner_text()


def focus_ring_width(page, selector):
    """The widest outline drawn on the element or the drawing beside it while it has keyboard focus."""
    page.locator(selector).focus()
    return page.locator(selector).evaluate(
        """el => {
            const candidates = [el, el.nextElementSibling, el.closest('.toggle-button, .control-tile')].filter(Boolean);
            return Math.max(...candidates.map(c => {
                const style = getComputedStyle(c);
                return style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
            }));
        }"""
    )


@pytest.mark.parametrize("slug,selector", [
    ("switch", "#switch-ex2"),
    ("checkbox", "#checkbox-ex1"),
    ("radio-button", "#radio-button-ex1-options-1"),
    ("toggle-button", "#toggle-button-ex2"),
    ("control", "#control-ex1"),
    ("toggle-with-label", "#toggle-with-label-ex1"),
])
def test_keyboard_focus_draws_a_ring_of_at_least_2px(component, slug, selector):
    page = component(slug)
    page.keyboard.press("Tab")  # keyboard modality, so :focus-visible applies
    assert focus_ring_width(page, selector) >= 2


def toggles(page, slug):
    """(element to screenshot, action that changes its state) per live demo of a page."""
    demo = page.locator("#demo")
    if slug == "radio-button":
        for group in demo.locator("fieldset").all():
            options = [o for o in group.locator("input[type=radio]").all() if o.is_enabled()]
            target = next(o for o in options if not o.is_checked())
            yield group, (lambda t=target: t.check())
        return
    for example in demo.locator(".demo").all():
        # A row that only opens a page (a list row with a chevron) has no state to change.
        if example.locator("input").count() == 0:
            continue
        control = example.locator("input").first
        if not control.is_enabled():
            continue
        yield example, (lambda c=control: c.click())


@pytest.mark.parametrize("slug", STATEFUL_COMPONENTS)
def test_forced_colors_screenshots_differ_between_states(component, slug):
    page = component(slug, forced_colors="active")
    count = 0
    for element, change in toggles(page, slug):
        element.scroll_into_view_if_needed()
        page.mouse.move(0, 0)
        before = element.screenshot(animations="disabled")
        change()
        page.wait_for_timeout(50)
        if slug == "control":
            page.wait_for_function("() => !document.querySelector('[aria-busy=true]')", timeout=5000)
        page.mouse.move(0, 0)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        after = element.screenshot(animations="disabled")
        assert before != after, f"{slug}: a state change is invisible in forced colours"
        count += 1
    assert count > 0


def test_reduced_motion_removes_transitions(component):
    page = component("switch", reduced_motion="reduce")
    for selector in [".switch__thumb", ".switch__track", ".radio__dot"]:
        if page.locator(selector).count() == 0:
            continue
        duration = page.locator(selector).first.evaluate("el => getComputedStyle(el).transitionDuration")
        assert all(float(part.rstrip("s")) == 0 for part in duration.split(",")), f"{selector}: {duration}"
    moving = component("switch")
    assert moving.locator(".switch__thumb").first.evaluate("el => getComputedStyle(el).transitionDuration") != "0s"


def test_dark_scheme_changes_the_page_and_paints_fills_with_the_dark_tokens(component):
    light = component("toggle")
    dark = component("toggle", color_scheme="dark")
    body = lambda page: page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert body(light) != body(dark)
    track = lambda page: page.locator("#demo .switch__input:checked + .switch__track").first.evaluate("el => getComputedStyle(el).backgroundColor")
    # The active track is the token toggle/color/default/active/bg-track: #005CE5 in the light
    # theme, #2F6FD6 in the dark theme, which the system's dark setting chooses.
    assert track(light) == "rgb(0, 92, 229)"
    assert track(dark) == "rgb(47, 111, 214)"


def test_state_is_not_shown_by_colour_alone(component):
    """Grayscale screenshots of a switch and a checkbox still differ between on and off."""
    page = component("switch")
    switch = page.locator("#demo .demo").nth(1)
    page.evaluate("document.documentElement.style.setProperty('filter', 'grayscale(1)')")
    before = switch.screenshot()
    switch.locator("input").click()
    page.evaluate("document.activeElement.blur()")
    after = switch.screenshot()
    assert before != after


@pytest.mark.parametrize("scheme", ["light", "dark", "forced"])
@pytest.mark.parametrize("path", ["readiness/", "components/checkbox/"])
def test_status_symbols_are_drawn_from_the_page_sprite(new_page, base_url, scheme, path):
    """A badge's symbol is a `<use>` of the page's sprite: each one resolves to a `<symbol>` of the
    page and paints, in light, dark and forced colours."""
    page = new_page(**({"forced_colors": "active"} if scheme == "forced" else {"color_scheme": scheme}))
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    symbols = page.locator(".status svg.symbol")
    assert symbols.count() > 0
    unresolved = page.evaluate(
        """() => [...document.querySelectorAll('.status svg.symbol')].filter(svg => {
            const use = svg.querySelector('use');
            const target = use && document.getElementById(use.getAttribute('href').slice(1));
            const box = use ? use.getBBox() : { width: 0, height: 0 };
            return !target || target.localName !== 'symbol' || box.width === 0 || box.height === 0;
        }).map(svg => svg.outerHTML)"""
    )
    assert unresolved == [], unresolved
    first = symbols.first
    first.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    drawn = first.screenshot(animations="disabled")
    first.locator("use").evaluate("use => { use.style.display = 'none'; }")
    assert first.screenshot(animations="disabled") != drawn, "the status symbol paints nothing"
