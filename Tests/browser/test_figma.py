"""Figma as design truth (#56) from the outside: the GOV.UK kit's saved Button (Tests/Fixtures/figma)
with a renamed property and a missing variant value, each finding at its line in every `check`
format; a generated 50 MB design file checked in bounded memory; and the example's In Figma
section in Chromium — its render loads, no axe violations in any scheme, nothing wider than a
phone."""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, catalog_build_binary
from test_axe import MODES, TAGS

FIGMA = REPOSITORY / "Tests" / "Fixtures" / "figma"
MODEL = """name: Button
summary: Starts what the page is for.
figma: { component: Button }
properties:
  - name: label
    type: String
    platforms: { figma: "Text: String" }
variants:
  type: [primary, secondary, warning]
  viewport: [desktop, mobile]
states:
  - name: Hover
  - name: Focused
  - name: Disabled
appearances:
  - name: Primary
    tokens:
      - { role: Label, token: text/ink }
"""
TOKENS = """{ "background": { "$type": "color", "white": { "$value": "#FFFFFF" } },
  "text": { "$type": "color", "ink": { "$value": "#0B0C0C" } } }
"""
DARK = """{ "background": { "$type": "color", "white": { "$value": "#101010" } } }
"""
RESOLVER = """{ "version": "2025.10", "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
  "modifiers": { "theme": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" } },
  "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }] }
"""


def variables():
    """Two variables in Light and Dark; Text/Ink's dark value is not the token's."""
    def color(r, g, b):
        return {"r": r, "g": g, "b": b, "a": 1}
    theme = "VariableCollectionId:1:1"
    return {"status": 200, "error": False, "meta": {
        "variableCollections": {theme: {"id": theme, "name": "Theme", "defaultModeId": "1:0",
                                        "modes": [{"modeId": "1:0", "name": "Light"}, {"modeId": "1:1", "name": "Dark"}]}},
        "variables": {
            "VariableID:2:1": {"id": "VariableID:2:1", "name": "Background/White", "variableCollectionId": theme, "resolvedType": "COLOR",
                               "valuesByMode": {"1:0": color(1, 1, 1), "1:1": color(0.0627, 0.0627, 0.0627)}},
            "VariableID:2:2": {"id": "VariableID:2:2", "name": "Text/Ink", "variableCollectionId": theme, "resolvedType": "COLOR",
                               "valuesByMode": {"1:0": color(0.0431, 0.0471, 0.0471), "1:1": color(0.9, 0.9, 0.9)}}}}}


@pytest.fixture(scope="module")
def drifting(tmp_path_factory):
    folder = tmp_path_factory.mktemp("figma") / "catalog"
    (folder / "figma" / "files").mkdir(parents=True)
    (folder / "components" / "button").mkdir(parents=True)
    # The GOV.UK Button as saved, with its first variant's first node bound to Background/White
    # (as the REST API writes a bound fill): a token bound only in Figma.
    button = json.loads((FIGMA / "figma-rust" / "govuk-button.json").read_text())
    button["children"][0]["children"][0]["boundVariables"] = {"fills": [{"type": "VARIABLE_ALIAS", "id": "VariableID:2:1"}]}
    (folder / "figma" / "files" / "button.json").write_text(json.dumps(button, indent=2))
    (folder / "figma" / "variables").mkdir()
    (folder / "figma" / "variables" / "theme.json").write_text(json.dumps(variables(), indent=2))
    (folder / "tokens").mkdir()
    (folder / "tokens" / "base.tokens.json").write_text(TOKENS)
    (folder / "tokens" / "dark.tokens.json").write_text(DARK)
    (folder / "tokens" / "theme.resolver.json").write_text(RESOLVER)
    (folder / "catalog.yaml").write_text("title: Figma\nfigma:\n  files: figma/files/\n  variables: figma/variables/\n")
    (folder / "components" / "button" / "component.yaml").write_text(MODEL)
    return folder


