"""axe-core finds no violations on any page, in light, dark, forced-colors and reduced-motion."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from pages import PAGES

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
MODES = {
    "light": {"color_scheme": "light"},
    "dark": {"color_scheme": "dark"},
    "forced-colors": {"forced_colors": "active"},
    "reduced-motion": {"reduced_motion": "reduce"},
}
AXE = Axe()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("path", PAGES)
def test_no_axe_violations(new_page, base_url, path, mode):
    # axe is injected by evaluation, which the site's CSP would block; the CSP itself is
    # covered by test_csp.py.
    page = new_page(bypass_csp=True, **MODES[mode])
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    violations = results.response["violations"]
    report = "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:5])
        for v in violations
    )
    assert not violations, f"{path} [{mode}]:\n{report}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["components/switch/", "components/checkbox/", ""])
def test_no_axe_violations_on_a_phone(new_page, base_url, path, scheme):
    """At 390 px the header has its phone layout and the component tables are a card per row:
    the same rules hold there."""
    page = new_page(bypass_csp=True, viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    violations = results.response["violations"]
    report = "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:5]) for v in violations)
    assert not violations, f"{path} [390 px, {scheme}]:\n{report}"
