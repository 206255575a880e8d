"""Helpers shared by the browser tests (kept out of conftest.py, whose name the serve tests use too)."""

import os
import pathlib
import subprocess

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CSP = "default-src 'self'"


def catalog_build_binary() -> pathlib.Path:
    for configuration in ("debug", "release"):
        candidate = REPOSITORY / ".build" / configuration / "catalog-build"
        if candidate.exists():
            return candidate
    raise RuntimeError("build the tool first: swift build")


def build_site(source: pathlib.Path, output: pathlib.Path, *extra: str) -> None:
    result = subprocess.run(
        [str(catalog_build_binary()), "build", "--source", str(source), "--output", str(output), *extra],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"catalog-build failed:\n{result.stderr}")


