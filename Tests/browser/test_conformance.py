"""Accessibility conformance from evidence (#57) from the outside, in a real Chromium.

Tests/Fixtures/conformance has three chips: Filter Chip is 20 px in the compact density and
its 24 px remove button sits 1 px beside it (2.5.8 fails there only), Pass Chip passes every check, and
Stale Chip's screen-reader test is older than stale-after. `audit` finds exactly the first, at
each example's line; an input change makes results stale without a browser; a second audit
with nothing changed audits nothing; the OpenACR report validates against GSA's schema and
refers to its catalogue; a kind's script that ignores Enter fails 2.1.1 at the example; and the
conformance pages pass axe at 320 and 1280 px, light and dark."""

import json
import os
import pathlib
import shutil
import subprocess

import jsonschema
import pytest
import yaml
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, catalog_build_binary, served_catalog
from test_axe import MODES, TAGS

FIXTURE = REPOSITORY / "Tests" / "Fixtures" / "conformance"
OPENACR = REPOSITORY / "Tests" / "Fixtures" / "openacr"
# 2026-11-18: the day the fixture's stale-after is judged by.
DAY = {"SOURCE_DATE_EPOCH": "1795000000"}


def run(*arguments, env=None):
    environment = dict(os.environ, **DAY, **(env or {}))
    return subprocess.run([str(catalog_build_binary()), *arguments], capture_output=True, text=True, env=environment, timeout=600)


def findings(result):
    return json.loads(result.stdout) if result.stdout.strip() else []


@pytest.fixture(scope="module")
def audited(tmp_path_factory):
    """The fixture copied and audited once (no results committed with it)."""
    folder = tmp_path_factory.mktemp("conformance") / "catalog"
    shutil.copytree(FIXTURE, folder)
    shutil.rmtree(folder / "audit", ignore_errors=True)
    result = run("audit", "--source", str(folder), "--format", "json")
    return folder, result


def test_audit_finds_the_undersized_chip_in_the_compact_density_only_at_each_examples_line(audited):
    folder, result = audited
    assert result.returncode == 1, result.stderr
    failures = findings(result)
    assert failures, result.stderr
    assert {f["rule"] for f in failures} == {"conformance.fails"}
    # Exactly Filter Chip's two examples, at their lines, in the compact density only.
    lines = (folder / "components/filter-chip/component.yaml").read_text().splitlines()
    expected = {index + 1 for index, line in enumerate(lines) if "{ title: " in line}
    assert {f["file"].split("/")[-2] for f in failures} == {"filter-chip"}
    assert {f["line"] for f in failures} == expected
    for failure in failures:
        assert "2.5.8 Target Size (Minimum)" in failure["message"] and "density=compact" in failure["message"]
        assert "density=regular" not in failure["message"]
    # The chip at each example: 20 px, and 1 px from its 24 px remove button, too close for the
    # spacing exception (the remove button itself is large enough).
    measured = [f for f in failures if "target-size failed" in f["message"] and "axe:" not in f["message"]]
    assert {(f["line"], "Remove" in f["message"]) for f in measured} == {(line, False) for line in expected}
    assert all("20 × 20 px" in f["message"] and "spacing exception" in f["message"] for f in measured)
    results = json.loads((folder / "audit/results.json").read_text())
    assert set(results["components"]) == {"filter-chip", "pass-chip", "stale-chip"}
    passing = results["components"]["pass-chip"]["criteria"]
    assert all(not finding["failures"] for finding in passing.values())
    assert passing["2.1.1"]["checks"] == ["keyboard: Enter", "keyboard: Space"] and passing["2.1.1"]["passed"] > 0
    assert passing["2.4.7"]["passed"] > 0 and passing["1.4.10"]["passed"] > 0 and passing["2.5.8"]["passed"] > 0
    assert "Audit: 3 components audited" in result.stderr


def test_a_second_audit_with_nothing_changed_audits_nothing(audited):
    folder, _ = audited
    before = (folder / "audit/results.json").read_bytes()
    result = run("audit", "--source", str(folder))
    assert "0 components audited" in result.stderr and "3 unchanged" in result.stderr, result.stderr
    assert (folder / "audit/results.json").read_bytes() == before