def check(source, fmt):
    return subprocess.run([str(catalog_build_binary()), "check", "--source", str(source), "--format", fmt],
                          cwd=REPOSITORY, capture_output=True, text=True, env={"NO_COLOR": "1"})


# rule, file, line, column, severity, words: a missing variant value, a renamed property (twice:
# Figma's side and the catalog's), a token bound only in Figma (and the appearance's token bound
# to no node), a variable whose dark value differs.
EXPECTED = [("figma.variant", "components/button/component.yaml", 9, 3, "error", "Type=Start"),
            ("figma.property", "components/button/component.yaml", 7, 25, "error", "no property Text; did you mean 'Content'"),
            ("figma.property", "components/button/component.yaml", 5, 11, "error", "TEXT property Content"),
            ("figma.token-bound", "components/button/component.yaml", 16, 11, "warning", "Background/White (the token background/white)"),
            ("figma.token-bound", "components/button/component.yaml", 18, 31, "warning", "uses text/ink"),
            ("figma.variable-value", "tokens/base.tokens.json", 2, 50, "error", "in dark, but the Figma variable Text/Ink is #E6E6E6")]


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_each_difference_is_located_in_every_format(drifting, fmt):
    run = check(drifting, fmt)
    assert run.returncode == 1, run.stdout + run.stderr
    found = []  # (rule, file, line, column, severity, message)
    if fmt == "text":
        for line in (run.stdout + run.stderr).splitlines():
            if "[figma." in line:
                severity = "error" if ": error: " in line else "warning"
                place, _, rest = line.partition(f": {severity}: ")
                path, row, column = place.rsplit(":", 2)
                found.append((rest.rsplit("[", 1)[1].rstrip("]"), path, int(row), int(column), severity, rest))
    elif fmt == "json":
        for item in json.loads(run.stdout):
            if item["rule"].startswith("figma."):
                found.append((item["rule"], item["file"], item["line"], item["column"], item["severity"], item["message"]))
    elif fmt == "github":
        for line in run.stdout.splitlines():
            if "title=figma." in line:
                kind, _, rest = line[2:].partition(" ")
                head, _, message = rest.partition("::")
                fields = dict(part.split("=", 1) for part in head.split(","))
                found.append((fields["title"], fields["file"], int(fields["line"]), int(fields["col"]), kind, message))
    else:
        for result in json.loads(run.stdout)["runs"][0]["results"]:
            if result["ruleId"].startswith("figma."):
                where = result["locations"][0]["physicalLocation"]
                found.append((result["ruleId"], where["artifactLocation"]["uri"], where["region"]["startLine"], where["region"]["startColumn"],
                              result["level"], result["message"]["text"]))
    assert len(found) == len(EXPECTED), found
    for rule, path, line, column, severity, words in EXPECTED:
        assert any(f[0] == rule and f[1].endswith(path) and f[2] == line and f[3] == column and f[4] == severity and words in f[5]
                   for f in found), (rule, path, line, words, found)


