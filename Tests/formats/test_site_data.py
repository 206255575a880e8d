"""The machine-readable files every build writes: components.json (the index) and each component.json valid
against the shipped components.schema.json (for the example, which has token modes and its own
demo kinds, and for fixtures), llms.txt's links leading to files of the site, every page's
Markdown beside its HTML and linked from it, and two pages' Markdown against golden files."""

import json
import pathlib
import re
import subprocess

import jsonschema
import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"
GOLDEN = REPOSITORY / "Tests" / "Fixtures" / "golden"


def build(source, output, *extra):
    run = subprocess.run([str(BINARY), "build", "--source", str(source), "--output", str(output), *extra],
                         cwd=REPOSITORY, capture_output=True, env={"NO_COLOR": "1"})
    assert run.returncode == 0, run.stderr.decode()
    return output


@pytest.mark.parametrize("source", ["content", "Tests/Fixtures/base", "Tests/Fixtures/composite-tokens"])
def test_components_json_is_valid_against_its_schema(source, tmp_path):
    site = build(REPOSITORY / source, tmp_path / "out")
    schema = json.loads((site / "components.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    catalog = json.loads((site / "components.json").read_text())
    errors = list(validator.iter_errors(catalog))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    assert catalog["version"] == 2 and (catalog["components"] or source.endswith("composite-tokens"))
    component_schema = {"$ref": "#/$defs/component", "$defs": schema["$defs"]}
    for item in catalog["components"]:
        # The index points at each component's data, and says what that data says.
        single = json.loads((site / item["data"]).read_text())
        assert item["data"] == item["url"] + "component.json"
        shared = [key for key in item if key not in ("readiness", "data")]
        assert {key: single.get(key) for key in shared} == {key: item[key] for key in shared}
        assert item["readiness"] == single["readiness"]["status"]
        assert not list(jsonschema.Draft202012Validator(component_schema).iter_errors(single))
        assert (site / item["markdown"]).is_file()
    # Each component's data is published once: the index repeats none of it.
    assert all(set(item) <= {"slug", "name", "summary", "description", "group", "lifecycle", "replacement", "readiness", "url", "markdown", "data"} for item in catalog["components"])


def test_the_example_data_answers_the_questions_agents_ask(tmp_path):
    """Which token paints the selected track of the Switch in dark mode, and does it pass 3:1?"""
    site = build(REPOSITORY / "content", tmp_path / "out")
    switch = json.loads((site / "components" / "switch" / "component.json").read_text())
    selected = next(a for a in switch["appearances"] if a["name"] == "Selected")
    track = next(t for t in selected["tokens"] if t["role"] == "Track")
    assert track["token"] == "toggle/color/default/active/bg-track"
    assert re.fullmatch(r"#[0-9A-F]{6}", track["modes"]["theme=dark"])
    dark = [c for c in switch["contrast"] if c["appearance"] == "Selected" and c["mode"] == "theme=dark" and "Track" in c["pair"]]
    assert dark and all(c["passes"] == (c["ratio"] >= c["required"]) for c in dark)
    assert switch["source"] == {"file": "components/switch/component.yaml", "line": 1}


def test_a_schema_violation_is_caught(tmp_path):
    """The schema is not a rubber stamp: a wrong support value, a missing name and an unknown
    field each fail."""
    schema = json.loads((build(REPOSITORY / "Tests" / "Fixtures" / "base", tmp_path / "out") / "components.schema.json").read_text())
    validator = jsonschema.Draft202012Validator({"$ref": "#/$defs/component", "$defs": schema["$defs"]})
    good = {"slug": "a", "name": "A", "summary": "S", "url": "components/a/", "markdown": "components/a/index.md", "source": {"file": "c.yaml", "line": 1},
            "properties": [], "states": [{"name": "On", "support": [{"platform": "ios", "support": "yes", "note": None}]}],
            "variants": {"axes": [], "count": 1}, "appearances": [], "contrast": [], "accessibility": [],
            "readiness": {"status": None, "criteria": []}, "code": [], "related": [], "demo": None}
    assert not list(validator.iter_errors(good))
    for broken in [dict(good, states=[{"name": "On", "support": [{"platform": "ios", "support": "maybe"}]}]),
                   {k: v for k, v in good.items() if k != "name"}, dict(good, colour="red")]:
        assert list(validator.iter_errors(broken))


def test_llms_txt_links_every_page_and_each_link_resolves(tmp_path):
    site = build(REPOSITORY / "content", tmp_path / "out")
    text = (site / "llms.txt").read_text()
    assert text.startswith("# Selection Controls\n\n> ")
    links = re.findall(r"\]\(([^)]+)\)", text)
    components = json.loads((site / "components.json").read_text())["components"]
    assert {"/" + c["markdown"] for c in components} <= set(links)
    for link in links:
        assert link.startswith("/"), link
        assert (site / link.lstrip("/")).is_file(), link
    full = (site / "llms-full.txt").read_text()
    assert all((site / c["markdown"]).read_text() in full for c in components)
    # With an absolute base URL the links are absolute too.
    absolute = build(REPOSITORY / "content", tmp_path / "abs", "--base-url", "https://design.example.org/docs/")
    assert "](https://design.example.org/docs/components/switch/index.md)" in (absolute / "llms.txt").read_text()


def test_every_page_has_its_markdown_beside_it_and_links_to_it(tmp_path):
    site = build(REPOSITORY / "content", tmp_path / "out")
    # An example's own page (what its frame shows) is the team's markup alone: it has no twin.
    pages = [p for p in site.rglob("index.html") if p.parent.name not in ("search",) and p.parent.parent.name != "examples"]
    for page in pages:
        html = page.read_text()
        assert '<link rel="alternate" type="text/markdown" href="index.md">' in html, page
        assert (page.parent / "index.md").is_file(), page
    assert 'type="text/markdown"' not in (site / "search" / "index.html").read_text()
    assert 'type="text/markdown"' not in (site / "404.html").read_text()
    assert 'type="text/markdown"' not in (site / "components/switch/examples/settings-list/index.html").read_text()


@pytest.mark.parametrize("page,golden", [("components/alpha/index.md", "markdown-alpha.md"), ("guides/handbook/index.md", "markdown-handbook.md")])
def test_page_markdown_matches_its_golden_file(page, golden, tmp_path):
    site = build(REPOSITORY / "Tests" / "Fixtures" / "base", tmp_path / "out")
    text = (site / page).read_text()
    path = GOLDEN / golden
    if not path.exists():
        path.write_text(text)
    assert text == path.read_text(), f"{page} differs from {golden}; delete the golden file to write it again if intended"
