"""#53 4: the JSON Schemas in schemas/ (generated from the declarations the loader checks keys with)
accept every YAML file of the example catalog, the default theme and the valid fixtures, and reject
the invalid fixtures' files at the key `check` names — checked with a real JSON Schema validator
(jsonschema, draft 2020-12), reading YAML as YAML 1.2 does (`on:` is a key, not `true`)."""

import json
import pathlib
import re

import jsonschema
import pytest
import yaml

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = REPOSITORY / "schemas"


class Yaml12Loader(yaml.SafeLoader):
    """PyYAML's safe loader without YAML 1.1's yes/no/on/off booleans and sexagesimal numbers."""


Yaml12Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
# Dates stay text (the tool reads them as written).
Yaml12Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in Yaml12Loader.yaml_implicit_resolvers.items()
}


def load(path):
    return yaml.load(path.read_text(), Loader=Yaml12Loader)


def validator(name):
    schema = json.loads((SCHEMAS / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def files_of(catalog):
    yield "catalog.schema.json", catalog / "catalog.yaml"
    for path in sorted(catalog.glob("components/*/component.yaml")):
        yield "component.schema.json", path


VALID = [REPOSITORY / "content", REPOSITORY / "Tests" / "Fixtures" / "snapshot", REPOSITORY / "Tests" / "Fixtures" / "web" / "catalog"]


@pytest.mark.parametrize("catalog", VALID, ids=lambda path: str(path.relative_to(REPOSITORY)))
def test_the_example_catalog_and_valid_fixtures_pass(catalog):
    problems = []
    for schema, path in files_of(catalog):
        for error in validator(schema).iter_errors(load(path)):
            problems.append(f"{path.relative_to(REPOSITORY)}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    assert not problems, "\n".join(problems)


def test_the_default_theme_and_its_kinds_pass():
    theme = REPOSITORY / "themes" / "default"
    problems = [f"theme.yaml: {error.message}" for error in validator("theme.schema.json").iter_errors(load(theme / "theme.yaml"))]
    kinds = sorted((theme / "demos").glob("*.yaml"))
    assert kinds
    for path in kinds:
        problems += [f"{path.name}: {error.message}" for error in validator("kind.schema.json").iter_errors(load(path))]
    assert not problems, "\n".join(problems)


def key_at(path, line, column):
    """The mapping key written at `line`:`column` (1-based) of a YAML file."""
    text = path.read_text().splitlines()[line - 1][column - 1:]
    return text.split(":", 1)[0].strip().strip("\"'")


@pytest.mark.parametrize("case", ["unknown-catalog-key", "unknown-key", "missing-key"])
def test_an_invalid_fixture_is_rejected_at_the_key_check_names(case):
    folder = REPOSITORY / "Tests" / "Fixtures" / "invalid" / case
    expected = [line.split() for line in (folder / "expected.txt").read_text().splitlines() if line.startswith("error schema.")]
    assert expected
    for _, rule, place, *words in expected:
        file, line, column = place.rsplit(":", 2)
        path = folder / file
        schema = "catalog.schema.json" if file == "catalog.yaml" else "component.schema.json"
        errors = list(validator(schema).iter_errors(load(path)))
        if rule == "schema.unknown-key":
            key = key_at(path, int(line), int(column))
            assert any(error.validator == "additionalProperties" and repr(key) in error.message for error in errors), (case, key, [e.message for e in errors])
        else:
            # The expectation names the missing key when it says one.
            missing = repr(words[-1]) if words else ""
            assert any(error.validator == "required" and missing in error.message for error in errors), (case, missing, [e.message for e in errors])


def test_a_new_catalog_names_its_schemas_and_passes_them(tmp_path):
    """`new catalog` writes schemas/ and a first line naming the schema in each YAML file."""
    import subprocess
    binary = REPOSITORY / ".build" / "debug" / "catalog-build"
    made = subprocess.run([str(binary), "new", "catalog", str(tmp_path / "fresh"), "--title", "Fresh"], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    catalog = tmp_path / "fresh"
    for name in ["catalog.schema.json", "component.schema.json", "kind.schema.json", "theme.schema.json"]:
        assert (catalog / "schemas" / name).read_text() == (SCHEMAS / name).read_text()
    for schema, path in files_of(catalog):
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        named = (path.parent / first.split("=", 1)[1]).resolve()
        assert named == (catalog / "schemas" / schema).resolve(), (path, named)
        assert not list(validator(schema).iter_errors(load(path))), path


def test_a_key_written_without_a_value_passes_as_check_takes_it(tmp_path):
    """YAML's null (`description:` with nothing after it) is a scalar or list not written, for
    `check` and for the schema alike; a mapping written empty is refused by both, and so is an
    empty file."""
    import subprocess
    catalog = tmp_path / "catalog"
    (catalog / "components" / "alpha").mkdir(parents=True)
    (catalog / "catalog.yaml").write_text("title: T\ndescription:\nversions:\n  keep:\n")
    (catalog / "components" / "alpha" / "component.yaml").write_text("name: Alpha\nsummary: First.\nlifecycle:\nstates:\ngroup: ~\n")
    binary = REPOSITORY / ".build" / "debug" / "catalog-build"
    checked = subprocess.run([str(binary), "check", "--source", str(catalog), "--format", "json"], capture_output=True, text=True, timeout=120)
    assert not [f for f in json.loads(checked.stdout or "[]") if f["rule"].startswith("schema.")], checked.stdout
    for schema, path in files_of(catalog):
        assert not [error.message for error in validator(schema).iter_errors(load(path))], path
    assert list(validator("catalog.schema.json").iter_errors(None)), "an empty catalog.yaml is refused"
    (catalog / "catalog.yaml").write_text("title: T\nmarkdown:\n")
    checked = subprocess.run([str(binary), "check", "--source", str(catalog), "--format", "json"], capture_output=True, text=True, timeout=120)
    assert [f for f in json.loads(checked.stdout or "[]") if f["rule"] == "schema.type"], checked.stdout
    assert list(validator("catalog.schema.json").iter_errors(load(catalog / "catalog.yaml"))), "markdown: with no mapping"
