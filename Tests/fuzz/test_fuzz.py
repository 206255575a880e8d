"""The seeded mutation fuzzer (Scripts/fuzz.py) as part of `make test`: a short campaign over the
example catalog, and every catalog a campaign ever found failing, kept as a fixture."""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "Scripts"))

import fuzz  # noqa: E402

CRASHES = REPOSITORY / "Tests" / "Fixtures" / "fuzz-crashes"
CASES = int(os.environ.get("FUZZ_CI_CASES", "240"))


def test_a_short_seeded_campaign_finds_nothing():
    failures = fuzz.run_campaign(fuzz.default_binary(), REPOSITORY / "content", seed="ci", cases=CASES, timeout=60, workers=2)
    assert not failures, "\n\n".join(failures)


def crash_fixtures():
    return sorted(p.name for p in CRASHES.iterdir() if (p / "catalog").is_dir()) if CRASHES.is_dir() else []


@pytest.mark.parametrize("name", crash_fixtures())
def test_every_crash_found_once_stays_fixed(name, tmp_path):
    """A fixture is a catalog a campaign once found failing (with REASON.txt saying how); it
    must now build or fail cleanly, with located errors and the previous output untouched."""
    catalog = tmp_path / "catalog"
    shutil.copytree(CRASHES / name / "catalog", catalog, symlinks=True)
    baseline = tmp_path / "baseline"
    subprocess.run([fuzz.default_binary(), "build", "--source", str(REPOSITORY / "content"), "--output", str(baseline)], check=True, capture_output=True)
    failure = fuzz.check_build(fuzz.default_binary(), catalog, baseline, tmp_path / "work", timeout=60)
    assert failure is None, failure


def test_the_fuzzer_notices_a_broken_promise(tmp_path):
    """The checks can fail: a 'build' that exits with a signal and one that changes the output
    without a located error are both reported."""
    fake = tmp_path / "fake-build"
    fake.write_text("#!/bin/sh\nfor last; do :; done\necho junk > \"$last/index.html\"\necho 'error: something' >&2\nexit 1\n")
    fake.chmod(0o755)
    catalog = tmp_path / "catalog"
    shutil.copytree(REPOSITORY / "content", catalog)
    baseline = tmp_path / "baseline"
    baseline.mkdir()
    (baseline / "index.html").write_text("old")
    failure = fuzz.check_build(str(fake), catalog, baseline, tmp_path / "work", timeout=10)
    assert failure and "without a located error" in failure and "changed the previous output" in failure


def test_a_short_mcp_campaign_finds_nothing():
    """Seeded hostile JSON-RPC lines (odd ids and arguments, numbers no integer holds, lines that
    are not JSON, a long query), then the input closed: every answer is whole JSON and every
    request with a valid id is answered once."""
    failures = [f for f in (fuzz.run_mcp_case(fuzz.default_binary(), REPOSITORY / "content", "ci", index) for index in range(int(os.environ.get("FUZZ_CI_MCP_CASES", "6")))) if f]
    assert not failures, "\n\n".join(failures)