def test_an_input_change_makes_results_stale_without_a_browser(audited, tmp_path):
    folder, _ = audited
    copy = tmp_path / "catalog"
    shutil.copytree(folder, copy)
    model = copy / "components/pass-chip/component.yaml"
    model.write_text(model.read_text().replace("passes every check", "passes every check, now larger"))
    # No browser may be used: `check` and `build` read the committed results.
    no_browser = {"CATALOG_BUILD_CHROMIUM": "/nonexistent/chromium", "PATH": "/usr/local/bin"}
    checked = run("check", "--source", str(copy), "--format", "json", env=no_browser)
    stale = [f for f in findings(checked) if f["rule"] == "conformance.evidence"]
    assert [f["file"].split("/")[-2] for f in stale] == ["pass-chip"], stale
    assert "audit --only pass-chip" in stale[0]["message"]
    assert any(f["rule"] == "conformance.stale" and "stale-chip" in f["file"] for f in findings(checked))
    built = run("build", "--source", str(copy), "--output", str(tmp_path / "public"), env=no_browser)
    assert built.returncode == 0, built.stderr
    data = json.loads((tmp_path / "public/components/pass-chip/component.json").read_text())["conformance"]
    assert data["auditStale"] is True
    rows = {row["id"]: row for row in data["criteria"]}
    # 4.1.2 still stands on the manual test; what only the audit showed is not evaluated now.
    assert rows["4.1.2"]["result"] == "supports" and rows["2.1.1"]["result"] == "not-evaluated"
    assert all(e["stale"] for e in rows["2.1.1"]["evidence"])
    assert rows["4.1.3"]["result"] == "not-applicable"
    other = json.loads((tmp_path / "public/components/filter-chip/component.json").read_text())["conformance"]
    assert other["auditStale"] is False
    failing = {row["id"]: row for row in other["criteria"]}["2.5.8"]
    assert failing["result"] == "does-not-support" and "density=compact" in failing["summary"]
    assert {e.get("line") for e in failing["evidence"] if e["result"] == "does-not-support"} <= {19, 20}


def test_the_openacr_report_is_valid_and_every_supports_names_its_evidence(audited, tmp_path):
    folder, _ = audited
    built = run("build", "--source", str(folder), "--output", str(tmp_path / "public"))
    assert built.returncode == 0, built.stderr
    report = yaml.safe_load((tmp_path / "public/conformance/openacr.yaml").read_text())
    jsonschema.validate(report, json.loads((OPENACR / "openacr-0.1.0.json").read_text()))
    catalogue = yaml.safe_load((OPENACR / "2.5-edition-wcag-2.2-508-en.yaml").read_text())
    assert report["catalog"] == "2.5-edition-wcag-2.2-508-en"
    criteria = {criterion["id"]: chapter["id"] for chapter in catalogue["chapters"] for criterion in chapter["criteria"]}
    terms = {term["id"] for term in catalogue["terms"]}
    levels = {}
    for chapter, content in report["chapters"].items():
        for criterion in content.get("criteria", []):
            assert criteria[criterion["num"]] == chapter, "each criterion is in its own chapter"
            for component in criterion["components"]:
                assert component["name"] in {"web", "electronic-docs", "software", "authoring-tool"}
                level = component["adherence"]["level"]
                assert level in terms and level != "not-evaluated", "not evaluated is for level AAA only"
                if level == "supports":
                    assert "passed" in component["adherence"]["notes"] or "Passed with" in component["adherence"]["notes"]
                levels[criterion["num"]] = level
    # One chip of three fails 2.5.8: the catalog partially supports it; the others are supported.
    assert levels["2.5.8"] == "partially-supports" and levels["2.1.1"] == "supports" and levels["4.1.2"] == "supports"
    assert report["chapters"]["success_criteria_level_aaa"]["disabled"] is True
    assert report["report_date"] == json.loads((folder / "audit/results.json").read_text())["components"]["pass-chip"]["date"]
    # Built twice, byte for byte the same.
    again = run("build", "--source", str(folder), "--output", str(tmp_path / "again"))
    assert again.returncode == 0
    assert (tmp_path / "again/conformance/openacr.yaml").read_bytes() == (tmp_path / "public/conformance/openacr.yaml").read_bytes()


