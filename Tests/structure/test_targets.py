"""#53 2: Package.swift is the truth. Each target imports exactly what the manifest says it
depends on (a test target: nothing it does not declare), no target imports itself, and the
table in docs/architecture.md names, for each target, exactly what it imports."""

import json
import pathlib
import re
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
# Modules of the toolchain and the system, never declared in a manifest.
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
             "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency", "PackageDescription"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def imports_of(folder):
    """module → the first place it is imported, over every Swift file under `folder`; lines inside
    a multi-line string literal (code the tests write) are not imports."""
    found = {}
    for path in sorted(folder.rglob("*.swift")):
        in_string = False
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not in_string:
                match = IMPORT.match(line)
                if match:
                    found.setdefault(match.group(1), f"{path.relative_to(REPOSITORY)}:{number}")
            if line.count('"""') % 2 == 1:
                in_string = not in_string
    return found


@pytest.fixture(scope="module")
def manifest():
    dumped = subprocess.run(["swift", "package", "dump-package"], cwd=REPOSITORY, capture_output=True, text=True, timeout=300)
    assert dumped.returncode == 0, dumped.stderr
    targets = {}
    for target in json.loads(dumped.stdout)["targets"]:
        if target["type"] == "system":
            continue
        declared = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "product", "target"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        targets[target["name"]] = (target["type"], declared, imports_of(REPOSITORY / folder))
    return targets


def test_every_target_imports_exactly_what_it_declares(manifest):
    problems = []
    for name, (kind, declared, imported) in sorted(manifest.items()):
        used = set(imported) - TOOLCHAIN
        if name in used:
            problems.append(f"{name} imports itself ({imported[name]})")
        used.discard(name)
        for module in sorted(used - declared):
            problems.append(f"{name} imports {module} ({imported[module]}) without declaring it in Package.swift")
        for module in sorted(declared - used):
            problems.append(f"{name} declares {module} in Package.swift and never imports it")
    assert not problems, "\n".join(problems)


def architecture_table():
    """target → the modules its row in docs/architecture.md says it imports, as written."""
    text = (REPOSITORY / "docs" / "architecture.md").read_text()
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        # A project target by its name without the Catalog prefix; another package's module in `code`.
        listed = set() if cells[2] in ("—", "") else {part.strip() for part in cells[2].split(",")}
        for name in names:
            rows[name] = listed
    return rows


def test_the_architecture_table_says_what_each_target_imports(manifest):
    rows = architecture_table()
    problems = []
    for name, (kind, _, imported) in sorted(manifest.items()):
        if kind == "test":
            continue
        if name not in rows:
            problems.append(f"docs/architecture.md has no row for {name}")
            continue
        # The table names the project's own targets without their Catalog prefix.
        short = {target[len("Catalog"):]: target for target in manifest if target.startswith("Catalog")}
        listed = {module.strip("`") if module.startswith("`") else short.get(module, module) for module in rows[name]}
        used = set(imported) - TOOLCHAIN - {name}
        if listed != used:
            problems.append(f"{name}: the table says {sorted(listed)}, the code imports {sorted(used)}")
    assert not problems, "\n".join(problems)


def test_the_table_lists_each_target_after_everything_it_imports(manifest):
    """The table reads top-down as the flow: a target imports only targets on rows above its own
    (a reach back to a later row would be a cycle in the making, or a misplaced type)."""
    text = (REPOSITORY / "docs" / "architecture.md").read_text()
    order = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            order += re.findall(r"`([^`]+)`", cells[0])
    position = {name: index for index, name in enumerate(order)}
    problems = []
    for name, (kind, _, imported) in sorted(manifest.items()):
        if kind == "test" or name not in position:
            continue
        for module in sorted(set(imported) & set(position)):
            if module != name and position[module] > position[name]:
                problems.append(f"{name} imports {module}, which the table lists after it")
    assert not problems, "\n".join(problems)


def test_every_package_is_named_at_one_exact_version():
    """Package.resolved cannot be committed here (docs/architecture.md), so the manifest pins each
    package: a `from:` or a range would let a new machine resolve a newer release."""
    text = (REPOSITORY / "Package.swift").read_text()
    packages = re.findall(r"\.package\(url: \"([^\"]+)\", ([a-zA-Z]+):", text)
    assert packages, "Package.swift names no package"
    loose = [url for url, requirement in packages if requirement != "exact"]
    assert not loose, f"named without an exact version: {loose}"
