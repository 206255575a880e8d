"""The compiled templates render what swift-mustache renders: the same catalogs built with each
(CATALOG_BUILD_MUSTACHE=swift-mustache selects swift-mustache itself) are the same bytes, file for
file, for the example (its own theme over the default one, modes, tabs, web examples), the base
fixture, the conformance fixture (its own theme and kinds) and a theme whose template breaks a line
in every way the parser treats apart (standalone tags, indented partials, set delimiters, blocks)."""

import filecmp
import os
import pathlib
import shutil
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"


def build(source, output, engine=None):
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("CATALOG_BUILD_MUSTACHE", None)
    if engine:
        env["CATALOG_BUILD_MUSTACHE"] = engine
    run = subprocess.run([str(BINARY), "build", "--source", str(source), "--output", str(output)], cwd=REPOSITORY, capture_output=True, env=env)
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    return output


def files(folder):
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


def assert_same_site(a, b):
    assert files(a) == files(b)
    _, mismatch, errors = filecmp.cmpfiles(a, b, files(a), shallow=False)
    assert not mismatch and not errors, mismatch[:10]


@pytest.mark.parametrize("source", ["content", "Tests/Fixtures/base", "Tests/Fixtures/conformance"])
def test_the_compiled_templates_render_what_swift_mustache_renders(source, tmp_path):
    compiled = build(REPOSITORY / source, tmp_path / "compiled")
    reference = build(REPOSITORY / source, tmp_path / "reference", "swift-mustache")
    assert_same_site(compiled, reference)


def test_a_theme_written_every_way_renders_the_same(tmp_path):
    catalog = tmp_path / "catalog"
    shutil.copytree(REPOSITORY / "Tests" / "Fixtures" / "base", catalog)
    theme = catalog / "themes" / "lines" / "templates"
    (theme / "partials").mkdir(parents=True)
    (catalog / "themes" / "lines" / "theme.yaml").write_text("extends: default\n")
    (theme / "partials" / "footer.mustache").write_text(
        "<footer>\n"
        "  {{! a standalone comment }}\n"
        "  {{#site}}\n"
        "    <p>{{title}}</p>\n"
        "  {{/site}}\n"
        "  {{^has_versions}}\n"
        "  <p>none</p>\n"
        "  {{/has_versions}}\n"
        "  {{=<% %>=}}\n"
        "  <p><% site.title %> <%& site.title %></p>\n"
        "  <%={{ }}=%>\n"
        "    {{> partials/footer-line}}\n"
        "  <p>{{{site.title}}} {{ site.title }}</p>{{#nav}} [{{label}}]{{/nav}}\n"
        "</footer>\n")
    (theme / "partials" / "footer-line.mustache").write_text("<span>\n  {{site.title}}\n</span>\n")
    (catalog / "catalog.yaml").write_text((catalog / "catalog.yaml").read_text() + "theme: lines\n")
    compiled = build(catalog, tmp_path / "compiled")
    reference = build(catalog, tmp_path / "reference", "swift-mustache")
    assert "<p>none</p>" in (compiled / "index.html").read_text(), "the theme's footer was rendered"
    assert_same_site(compiled, reference)
