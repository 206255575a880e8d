"""The default theme's kind library in Chromium, on a fixture catalog with one component per
kind (button, text-field, select, slider, tabs, alert, dialog, progress), each example painted by
the appearance it names, in a light and a dark token mode: the keyboard of each WAI-ARIA
Authoring Practices pattern, axe with no violations in every scheme and token mode, 44 px
targets, right-to-left layout, and the appearance colours each example asks for."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, served_catalog
from test_axe import MODES, TAGS

FIXTURE = REPOSITORY / "Tests" / "Fixtures" / "kind-library"
KINDS = ["button", "text-field", "select", "slider", "tabs", "alert", "dialog", "progress"]
AXE = Axe()


@pytest.fixture(scope="module")
def library_url():
    with served_catalog(FIXTURE) as url:
        yield url


@pytest.fixture
def kind_page(new_page, library_url):
    def open_page(slug, **options):
        page = new_page(**options)
        page.goto(f"{library_url}components/{slug}/")
        page.wait_for_load_state("load")
        return page
    return open_page


def violations(page, context=None):
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    found = AXE.run(page, context=context, options=options).response["violations"]
    return "\n".join(f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:4]]}" for v in found)


def rgb(hex_colour):
    value = hex_colour.lstrip("#")
    return "rgb(%d, %d, %d)" % tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


@pytest.mark.parametrize("mode", list(MODES) + ["token-dark"])
@pytest.mark.parametrize("slug", KINDS)
def test_every_kind_page_passes_axe_in_every_scheme_and_token_mode(kind_page, slug, mode):
    options = MODES.get(mode, {"color_scheme": "light"})
    page = kind_page(slug, bypass_csp=True, **options)
    if mode == "token-dark":
        page.evaluate("document.documentElement.setAttribute('data-scheme', 'dark')")
    page.wait_for_selector("[data-playground-form]:not([hidden])")
    report = violations(page)
    assert not report, f"{slug} [{mode}]:\n{report}"
    assert not page.errors, page.errors


@pytest.mark.parametrize("slug", KINDS)
def test_every_target_in_the_demos_is_at_least_44_px(kind_page, slug):
    page = kind_page(slug)
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#demo .demo-stage :is(button, input, select, textarea, [role=tab], a[href])')]
        .filter(el => el.getClientRects().length)
        .map(el => { const box = el.getBoundingClientRect(); return [el.id || el.className, box.width, box.height]; })
        .filter(([, w, h]) => w < 44 || h < 44)""")
    assert small == [], small


def test_each_button_example_is_painted_by_the_appearance_it_names(kind_page):
    page = kind_page("button")
    fill = lambda title: page.locator(".demo-example", has=page.locator("h3", has_text=re.compile(f"^{title}$", re.I))).locator(".button").evaluate("el => getComputedStyle(el).backgroundColor")
    text = lambda title: page.locator(".demo-example", has=page.locator("h3", has_text=re.compile(f"^{title}$", re.I))).locator(".button").evaluate("el => getComputedStyle(el).color")
    assert fill("Save") == rgb("#0B5CD5")
    assert fill("Delete") == rgb("#B42318")
    # An outlined Secondary button draws the Secondary colour as its text, not the primary.
    assert text("Cancel") == rgb("#4A5568")
    # In the dark token mode each takes that mode's value of its own appearance's token.
    page.evaluate("document.documentElement.setAttribute('data-scheme', 'dark')")
    assert fill("Save") == rgb("#7CACF8")
    assert fill("Delete") == rgb("#F59E94")
    assert text("Cancel") == rgb("#A0AEC0")


