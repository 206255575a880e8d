"""The tokens page of a catalog with every composite type: previews painted from the tokens'
own custom properties (one per field), and no axe violation in any mode."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, served_catalog
from test_axe import MODES, TAGS


@pytest.fixture(scope="module")
def composite_url():
    with served_catalog(REPOSITORY / "Tests" / "Fixtures" / "composite-tokens") as url:
        yield url


@pytest.mark.parametrize("mode", MODES)
def test_the_tokens_page_with_composites_has_no_axe_violations(new_page, composite_url, mode):
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(composite_url + "tokens/")
    page.wait_for_load_state("load")
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert not violations, [v["id"] for v in violations]


def test_previews_are_painted_by_the_composite_sub_properties(new_page, composite_url):
    page = new_page()
    page.goto(composite_url + "tokens/")
    page.wait_for_load_state("load")
    style = lambda name: page.evaluate(f"getComputedStyle(document.documentElement).getPropertyValue('{name}').trim()")
    assert style("--type-body-letter-spacing") == "0.5px"
    assert style("--type-body-text-transform") == "uppercase"
    assert style("--elevation-color") == "#00000040"
    specimen = page.locator(".token-preview--typography").first
    assert specimen.evaluate("e => getComputedStyle(e).fontStyle") == "italic"
    assert specimen.evaluate("e => getComputedStyle(e).letterSpacing") == "0.5px"
    assert specimen.evaluate("e => getComputedStyle(e).textTransform") == "uppercase"
    shadow = page.locator(".token-preview--shadow").first.evaluate("e => getComputedStyle(e).boxShadow")
    assert "rgba(0, 0, 0, 0.25)" in shadow, shadow
    gradient = page.locator(".token-preview--gradient").first.evaluate("e => getComputedStyle(e).backgroundImage")
    assert gradient.startswith("linear-gradient"), gradient
    assert page.locator("svg.token-curve path.token-curve__line").count() == 2
    assert not page.errors