def test_a_50_mb_design_file_is_checked_in_bounded_memory(tmp_path):
    """The tree of a 50 MB file is several times its size; what is kept is its components."""
    folder = tmp_path / "big"
    (folder / "figma" / "files").mkdir(parents=True)
    (folder / "components" / "chip").mkdir(parents=True)
    big = folder / "figma" / "files" / "big.json"
    rect = ('{"id": "9:%d", "name": "Rectangle", "type": "RECTANGLE", "blendMode": "PASS_THROUGH", '
            '"absoluteBoundingBox": {"x": %d.5, "y": 2.25, "width": 120.0, "height": 48.0}, '
            '"absoluteRenderBounds": {"x": 1.5, "y": 2.25, "width": 120.0, "height": 48.0}, "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, '
            '"fills": [{"blendMode": "NORMAL", "type": "SOLID", "color": {"r": 0.1, "g": 0.2, "b": 0.3, "a": 1.0}}], "strokes": [], "strokeWeight": 1.0, '
            '"effects": [{"type": "DROP_SHADOW", "visible": true, "color": {"r": 0, "g": 0, "b": 0, "a": 0.25}, "offset": {"x": 0, "y": 4}, "radius": 4}], '
            '"fillGeometry": [{"path": "M0 0L120 0L120 48L0 48L0 0ZM0 0L120 0L120 48L0 48L0 0Z", "windingRule": "NONZERO"}]}')
    with big.open("w") as out:
        out.write('{"name": "Big", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [')
        out.write('{"id": "1:0", "name": "Chip", "type": "COMPONENT_SET", "componentPropertyDefinitions": {"Size": {"type": "VARIANT", "defaultValue": "Small", '
                  '"variantOptions": ["Small", "Large"]}}, "children": [{"id": "1:1", "name": "Size=Small", "type": "COMPONENT"}, {"id": "1:2", "name": "Size=Large", "type": "COMPONENT"}]}')
        index = 0
        while out.tell() < 50_000_000:
            out.write(', {"id": "5:%d", "name": "Frame", "type": "FRAME", "children": [%s]}' % (index, ", ".join(rect % (index * 40 + k, k) for k in range(40))))
            index += 1
        out.write("]}]}}")
    (folder / "catalog.yaml").write_text("title: Big\nfigma:\n  files: figma/files/\n")
    (folder / "components" / "chip" / "component.yaml").write_text(
        "name: Chip\nsummary: A compact choice.\nfigma: { component: Chip }\nvariants:\n  size: [small, medium]\n")
    # A fresh interpreter whose only child is the tool: its peak resident memory, not the test run's.
    probe = ("import resource, subprocess, sys; run = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(run.stdout + run.stderr)")
    run = subprocess.run([sys.executable, "-c", probe, str(catalog_build_binary()), "check", "--source", str(folder)],
                         capture_output=True, text=True, env={"NO_COLOR": "1"})
    peak_kib, _, output = run.stdout.partition("\n")
    assert "variants.size lists medium" in output and "Size=Large" in output, output
    # Read whole, the tree alone takes over 400 MiB; pruned while parsed, the run stays under 300.
    assert int(peak_kib) < 300 * 1024, f"peak {int(peak_kib) // 1024} MiB for a {big.stat().st_size // 1_000_000} MB file"


def test_the_in_figma_section_shows_the_render_and_the_drift(new_page, base_url):
    page = new_page()
    failed = []
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(base_url + "components/switch/style/")
    section = page.locator("#figma")
    assert "Switch" in section.locator(".section-intro").inner_text() and "40:1000" in section.inner_text()
    assert "1 difference" in section.locator(".figma-parity__result").inner_text()
    assert "selection/color/selected/fill" in section.locator(".figma-parity__differences").inner_text()
    image = section.locator(".figma-parity__render img")
    image.scroll_into_view_if_needed()
    page.wait_for_load_state("networkidle")
    assert image.evaluate("image => image.complete && image.naturalWidth > 0")
    assert failed == [] and page.errors == []
    # The Status tab shows C2 and C3 as Figma measures them.
    page.goto(base_url + "components/switch/status/")
    scorecard = page.locator("#readiness").inner_text()
    assert "From Figma file" in scorecard and "matches its 3 variant properties" in scorecard


@pytest.mark.parametrize("mode", ["light", "dark", "forced-colors"])
@pytest.mark.parametrize("width", [320, 1280])
def test_the_in_figma_section_has_no_axe_violations_and_fits(new_page, base_url, mode, width):
    page = new_page(bypass_csp=True, viewport={"width": width, "height": 900}, **MODES[mode])
    page.goto(base_url + "components/checkbox/")
    page.wait_for_load_state("networkidle")
    assert page.locator("#figma").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    violations = Axe().run(page, context="#figma", options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert violations == [], [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations]