def test_a_loading_button_reports_busy_and_ignores_presses(kind_page):
    page = kind_page("button")
    saving = page.locator("#button-ex5")
    assert saving.get_attribute("aria-disabled") == "true"
    assert page.locator("#" + saving.get_attribute("aria-describedby")).text_content() == "Loading"
    pressed = page.evaluate("""() => { let n = 0;
        for (const id of ['button-ex1', 'button-ex5']) document.getElementById(id).addEventListener('click', () => n++);
        document.getElementById('button-ex5').click(); document.getElementById('button-ex1').click(); return n; }""")
    assert pressed == 1
    # The icon-only button keeps its label as its accessible name.
    assert page.locator("#demo").get_by_role("button", name="Add a row").count() == 1


def test_a_text_field_counts_characters_and_reads_its_hint_and_error(kind_page):
    page = kind_page("text-field")
    field = page.locator("#demo").get_by_label("About you")
    field.fill("Hello")
    assert page.locator("#text-field-ex4-count").text_content() == "35 characters left"
    page.wait_for_function("() => document.querySelector('#demo [data-count-status]').textContent === '35 characters left'")
    postcode = page.locator("#text-field-ex3")
    assert postcode.get_attribute("aria-invalid") == "true"
    assert "text-field-ex3-error" in postcode.get_attribute("aria-describedby").split()
    assert page.locator("#text-field-ex3-error").text_content().strip() == "Error: Enter a postcode of five digits"
    email = page.locator("#demo").get_by_label("Email address")
    assert email.get_attribute("type") == "email" and email.get_attribute("autocomplete") == "email"
    assert email.evaluate("el => el.required") is True


def test_a_select_is_the_native_list_with_its_choice(kind_page):
    page = kind_page("select")
    country = page.locator("#demo").get_by_label("Country")
    assert country.evaluate("el => el.tagName") == "SELECT" and country.input_value() == "Germany"
    country.focus()
    page.keyboard.press("ArrowDown")
    assert country.input_value() == "Italy"
    assert page.locator("#demo").get_by_label("Size").input_value() == ""


def test_a_slider_has_the_apg_keys_and_reads_its_unit(kind_page):
    page = kind_page("slider")
    volume = page.locator("#demo").get_by_label("Volume")
    volume.focus()
    page.keyboard.press("ArrowRight")
    assert volume.input_value() == "41"
    assert volume.get_attribute("aria-valuetext") == "41 %"
    assert page.locator("#slider-ex1-value").text_content() == "41 %"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert volume.input_value() == "39"
    page.keyboard.press("End")
    assert volume.input_value() == "100"
    page.keyboard.press("Home")
    assert volume.input_value() == "0"
    page.keyboard.press("PageUp")
    assert int(volume.input_value()) > 1
    # The marks stand under their points: "Bright" at the end of the range.
    track = page.locator("#slider-ex2").bounding_box()
    bright = page.locator("#demo .slider__mark", has_text="Bright").bounding_box()
    assert abs((bright["x"] + bright["width"] / 2) - (track["x"] + track["width"])) < 20


def test_tabs_follow_the_apg_with_automatic_and_manual_activation(kind_page):
    page = kind_page("tabs")
    tabs = page.locator("#demo .demo-tabs").nth(0).get_by_role("tab")
    assert [tabs.nth(i).get_attribute("tabindex") for i in range(3)] == ["0", "-1", "-1"]
    tabs.nth(0).focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.textContent") == "Security"
    assert tabs.nth(1).get_attribute("aria-selected") == "true"
    assert page.locator("#" + tabs.nth(1).get_attribute("aria-controls")).is_visible()
    assert not page.locator("#" + tabs.nth(0).get_attribute("aria-controls")).is_visible()
    page.keyboard.press("End")
    assert tabs.nth(2).get_attribute("aria-selected") == "true"
    page.keyboard.press("ArrowRight")  # wraps
    assert tabs.nth(0).get_attribute("aria-selected") == "true" and tabs.nth(0).get_attribute("tabindex") == "0"
    # Manual activation: arrows move focus only; Enter shows the panel; a disabled tab never shows.
    manual = page.locator("#demo .demo-tabs").nth(1).get_by_role("tab")
    assert manual.nth(1).get_attribute("aria-selected") == "true"
    manual.nth(1).focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.textContent") == "Daily"
    assert manual.nth(0).get_attribute("aria-selected") == "false"
    page.keyboard.press("Enter")
    assert manual.nth(0).get_attribute("aria-selected") == "true"
    page.keyboard.press("End")
    page.keyboard.press("Space")
    assert manual.nth(2).get_attribute("aria-selected") == "false"


