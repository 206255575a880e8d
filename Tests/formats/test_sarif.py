"""`check --format sarif` against the SARIF 2.1.0 properties it emits (a schema written from the
OASIS standard, stricter than it: every object closed), read back by Microsoft's sarif-tools."""

import json
import pathlib
import subprocess

import jsonschema
import pytest
from sarif import loader

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"
SCHEMA = json.loads((pathlib.Path(__file__).parent / "sarif-2.1.0-emitted.schema.json").read_text())


def check(source, form):
    run = subprocess.run([str(BINARY), "check", "--source", str(source), "--format", form], cwd=REPOSITORY,
                         capture_output=True, env={"NO_COLOR": "1", "GITHUB_STEP_SUMMARY": ""})
    assert run.returncode in (0, 1), run.stderr
    return run.stdout.decode()


@pytest.mark.parametrize("source", ["Tests/Fixtures/check-formats", "content", "Tests/Fixtures/invalid/alias-dangling"])
def test_sarif_is_valid_and_holds_every_finding(source, tmp_path):
    log = json.loads(check(source, "sarif"))
    validator = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])

    findings = json.loads(check(source, "json"))
    run = log["runs"][0]
    assert len(run["results"]) == len(findings)
    rules = run["tool"]["driver"]["rules"]
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for result, finding in zip(run["results"], findings):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == finding["rule"]
        assert result["level"] == levels[finding["severity"]]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"]) == (finding["line"], finding["column"])
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(finding["file"].split("/")[-1])

    # A consumer reads it: sarif-tools finds the same results, with their severities.
    path = tmp_path / "check.sarif"
    path.write_text(json.dumps(log))
    sarif = loader.load_sarif_file(str(path))
    assert sarif.get_result_count() == len(findings)


def test_the_schema_rejects_what_sarif_forbids():
    """The schema is not a rubber stamp: a result without a message, a level SARIF does not
    have, a line 0 and an unknown property each fail."""
    log = json.loads(check("Tests/Fixtures/check-formats", "sarif"))
    validator = jsonschema.Draft7Validator(SCHEMA)
    for path, value in [(("message",), None), (("level",), "fatal"), (("locations", 0, "physicalLocation", "region", "startLine"), 0),
                        (("severity",), "error")]:
        broken = json.loads(json.dumps(log))
        target = broken["runs"][0]["results"][0]
        for key in path[:-1]:
            target = target[key]
        if value is None:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        assert list(validator.iter_errors(broken)), path
    # The URI format is checked (rfc3986-validator is installed), so a raw space fails.
    checker = jsonschema.Draft7Validator.FORMAT_CHECKER
    assert not checker.conforms("a b/c.md", "uri-reference") and checker.conforms("a%20b/c.md", "uri-reference")
