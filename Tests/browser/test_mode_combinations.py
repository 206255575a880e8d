"""Every combination of token modes in a real browser: the two-brand × light/dark catalog of
Tests/Fixtures/brand-theme. In Sosh-dark the button's fill is a light blue; its label must be
painted black there (white everywhere else), whichever way the combination is chosen (both
switchers, or the brand switcher with the system's dark setting), the ratio the page shows for
it must be the one Chromium paints, and axe must find nothing in any of the four combinations."""

import json
import re
import shutil

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, served_catalog
from test_axe import TAGS

FIXTURE = REPOSITORY / "Tests" / "Fixtures" / "brand-theme"
FILLS = {("light", "orange"): "rgb(179, 71, 0)", ("light", "sosh"): "rgb(0, 80, 160)",
         ("dark", "orange"): "rgb(192, 80, 0)", ("dark", "sosh"): "rgb(143, 211, 250)"}
WHITE, BLACK = "rgb(255, 255, 255)", "rgb(0, 0, 0)"


@pytest.fixture(scope="module")
def brands_url():
    with served_catalog(FIXTURE) as url:
        yield url


def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (int(part) for part in re.findall(r"\d+", rgb)[:3])
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def ratio(first, second):
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def open_action(new_page, url, theme, brand, system="light"):
    page = new_page(reduced_motion="reduce", color_scheme=system)
    page.goto(url + "components/action/")
    page.wait_for_load_state("load")
    if theme:
        page.get_by_role("combobox", name="Theme", exact=True).select_option(label=theme.capitalize())
    # The default brand has no media query: its option is the switcher's empty value.
    page.get_by_role("combobox", name="Brand", exact=True).select_option(label=brand.capitalize())
    return page


def button_colours(page):
    return page.locator(".demo-stage .button--filled").first.evaluate(
        "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.color]; }")


@pytest.mark.parametrize("theme,brand", list(FILLS))
def test_the_label_on_the_fill_is_what_reads_in_every_combination(new_page, brands_url, theme, brand):
    page = open_action(new_page, brands_url, theme, brand)
    fill, label = button_colours(page)
    assert fill == FILLS[(theme, brand)]
    assert label == (BLACK if (theme, brand) == ("dark", "sosh") else WHITE)
    assert ratio(fill, label) >= 4.5, f"{label} on {fill}"
    assert not page.errors


def test_the_system_dark_setting_chooses_the_theme_in_a_combination(new_page, brands_url):
    # The theme switcher left on Automatic: the system's dark setting picks dark, the reader Sosh.
    page = open_action(new_page, brands_url, None, "sosh", system="dark")
    assert page.get_by_role("combobox", name="Theme", exact=True).input_value() == ""
    assert button_colours(page) == [FILLS[("dark", "sosh")], BLACK]


def test_the_ratio_shown_is_the_one_painted(new_page, brands_url):
    page = open_action(new_page, brands_url, "dark", "sosh")
    index = json.loads(page.request.get(brands_url + "components.json").text())
    data = json.loads(page.request.get(brands_url + index["components"][0]["data"]).text())
    row = next(r for r in data["contrast"]
               if r["mode"] == "theme=dark, brand=sosh" and r["pair"].startswith("Black or white"))
    fill, label = button_colours(page)
    assert abs(row["ratio"] - ratio(fill, label)) < 0.01


@pytest.mark.parametrize("theme,brand", list(FILLS))
def test_no_axe_violations_in_any_combination(new_page, brands_url, theme, brand):
    page = open_action(new_page, brands_url, theme, brand)
    page.set_default_timeout(15000)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    assert results.violations_count == 0, results.generate_report()


@pytest.fixture(scope="module")
def shots_url(tmp_path_factory):
    """The fixture with Compose images of its example in three of the four combinations."""
    folder = tmp_path_factory.mktemp("brand-shots")
    shutil.copytree(FIXTURE, folder / "catalog")
    image = (REPOSITORY / "Tests/Fixtures/screenshots/ios/toggle/on.png").read_bytes()
    (folder / "android/action").mkdir(parents=True)
    for name in ["save.png", "save.dark.png", "save.dark.sosh.png"]:
        (folder / "android/action" / name).write_bytes(image)
    with open(folder / "catalog/catalog.yaml", "a") as catalog:
        catalog.write('screenshots:\n  compose: ../android\n  name: "{component}/{example}.{mode}.png"\n')
    with served_catalog(folder / "catalog") as url:
        yield url


def shown_image(page):
    cell = page.locator("td[data-label='Compose'] .screenshot-grid__shot:not([hidden])")
    assert cell.count() == 1, "one image or note per cell"
    image = cell.locator("img")
    return image.get_attribute("src").rsplit("/", 1)[-1].split(".")[:-2] if image.count() else cell.inner_text()


def test_the_grid_follows_the_system_dark_setting_with_the_theme_on_automatic(new_page, shots_url):
    page = open_action(new_page, shots_url, None, "orange", system="dark")
    assert shown_image(page) == ["save", "dark"]
    assert page.locator("caption [data-screenshot-label]").inner_text() == "Dark, Orange"
    # The live demo beside it is drawn dark too.
    assert page.locator("td[data-label='Web (live)'] .button--filled").evaluate("e => getComputedStyle(e).backgroundColor") == FILLS[("dark", "orange")]
    page.get_by_role("combobox", name="Brand", exact=True).select_option(label="Sosh")
    assert shown_image(page) == ["save", "dark", "sosh"]
    assert page.locator("caption [data-screenshot-label]").inner_text() == "Dark, Sosh"
    light = open_action(new_page, shots_url, None, "orange", system="light")
    assert shown_image(light) == ["save"]
    assert light.locator("caption [data-screenshot-label]").inner_text() == "Light, Orange"


def test_a_combination_without_an_image_says_so(new_page, shots_url):
    page = open_action(new_page, shots_url, "light", "sosh")
    assert shown_image(page) == "No Compose screenshot in these modes yet"
    assert not page.errors


@pytest.mark.parametrize("width", [320, 390])
def test_on_a_phone_the_grids_live_demo_fits_its_card(new_page, shots_url, width):
    page = new_page(viewport={"width": width, "height": 900})
    page.goto(shots_url + "components/action/")
    page.wait_for_load_state("load")
    region = page.locator("#screenshots .table-scroll")
    assert region.evaluate("e => e.scrollWidth <= e.clientWidth"), "the card scrolls sideways"
    button = page.locator("td[data-label='Web (live)'] .button").bounding_box()
    card = page.locator("#screenshots tbody tr").first.bounding_box()
    assert button["x"] + button["width"] <= card["x"] + card["width"], (button, card)