def test_a_kind_script_that_ignores_enter_fails_its_keyboard_contract(tmp_path):
    """The default switch kind's script adds Enter (the APG lists it); a theme whose copy of it
    ignores Enter fails 2.1.1 at each enabled example, and Space still passes."""
    folder = tmp_path / "catalog"
    shutil.copytree(FIXTURE, folder)
    shutil.rmtree(folder / "audit", ignore_errors=True)
    (folder / "components/wifi").mkdir()
    (folder / "components/wifi/component.yaml").write_text(
        "name: Wi-Fi\nsummary: Turns Wi-Fi on or off.\nstates:\n  - { name: On }\n"
        "demo:\n  kind: switch\n  examples:\n    - { title: Off, label: Wi-Fi }\n    - { title: Disabled, label: Wi-Fi, disabled: true }\n")
    script = (REPOSITORY / "themes/default/assets/demos/switch.js").read_text()
    assert 'event.key === "Enter"' in script
    ignored = folder / "themes/chips/assets/demos/switch.js"
    ignored.write_text(script.replace('event.key === "Enter"', 'event.key === "Ignored"'))
    result = run("audit", "--source", str(folder), "--only", "wifi", "--format", "json")
    keyboard = [f for f in findings(result) if "2.1.1" in f["message"]]
    assert keyboard and all("keyboard: Enter failed" in f["message"] for f in keyboard), findings(result)
    assert {f["line"] for f in keyboard} == {8}, "the enabled example only: a disabled control takes no keys"
    results = json.loads((folder / "audit/results.json").read_text())["components"]["wifi"]["criteria"]["2.1.1"]
    assert "keyboard: Space" in results["checks"] and results["passed"] > 0
    # The unmutated script passes the same contract.
    ignored.unlink()
    again = run("audit", "--source", str(folder), "--only", "wifi", "--format", "json")
    assert not [f for f in findings(again) if "2.1.1" in f["message"]], findings(again)


@pytest.fixture(scope="module")
def fixture_site(audited):
    folder, _ = audited
    with served_catalog(folder) as url:
        yield url


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 390, 1280])
@pytest.mark.parametrize("path", ["conformance/", "components/filter-chip/"])
def test_the_conformance_pages_have_no_axe_violations_and_fit(new_page, fixture_site, path, width, scheme):
    page = new_page(bypass_csp=True, viewport={"width": width, "height": 900}, **MODES[scheme])
    page.goto(fixture_site + path)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    target = "#conformance" if path.startswith("components/") else "main"
    text = page.locator(target).inner_text()
    assert "Does not support" in text if path.startswith("components/") else "Partially supports" in text
    violations = Axe().run(page, context=target, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}).response["violations"]
    assert violations == [], [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations]


def test_the_example_catalog_publishes_a_valid_report_and_its_conformance_page(site_dir, new_page, base_url):
    report = yaml.safe_load((site_dir / "conformance/openacr.yaml").read_text())
    jsonschema.validate(report, json.loads((OPENACR / "openacr-0.1.0.json").read_text()))
    supported = [c for chapter in report["chapters"].values() for c in chapter.get("criteria", [])
                 if c["components"][0]["adherence"]["level"] == "supports"]
    assert supported and all(c["components"][0]["adherence"].get("notes") for c in supported)
    page = new_page()
    page.goto(base_url + "conformance/")
    assert page.locator("nav a[href$='conformance/'][aria-current='page']").count() >= 1
    matrix = page.locator(".conformance-matrix")
    assert matrix.locator("tbody tr").count() == len(list((REPOSITORY / "content/components").glob("*/component.yaml")))


def test_audit_without_a_browser_or_axe_says_what_to_install(tmp_path):
    folder = tmp_path / "catalog"
    shutil.copytree(FIXTURE, folder)
    no_browser = run("audit", "--source", str(folder), "--format", "json", env={"CATALOG_BUILD_CHROMIUM": str(tmp_path / "none"), "PATH": "/usr/local/bin"})
    assert no_browser.returncode == 1
    [finding] = findings(no_browser)
    assert finding["rule"] == "audit.browser" and "apt-get install chromium" in finding["message"] and finding["file"].endswith("catalog.yaml")
    no_axe = run("audit", "--source", str(folder), "--format", "json", env={"CATALOG_BUILD_AXE": str(tmp_path / "axe.min.js")})
    assert no_axe.returncode == 1
    [finding] = findings(no_axe)
    assert finding["rule"] == "audit.browser" and "CATALOG_BUILD_AXE" in finding["message"]
    assert not (folder / "audit/results.json").exists() or (folder / "audit/results.json").read_bytes() == (FIXTURE / "audit/results.json").read_bytes()
