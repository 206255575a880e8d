"""The Controls playground in Chromium, under the site's Content-Security-Policy: it renders
every example exactly as the build does (the same templates, through mustache.js), every kind
of control changes the demo, its HTML and its YAML, the address keeps the settings, and
nothing logs an error."""

import html
import re
import urllib.parse

import pytest

from pages import section_page

from conftest_support import REPOSITORY, served_catalog

LIBRARY = REPOSITORY / "Tests" / "Fixtures" / "kind-library"
LIBRARY_KINDS = ["button", "text-field", "select", "slider", "tabs", "alert", "dialog", "progress"]
EXAMPLE_KINDS = ["switch", "checkbox", "radio-button", "toggle-button", "control", "toggle-with-label", "list-row", "selection-group"]


@pytest.fixture(scope="module")
def library_url():
    with served_catalog(LIBRARY) as url:
        yield url


def open_playground(new_page, url):
    page = new_page()
    page.goto(url)
    page.wait_for_selector("[data-playground-form]:not([hidden])")
    return page


def form(page):
    return page.locator("[data-playground-form]")


def server_markup(page, slug):
    """Each example's markup as the build wrote it in the page's HTML code tab."""
    code = page.locator("#code .tabs__panel[id^='%s-code-html'] code" % slug).first.text_content()
    parts = re.split(r"^<!-- .* -->\n", code, flags=re.M)
    return [part.rstrip("\n") for part in parts if part.strip()]


def check_renders_like_the_build(page, slug):
    expected = server_markup(page, slug)
    assert expected, slug
    for index, markup in enumerate(expected):
        form(page).locator("select").first.select_option(str(index))
        rendered = page.locator("[data-playground-html]").text_content()
        assert rendered == markup.replace(f"{slug}-ex{index + 1}", f"{slug}-pg"), f"{slug} example {index + 1}"
        # The stage holds exactly that markup.
        assert page.locator("[data-playground-stage] > [data-demo]").count() == 1
    assert not page.errors, page.errors


@pytest.mark.parametrize("slug", LIBRARY_KINDS)
def test_the_playground_renders_each_library_example_as_the_build_does(new_page, library_url, slug):
    check_renders_like_the_build(open_playground(new_page, f"{library_url}components/{slug}/"), slug)


@pytest.mark.parametrize("slug", EXAMPLE_KINDS)
def test_the_playground_renders_each_example_of_the_catalog_as_the_build_does(new_page, base_url, slug):
    check_renders_like_the_build(open_playground(new_page, base_url + section_page(slug, "playground")), slug)


def test_each_kind_of_control_changes_the_demo_its_html_and_its_yaml(new_page, library_url):
    page = open_playground(new_page, f"{library_url}components/button/")
    stage = page.locator("[data-playground-stage]")
    code = page.locator("[data-playground-html]")
    yaml = page.locator("[data-playground-yaml]")
    # Text.
    form(page).get_by_label("Label (required)").fill("Send the invoice")
    assert stage.locator(".button__label").text_content() == "Send the invoice"
    assert "Send the invoice" in code.text_content() and "label: Send the invoice" in yaml.text_content()
    # Enum as a radio group.
    form(page).get_by_role("radio", name="outlined").check()
    assert "button--outlined" in stage.locator(".button").get_attribute("class")
    assert "emphasis: outlined" in yaml.text_content()
    # Bool.
    form(page).get_by_label("Disabled").check()
    assert stage.locator(".button").is_disabled() and " disabled" in code.text_content()
    # Symbol.
    form(page).get_by_label("Symbol").select_option("trash")
    assert stage.locator(".button__symbol svg").count() == 1 and "symbol: trash" in yaml.text_content()
    # Appearance: the stage takes that appearance's class and colours.
    form(page).get_by_label("Appearance").select_option("Danger")
    assert "demo-roles-3" in stage.get_attribute("class")
    assert stage.locator(".button").evaluate("el => getComputedStyle(el).color") == "rgb(180, 35, 24)"
    assert "appearance: Danger" in yaml.text_content()
    # Direction.
    form(page).get_by_label("Right to left").check()
    assert stage.get_attribute("dir") == "rtl"
    # Token mode: drives the page's own switch.
    form(page).get_by_label("Token mode: scheme").select_option("dark")
    assert page.evaluate("document.documentElement.getAttribute('data-scheme')") == "dark"
    assert stage.locator(".button").evaluate("el => getComputedStyle(el).color") == "rgb(245, 158, 148)"
    assert not page.errors, page.errors


