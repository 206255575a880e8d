"""Where `swift build` left the catalog-build binary: one answer for the Python tests, the fuzzer
and the scripts (the benchmark asks for the release build only)."""

import pathlib

REPOSITORY = pathlib.Path(__file__).resolve().parents[1]


def path(configurations=("debug", "release")) -> pathlib.Path:
    for configuration in configurations:
        candidate = REPOSITORY / ".build" / configuration / "catalog-build"
        if candidate.exists():
            return candidate
    raise RuntimeError("build the tool first: swift build" + (" -c release" if configurations == ("release",) else ""))