def test_tabs_and_layout_mirror_right_to_left(kind_page):
    page = kind_page("tabs")
    page.locator("label[for=demo-direction-rtl]").click()
    tabs = page.locator("#demo .demo-tabs").nth(0).get_by_role("tab")
    first, second = tabs.nth(0).bounding_box(), tabs.nth(1).bounding_box()
    assert second["x"] < first["x"], "the second tab sits left of the first"
    tabs.nth(0).focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.textContent") == "Security"
    fields = kind_page("text-field")
    fields.locator("label[for=demo-direction-rtl]").click()
    prefix = fields.locator("#text-field-ex2-prefix").bounding_box()
    box = fields.locator("#text-field-ex2").bounding_box()
    assert prefix["x"] > box["x"], "the prefix sits at the right in RTL"
    alert = kind_page("alert")
    alert.locator("label[for=demo-direction-rtl]").click()
    widths = alert.locator("#alert-ex1").evaluate("el => [getComputedStyle(el).borderRightWidth, getComputedStyle(el).borderLeftWidth]")
    assert widths == ["6px", "1px"]


def test_an_alert_is_a_live_region_only_when_dynamic(kind_page):
    page = kind_page("alert")
    assert page.locator("#demo [role=alert], #demo [role=status]").count() == 1
    region = page.locator("#alert-ex3-region")
    assert region.get_attribute("role") == "status" and region.inner_text().strip() == ""
    trigger = page.locator("#demo").get_by_role("button", name="Save the file")
    trigger.click()
    page.wait_for_function("() => document.querySelector('#alert-ex3-region').textContent.includes('The file is saved.')")
    assert "Success:" in region.text_content()
    # Dismissing an alert returns focus to the demo, not to nothing.
    page.locator("#demo").get_by_role("button", name="Dismiss: The upload failed").click()
    assert page.locator("#alert-ex2").count() == 0
    assert page.evaluate("document.activeElement.closest('[data-demo=alert]') !== null")


def test_a_dialog_traps_focus_and_returns_it(kind_page):
    page = kind_page("dialog")
    trigger = page.locator("#demo").get_by_role("button", name="Delete the file")
    trigger.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#demo").get_by_role("alertdialog", name="Delete the file?")
    assert dialog.is_visible()
    assert page.evaluate("document.activeElement.textContent.trim()") == "Cancel"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Delete"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Close"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Delete"
    # The page behind is inert while it is open.
    assert page.evaluate("document.querySelector('#dialog-ex1').open") is False
    report = violations(page)
    assert not report, report
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    assert page.evaluate("document.activeElement.textContent.trim()") == "Delete the file"
    trigger.click()
    page.locator("#demo").get_by_role("button", name="Delete", exact=True).click()
    page.wait_for_function("() => document.querySelectorAll('#demo [data-dialog-result]')[1].textContent.endsWith('Delete.')")
    assert page.locator("#demo [data-dialog-result]").nth(1).text_content() == "The dialog was closed with Delete."


def test_progress_is_determinate_with_a_value_and_busy_without(kind_page):
    page = kind_page("progress")
    upload = page.locator("#demo").get_by_role("progressbar", name="Uploading photos")
    assert upload.evaluate("el => el.position") == pytest.approx(0.4)
    assert page.locator("#demo [data-progress-value]").first.text_content() == "40%"
    waiting = page.locator("#demo").get_by_role("progressbar", name="Connecting")
    assert waiting.evaluate("el => el.position") == -1