def test_numbers_lists_and_item_choices(new_page, library_url):
    page = open_playground(new_page, f"{library_url}components/slider/")
    stage = page.locator("[data-playground-stage]")
    form(page).get_by_label("Value", exact=True).fill("75")
    assert stage.locator("input[type=range]").input_value() == "75"
    assert 'value="75"' in page.locator("[data-playground-html]").text_content()
    form(page).get_by_label("Max", exact=True).fill("80")
    assert stage.locator("input[type=range]").get_attribute("max") == "80"
    tabs = open_playground(new_page, f"{library_url}components/tabs/")
    stage = tabs.locator("[data-playground-stage]")
    assert stage.get_by_role("tab").count() == 3
    form(tabs).get_by_role("button", name="Add tab").click()
    assert stage.get_by_role("tab").count() == 4 and stage.get_by_role("tab").nth(3).text_content() == "Label 4"
    # Focus stays on the Add button after the form is drawn again.
    assert tabs.evaluate("document.activeElement.getAttribute('data-add')") == "tabs"
    form(tabs).get_by_role("button", name="Remove Profile").click()
    assert stage.get_by_role("tab").count() == 3 and stage.get_by_role("tab").first.text_content() == "Security"
    form(tabs).get_by_label("Selected").select_option("Billing")
    assert stage.get_by_role("tab", name="Billing").get_attribute("aria-selected") == "true"
    assert "selected: Billing" in tabs.locator("[data-playground-yaml]").text_content()
    # The re-rendered demo is live: the kind's script enhanced it again.
    stage.get_by_role("tab", name="Billing").focus()
    tabs.keyboard.press("Home")
    assert stage.get_by_role("tab").first.get_attribute("aria-selected") == "true"
    assert not page.errors and not tabs.errors, page.errors + tabs.errors


def test_the_address_keeps_the_settings(new_page, library_url):
    page = open_playground(new_page, f"{library_url}components/alert/")
    form(page).locator("select").first.select_option("1")
    form(page).get_by_label("Message (required)").fill("Nothing was sent, & nothing lost")
    form(page).get_by_role("radio", name="warning").check()
    form(page).get_by_label("Appearance").select_option("Info")
    form(page).get_by_label("Right to left").check()
    address = page.url
    query = urllib.parse.parse_qs(urllib.parse.urlparse(address).query)
    assert query["pg.example"] == ["2"] and query["pg.dir"] == ["rtl"]
    html_before = page.locator("[data-playground-html]").text_content()
    again = open_playground(new_page, address)
    assert again.locator("[data-playground-html]").text_content() == html_before
    assert form(again).get_by_label("Message (required)").input_value() == "Nothing was sent, & nothing lost"
    assert form(again).get_by_role("radio", name="warning").is_checked()
    assert form(again).get_by_label("Appearance").input_value() == "Info"
    assert again.locator("[data-playground-stage]").get_attribute("dir") == "rtl"
    assert "Nothing was sent, &amp; nothing lost" in html_before
    assert not again.errors, again.errors


def test_a_page_never_rewrites_its_own_address(new_page, library_url):
    """Loading a component page leaves its address as it was (a copied link or a search result
    carries no playground state); a setting the reader changes is written, and changing it back
    to the first example's leaves the address clean again."""
    for slug in ["alert", "button", "dialog"]:
        url = f"{library_url}components/{slug}/#playground"
        page = open_playground(new_page, url)
        page.wait_for_timeout(200)
        assert page.url == url, f"{slug}: the address became {page.url}"
    page = open_playground(new_page, f"{library_url}components/alert/")
    form(page).get_by_label("Right to left").check()
    assert urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query) == {"pg.dir": ["rtl"]}
    form(page).get_by_label("Right to left").uncheck()
    assert page.url == f"{library_url}components/alert/", page.url
    assert not page.errors, page.errors


@pytest.mark.parametrize("slug,query", [
    ("slider", "pg.f.marks=" + urllib.parse.quote("[null]")),
    ("select", "pg.f.options=" + urllib.parse.quote('[null,{"label":"Kept"},7,"x",[1]]')),
    ("button", "pg.f.symbol=" + urllib.parse.quote('"constructor"')),
    ("button", "pg.f.symbol=" + urllib.parse.quote('"__proto__"')),
    ("button", "pg.f.symbol=" + urllib.parse.quote('"toString"')),
    ("button", "pg.f.label=" + urllib.parse.quote('{"a":1}')),
    ("slider", "pg.f.value=" + urllib.parse.quote('{"valueOf":1}')),
])
def test_a_hostile_address_is_read_against_the_kinds_fields(new_page, library_url, slug, query):
    """What the address holds is read against the kind's fields and what does not fit is
    ignored: the playground still loads and draws no `[object Object]`."""
    page = open_playground(new_page, f"{library_url}components/{slug}/?{query}")
    assert not page.locator("[data-playground-no-script]").count(), page.locator("[data-playground]").inner_text()[:200]
    stage = page.locator("[data-playground-stage]")
    assert "[object Object]" not in stage.inner_html() and "[object Object]" not in page.locator("[data-playground-html]").text_content()
    assert "function" not in page.locator("[data-playground-html]").text_content()
    if slug == "select":
        assert "Kept" in stage.inner_html()
    assert not page.errors, page.errors


def test_the_yaml_is_an_example_check_accepts(new_page, library_url, tmp_path):
    page = open_playground(new_page, f"{library_url}components/text-field/")
    form(page).get_by_label("Label (required)").fill("Name: full, as on your card")
    form(page).get_by_label("Maxlength", exact=True).fill("30")
    form(page).get_by_label("Multiline").check()
    # An enum of more than four values is a select.
    form(page).get_by_label("Type", exact=True).select_option("tel")
    assert page.locator("[data-playground-stage] .text-field__input").get_attribute("type") != "tel", "multiline has no type"
    form(page).get_by_label("Multiline").uncheck()
    assert page.locator("[data-playground-stage] .text-field__input").get_attribute("type") == "tel"
    form(page).get_by_label("Multiline").check()
    yaml_text = page.locator("[data-playground-yaml]").text_content()
    assert 'label: "Name: full, as on your card"' in yaml_text and "maxlength: 30" in yaml_text
    # A copy button sits on each output block.
    assert page.locator(".playground__output .copy-button").count() == 2
    # The YAML is accepted by `check` in a component of that kind.
    import shutil
    import subprocess
    from conftest_support import catalog_build_binary
    catalog = tmp_path / "catalog"
    shutil.copytree(LIBRARY, catalog)
    model = catalog / "components" / "text-field" / "component.yaml"
    text = model.read_text()
    text = text[: text.index("demo:")] + yaml_text + "\n"
    model.write_text(text)
    result = subprocess.run([str(catalog_build_binary()), "check", "--source", str(catalog)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_playground_is_operable_by_keyboard(new_page, library_url):
    page = open_playground(new_page, f"{library_url}components/progress/")
    form(page).get_by_label("Label (required)").focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("Copying files")
    assert page.locator("[data-playground-stage] label").text_content() == "Copying files"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('[data-playground-form]') !== null")
    assert focused
    assert html.unescape(page.locator("[data-playground-html]").text_content()).count("Copying files") >= 1