def test_the_state_gallery_shows_each_kind_in_its_states(kind_page):
    page = kind_page("button")
    gallery = page.locator("#states .state-sample")
    names = gallery.locator(".state-sample__name").all_text_contents()
    assert names == ["Default", "Hover", "Focused", "Disabled", "Loading"]
    assert gallery.nth(3).locator("button").evaluate("el => el.disabled") is True
    assert gallery.nth(4).locator(".button__spinner").count() == 1
    dialog = kind_page("dialog")
    assert dialog.locator("#states .dialog--shown[role=alertdialog]").count() == 1


def test_demos_in_prose_are_drawn_on_the_catalogs_surface_in_every_site_scheme(new_page, tmp_path):
    """The new team's case: a custom kind paints its label with a token made for the catalog's
    light surface; in the site's dark scheme the demo, in prose as in the demo section, stays on
    that surface, so the label stays legible (it measured 1.22:1 on the dark page before)."""
    catalog = tmp_path / "catalog"
    (catalog / "components" / "banner").mkdir(parents=True)
    (catalog / "tokens").mkdir()
    (catalog / "themes" / "acme" / "demos").mkdir(parents=True)
    (catalog / "themes" / "acme" / "templates" / "demos").mkdir(parents=True)
    (catalog / "themes" / "acme" / "assets" / "demos").mkdir(parents=True)
    (catalog / "catalog.yaml").write_text("title: Acme\ndescription: A catalog.\ntheme: acme\nsurface: surface/page\n")
    (catalog / "tokens" / "base.tokens.json").write_text(
        '{ "surface": { "page": { "$type": "color", "$value": "#FDFCF7" } },'
        '  "banner": { "label": { "$type": "color", "$value": "#1F2A44" }, "fill": { "$type": "color", "$value": "#E8EEF9" } } }')
    (catalog / "themes" / "acme" / "theme.yaml").write_text("name: acme\nextends: default\n")
    (catalog / "themes" / "acme" / "demos" / "banner.yaml").write_text(
        "name: Banner\nfields:\n  heading: { type: text, required: true }\n"
        "roles:\n  Label: { property: --acme-banner-label, text: true }\n  Fill: { property: --acme-banner-fill }\n"
        "contrast:\n  - { fg: Label, bg: page, min: 4.5 }\n")
    (catalog / "themes" / "acme" / "templates" / "demos" / "banner.mustache").write_text(
        '<div class="demo banner" data-demo="banner"><p class="banner__heading">{{heading}}</p></div>\n')
    (catalog / "themes" / "acme" / "assets" / "demos" / "banner.css").write_text(
        ".banner { padding: 1rem; background: var(--acme-banner-fill, transparent); }\n"
        ".banner__heading { margin: 0; color: var(--acme-banner-label, #000); }\n")
    (catalog / "components" / "banner" / "component.yaml").write_text(
        "name: Banner\nsummary: A banner.\naccessibility:\n  - { requirement: Read, platforms: { web: Read as text. } }\n"
        "states:\n  - { name: Default, support: { web: \"yes\" } }\n"
        "appearances:\n  - name: Default\n    tokens: [{ role: Label, token: banner/label }]\n"
        "demo:\n  kind: banner\n  examples:\n    - { title: Important, heading: New cases }\n")
    (catalog / "components" / "banner" / "index.md").write_text("A banner.\n\n```demo\nImportant\n```\n")
    with served_catalog(catalog) as url:
        for scheme in ["light", "dark"]:
            page = new_page(color_scheme=scheme, bypass_csp=True)
            page.goto(url + "components/banner/")
            page.wait_for_load_state("load")
            for stage in [".prose-demo .demo-stage", "#demo .demo-stage"]:
                background = page.locator(stage).evaluate("el => getComputedStyle(el).backgroundColor")
                assert background == "rgb(253, 252, 247)", (scheme, stage)
                colour = page.locator(stage + " .banner__heading").evaluate("el => getComputedStyle(el).color")
                assert colour == "rgb(31, 42, 68)", (scheme, stage)
            report = violations(page)
            assert not report, f"{scheme}:\n{report}"
