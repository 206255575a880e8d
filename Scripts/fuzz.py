#!/usr/bin/env python3
"""A seeded mutation fuzzer for `catalog-build build`.

Each case copies a catalog (the example catalog by default), applies one to three mutations
(byte flips, truncation, deep nesting, huge values, invalid UTF-8, special files, symbolic
links, odd names), builds it over a copy of a previous good output and asserts:

- no crash: the exit status is 0 or 1 (never a signal, never 2);
- no hang: the build ends within the time limit;
- every error located: a failed build prints at least one `file:line:col: error:` line, and
  every diagnostic line names a line and column of at least 1;
- nothing lost: a failed build leaves the previous output byte for byte;
- nothing left behind: no staging or old-output folder beside the output.

A failing case is kept (with the mutations that made it) under --keep, ready to become a
fixture in Tests/Fixtures/fuzz-crashes/. The same seed always makes the same cases.

    python3 Scripts/fuzz.py --cases 10000 --seed 1

With --mcp, each case starts `catalog-build mcp` on the catalog and sends it seeded hostile
JSON-RPC lines (odd ids and arguments, numbers no integer holds, lines that are not JSON, very
long lines): every answer is whole JSON, every request with a valid id is answered once.

    python3 Scripts/fuzz.py --mcp --cases 50

With --import, each case mutates the token exports under Tests/Fixtures/import (Tokens Studio,
Style Dictionary 3, JSON5, Primer) — also with hostile arithmetic and colour modifiers — runs
`tokens import` on them, and `check` on what it wrote: no crash, no hang, nothing unescaped.

    python3 Scripts/fuzz.py --import --cases 2000
"""

import argparse
import concurrent.futures
import base64
import hashlib
import json
import os
import pathlib
import random
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

import built_binary

REPOSITORY = pathlib.Path(__file__).resolve().parents[1]
DIAGNOSTIC = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning|info): ")


def default_binary():
    try:
        return str(built_binary.path())
    except RuntimeError as missing:
        raise SystemExit(str(missing))


# MARK: Mutations. Each takes (rng, catalog folder) and returns a short description.

def catalog_files(root):
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink())


def pick_file(rng, root, suffixes=None):
    files = [p for p in catalog_files(root) if suffixes is None or p.suffix in suffixes]
    return rng.choice(files) if files else None


def flip_bytes(rng, root):
    path = pick_file(rng, root)
    if path is None:
        return "nothing to flip"
    data = bytearray(path.read_bytes())
    if not data:
        return f"{path.name} empty"
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    path.write_bytes(bytes(data))
    return f"flipped bytes in {path.relative_to(root)}"


def truncate(rng, root):
    path = pick_file(rng, root)
    if path is None:
        return "nothing to truncate"
    data = path.read_bytes()
    path.write_bytes(data[: rng.randrange(len(data) + 1)])
    return f"truncated {path.relative_to(root)}"


def invalid_utf8(rng, root):
    path = pick_file(rng, root, {".md", ".yaml", ".json"})
    if path is None:
        return "no text file"
    data = bytearray(path.read_bytes())
    at = rng.randrange(len(data) + 1)
    data[at:at] = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x00"])
    path.write_bytes(bytes(data))
    return f"invalid UTF-8 in {path.relative_to(root)}"


def deep_nesting(rng, root):
    depth = rng.choice([100, 1000, 20000])
    choice = rng.randrange(3)
    if choice == 0:
        path = root / "tokens" / "deep.tokens.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text('{"a":' * depth + '{"$type":"color","$value":"#000000"}' + "}" * depth)
    elif choice == 1:
        path = pick_file(rng, root, {".yaml"}) or root / "catalog.yaml"
        with path.open("a") as handle:
            handle.write("\nnested: " + "[" * depth + "]" * depth + "\n")
    else:
        path = pick_file(rng, root, {".md"}) or root / "guides" / "deep.md"
        path.parent.mkdir(exist_ok=True)
        with path.open("a") as handle:
            handle.write("\n" + "".join("> " * i + "- item\n" for i in range(0, depth, max(1, depth // 200))))
            handle.write("> " * depth + "deep\n")
    return f"nesting {depth} deep in {path.relative_to(root)}"


def huge_value(rng, root):
    size = rng.choice([10_000, 1_000_000, 3_000_000])
    choice = rng.randrange(4)
    if choice == 0:
        path = pick_file(rng, root, {".yaml"}) or root / "catalog.yaml"
        text = path.read_text(errors="replace")
        path.write_text(text.replace("summary:", "summary: " + "x" * size + " #", 1))
    elif choice == 1:
        path = root / "tokens" / "huge.tokens.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps({"n" * min(size, 100_000): {"$type": "color", "$value": "#" + "0" * size}}))
    elif choice == 2:
        path = root / "tokens" / "many.tokens.json"
        path.parent.mkdir(exist_ok=True)
        count = size // 100
        path.write_text(json.dumps({"g": {"$type": "dimension", **{f"t{i}": {"$value": {"value": i, "unit": "px"}} for i in range(count)}}}, separators=(",", ":")))
    else:
        path = root / "tokens" / "chain.tokens.json"
        path.parent.mkdir(exist_ok=True)
        count = rng.choice([50, 2000, 8000])
        tokens = {"t0": {"$value": "#123456"}}
        for i in range(1, count):
            tokens[f"t{i}"] = {"$value": "{c.t%d}" % (i - 1)}
        path.write_text(json.dumps({"c": {"$type": "color", **tokens}}, separators=(",", ":")))
    return f"huge value in {path.relative_to(root)}"


def special_file(rng, root):
    files = [p for p in catalog_files(root) if p.name in ("index.md", "component.yaml") or p.suffix == ".json"]
    if not files:
        return "no file to replace"
    path = rng.choice(files)
    path.unlink()
    kind = rng.randrange(3)
    if kind == 0:
        os.mkfifo(path)
        what = "FIFO"
    elif kind == 1:
        path.mkdir()
        what = "folder"
    else:
        path.symlink_to("/dev/zero")
        what = "link to /dev/zero"
    return f"{path.relative_to(root)} is a {what}"


def symlink(rng, root):
    folders = [p for p in root.rglob("*") if p.is_dir() and not p.is_symlink()] or [root]
    folder = rng.choice(folders)
    kind = rng.randrange(5)
    name = rng.choice(["index.md", "component.yaml", "extra.md", "img.png", "loop"])
    target = folder / name
    if target.exists() or target.is_symlink():
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        else:
            target.unlink()
    if kind == 0:
        target.symlink_to("does-not-exist")
    elif kind == 1:
        target.symlink_to(name)  # loops on itself
    elif kind == 2:
        target.symlink_to(root)  # a folder above
    elif kind == 3:
        target.symlink_to("/etc/passwd")  # outside the catalog
    else:
        target.symlink_to(root.parent)
    return f"symlink {target.relative_to(root)} (kind {kind})"


def odd_name(rng, root):
    folders = [root / "components", root / "guides"]
    folder = rng.choice([f for f in folders if f.exists()] or [root])
    name = rng.choice([b"Sw\xffitch", b"bad\nname", b"\x1b[31mred", b"new\xc3", b"caf\xc3\xa9", b"-dash", b"a b"])
    path = os.path.join(os.fsencode(folder), name)
    if rng.randrange(2):
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, b"component.yaml"), "wb") as handle:
            handle.write(b"name: Odd\nsummary: A component in a folder with an odd name.\n")
    else:
        with open(path + b".md", "wb") as handle:
            handle.write(b"# Odd\n\nText.\n")
    return f"odd name {name!r} in {folder.relative_to(root)}"


def remove_file(rng, root):
    path = pick_file(rng, root)
    if path is None:
        return "nothing to remove"
    path.unlink()
    return f"removed {path.relative_to(root)}"


def hostile_text(rng, root):
    path = pick_file(rng, root, {".md", ".yaml"}) or root / "catalog.yaml"
    payload = rng.choice(["\n::warning file=x::pwned\n", "\x1b]0;title\x07\x1b[2J", "\u2028::error::x", "{{ x }} {% y %}", "<script>alert(1)</script>", "\r::add-mask::secret"])
    data = path.read_text(errors="replace")
    at = rng.randrange(len(data) + 1)
    path.write_text(data[:at] + payload + data[at:])
    return f"hostile text in {path.relative_to(root)}"


def alias_anchors(rng, root):
    """Front matter (or a component.yaml) whose anchors are aliases of aliases: a few lines that
    expand to millions of values."""
    depth = rng.randint(4, 9)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]" for level in range(1, depth + 1)]
    path = pick_file(rng, root, {".md", ".yaml"}) or root / "catalog.yaml"
    data = path.read_text(errors="replace")
    if path.suffix == ".md":
        body = data.split("\n---\n", 1)[-1] if data.startswith("---\n") else data
        path.write_text("---\nextra:\n" + "\n".join("  " + line for line in lines) + "\n---\n" + body)
    else:
        path.write_text(data.rstrip("\n") + "\nbomb:\n" + "\n".join("  " + line for line in lines) + "\n")
    return f"alias anchors {depth} deep in {path.relative_to(root)}"


def repeated_headings(rng, root):
    """Thousands of equal headings (unique ids were once quadratic in them)."""
    path = pick_file(rng, root, {".md"})
    if path is None:
        return "no Markdown for repeated headings"
    count = rng.choice([2_000, 10_000, 20_000])
    with open(path, "a") as handle:
        handle.write("\n" + "## a\n\n" * count)
    return f"{count} repeated headings in {path.relative_to(root)}"


def control_characters_in_names(rng, root):
    """A control character in a component's name, a state's or an example's title."""
    path = pick_file(rng, root, {".yaml"})
    if path is None or path.name == "catalog.yaml":
        return "no component.yaml for a control character"
    data = path.read_text(errors="replace")
    payload = rng.choice(["\\e[31m", "\\n::error::forged", "\\t", "\\u2028"])
    for key in ("name: ", "title: ", "- name: "):
        at = data.find(key)
        if at >= 0:
            end = data.find("\n", at)
            value = data[at + len(key):end if end >= 0 else len(data)].strip().strip('"')
            path.write_text(data[:at] + key + '"' + value + payload + '"' + data[end if end >= 0 else len(data):])
            return f"control character in {key.strip()} of {path.relative_to(root)}"
    return "no name to put a control character in"


def normalisation_twins(rng, root):
    """The same name twice: precomposed and with a combining accent, or in another case."""
    folder = rng.choice([p for p in (root / "components").iterdir() if p.is_dir()] or [root / "guides"])
    first, second = rng.choice([(b"caf\xc3\xa9.svg", b"cafe\xcc\x81.svg"), (b"Logo.svg", b"logo.svg")])
    for name, title in ((first, b"one"), (second, b"two")):
        with open(os.path.join(os.fsencode(folder), name), "wb") as handle:
            handle.write(b'<svg xmlns="http://www.w3.org/2000/svg"><title>' + title + b"</title></svg>")
    return f"twins {first!r} and {second!r} in {folder.relative_to(root)}"


def hostile_studio_values(rng, root):
    """Arithmetic and colour modifiers a parser must survive, in a Tokens Studio set."""
    path = pick_file(rng, root, {".json"})
    if path is None:
        return "no JSON file"
    depth = rng.choice([10, 300, 50_000])
    values = [
        "(" * depth + "1" + ")" * depth, "-" * depth + "1", "^".join(["2"] * depth), "{a} * {a}", "{" * depth,
        "roundTo(" * min(depth, 5000) + "1", "1e308 * 1e308", "0 / 0", "{x}" * depth, "rgba({a}, " + "9" * depth + ")",
        "max(" + ",".join(["1"] * depth) + ")", "\u0000 * 2", "1" + "px" * depth,
    ]
    tokens = {f"h{i}": {"value": value, "type": rng.choice(["spacing", "sizing", "opacity", "color", "typography", "boxShadow"])} for i, value in enumerate(values)}
    tokens["a"] = {"value": "{h0} + {a}", "type": "spacing"}
    tokens["m"] = {"value": "{a}", "type": "color", "$extensions": {"studio.tokens": {"modify": {"type": rng.choice(["lighten", "mix", "alpha", "spin"]), "value": rng.choice(["0.5", "{a}", "NaN", "-1e9"]), "space": rng.choice(["lch", "p3", "xyz", ""]), "color": "{m}"}}}}
    path.write_text(json.dumps({"hostile": tokens}))
    return f"hostile values in {path.relative_to(root)}"


# Frames, tags and screenshot names (issue #52): what a contributor may write to reach out.
HOSTILE_MARKUP = [
    "<svg/onload=alert(1)>", "<!--><script>alert(1)</script>", "<svg><title><script>alert(1)</script></title></svg>",
    "<a href=\"&#106;avascript:alert(1)\">x</a>", "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
    "<img/src/onerror=alert(1)>", "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></p></noscript>",
    "<script src=\"data:text/javascript,alert(1)\"></script>", "<ui-x>" * 2000, "<p>" + "&#" * 5000,
]
HOSTILE_IMPORTS = [
    'import "../../../../../../../../etc/passwd";', 'import("./missing-" + "x.js");', 'import "./a.js"; import "./a.js";',
    'export * from "/proc/self/environ";', 'import x from "../' + "../" * 60 + 'etc/hostname";', "import('./\\u0000.js');",
    '@import url("../../../../etc/passwd");', 'a { background: url(/proc/self/environ) }', "url(" * 5000,
]


def hostile_frame(rng, root):
    """A web example with hostile markup or a title that slugs like another's, or the team's
    script and stylesheet importing what lies outside the repository."""
    web = root.parent / "examples" / "web"
    if rng.randrange(2) and web.is_dir():
        target = rng.choice(sorted(p for p in web.iterdir() if p.suffix in (".js", ".css")) or [web / "selection-controls.js"])
        with open(target, "a") as handle:
            handle.write("\n" + rng.choice(HOSTILE_IMPORTS) + "\n")
        if rng.randrange(3) == 0:
            os.symlink("/etc/passwd", web / "passwd.css")
        return f"hostile import in {target.name}"
    path = pick_file(rng, root, {".yaml"})
    if path is None or path.name != "component.yaml":
        return "no component.yaml for a frame"
    title = rng.choice(["Settings list!", "SETTINGS LIST", "日本", "中文", "x" * 300, "Settings\u2028list"])
    markup = rng.choice(HOSTILE_MARKUP).replace("'", "&#39;")
    with open(path, "a") as handle:
        handle.write(f"\nexamples:\n  - title: \"{title}\"\n    html: '{markup}'\n  - title: {title.upper()!r}\n    html: '<p>again</p>'\n")
    return f"hostile frame in {path.relative_to(root)}"


def hostile_tags(rng, root):
    """The catalog in a repository whose tags collide once made folders, or take the working
    tree's notes page, published with `versions:`."""
    work = root.parent
    environment = dict(os.environ, GIT_AUTHOR_NAME="f", GIT_AUTHOR_EMAIL="f@example.org", GIT_COMMITTER_NAME="f",
                       GIT_COMMITTER_EMAIL="f@example.org", GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    def git(*arguments):
        return subprocess.run(["git", "-C", str(work), *arguments], capture_output=True, env=environment).returncode == 0
    settings = root / "catalog.yaml"
    settings.write_text(settings.read_text(errors="replace").rstrip("\n") + "\nversions:\n  tags: \"*\"\n  keep: 3\n")
    if not (git("init", "-q") and git("add", "-A") and git("commit", "-q", "-m", "f")):
        return "no repository for tags"
    names = rng.sample(["v1.2.0#x", "v1.2.0%x", "unreleased", "Unreleased", "v1..2", "v1.2.0-\u00e9", "-", "v" + "9" * 200, "a/b", "a/c"], 3)
    made = [name for name in names if git("tag", name)]
    return f"tags {made}"


def hostile_screenshot_names(rng, root):
    """Screenshots named with what a URL does not keep, a huge claimed size, a name that is not
    UTF-8, a link out of the repository, folders 25 deep."""
    shots = root.parent / "shots"
    folder = shots / "switch"
    folder.mkdir(parents=True, exist_ok=True)
    png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
    kind = rng.randrange(5)
    if kind == 0:
        for name in ["selected #1.png", "a?b.png", "it's.png", "sp ace.png", 'q"uote.png']:
            (folder / name).write_bytes(png)
    elif kind == 1:
        huge = bytearray(png)
        huge[16:24] = (16384).to_bytes(4, "big") * 2
        (folder / "selected.png").write_bytes(bytes(huge))
    elif kind == 2:
        with open(os.path.join(os.fsencode(folder), b"sel\xffected.png"), "wb") as handle:
            handle.write(png)
    elif kind == 3:
        os.symlink("/etc/passwd", folder / "selected.png")
    else:
        deep = folder.joinpath(*[f"d{i}" for i in range(25)])
        deep.mkdir(parents=True, exist_ok=True)
        (deep / "selected.png").write_bytes(png)
    settings = root / "catalog.yaml"
    settings.write_text(settings.read_text(errors="replace").rstrip("\n") + "\nscreenshots:\n  swiftui: ../shots\n  name: \"{component}/{example}.png\"\n")
    return f"hostile screenshot names ({kind})"


def apply(mutation, rng, root):
    """One mutation; one that cannot apply (its file was removed by an earlier one) is skipped."""
    try:
        return mutation(rng, root)
    except OSError as error:
        return f"{mutation.__name__} skipped ({error.strerror})"


def hostile_code(rng, root):
    """The code `code:` names (../examples beside the catalog): a source file flipped,
    truncated, nested very deep, or replaced by an endless parameter list."""
    files = sorted(p for p in (root.parent / "examples").rglob("*") if p.suffix in (".swift", ".kt") and p.is_file())
    if not files:
        return "no code beside the catalog"
    path = rng.choice(files)
    choice = rng.randrange(4)
    data = bytearray(path.read_bytes())
    if choice == 0 and data:
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))
    elif choice == 1:
        path.write_bytes(bytes(data[: rng.randrange(len(data) + 1)]))
    elif choice == 2:
        depth = rng.choice([1000, 50000])
        path.write_bytes(bytes(data) + (b"\nval x = " + b"(" * depth + b")" * depth + b"\n"))
    else:
        path.write_bytes(bytes(data) + b"\n@Composable fun Endless(" + b"a: List<" * 20000 + b"\n")
    return f"hostile code in {path.name} ({['flipped', 'truncated', 'nested', 'endless'][choice]})"


SWIFT_NESTING = {
    # Each form swift-syntax once took too deep or too slowly, as text of about `depth` levels.
    "generics": lambda depth: "let x: " + "A<" * depth + "Int" + ">" * depth + "\n",
    "ternary": lambda depth: "let x = " + "a ? b : " * depth + "c\n",
    "members": lambda depth: "let x = a\n" + "  .b\n" * depth,
    "calls": lambda depth: "let x = a" + "()" * depth + "\n",
    "optionals": lambda depth: "let x = a" + "?.b!" * depth + "\n",
    "metatypes": lambda depth: "let x: Int" + ".Type" * depth + "\n",
    "arrows": lambda depth: "let x: " + "(Int) -> " * depth + "Int\n",
    "effects": lambda depth: "let x = " + "try await " * depth + "a\n",
    "conditions": lambda depth: "#if A\n" * depth + "let x = 1\n" + "#endif\n" * depth,
    "less-than": lambda depth: "f(" + ", ".join(["a < b"] * depth) + ")\n",
    "closures": lambda depth: "let x = " + "{ " * depth + "1" + " }" * depth + "\n",
    "arrays": lambda depth: "let x = " + "[" * depth + "1" + "]" * depth + "\n",
    "tuples": lambda depth: "let x = " + "(" * depth + "1" + ")" * depth + "\n",
    "unbalanced": lambda depth: "struct S {\n" + "func f() { if a { " * depth + "\n",
}


def hostile_swift(rng, root):
    """A Swift file under `code:` nested deep in one of the forms that crashed or hung the parser
    (generic arguments, ternaries, member and call chains, arrows, try/await runs, #if, `<` in
    argument lists, closures, brackets), at a depth around its limit or far past it."""
    folders = sorted(p for p in (root.parent / "examples").rglob("*") if p.is_dir() and any(f.suffix == ".swift" for f in p.iterdir()))
    if not folders:
        return "no Swift code beside the catalog"
    form = rng.choice(sorted(SWIFT_NESTING))
    depth = rng.choice([10, 63, 65, 200, 1_001, 8_000, 50_000, 300_000])
    text = SWIFT_NESTING[form](depth)
    folder = rng.choice(folders)
    if rng.random() < 0.5:
        (folder / f"Hostile{rng.randrange(100)}.swift").write_text(text)
        return f"a Swift file of {form} {depth} deep"
    target = rng.choice(sorted(f for f in folder.iterdir() if f.suffix == ".swift"))
    with open(target, "a") as handle:
        handle.write("\n" + text)
    return f"{form} {depth} deep appended to {target.name}"


def hostile_ignores(rng, root):
    """A component's `ignore:` list, long (thousands of entries; the bench's `ignore-30k` times
    30,000), with blank or odd reasons,
    rules that do not exist or cannot be ignored, and expiry dates in every shape."""
    files = sorted((root / "components").glob("*/component.yaml"))
    if not files:
        return "no component.yaml"
    path = rng.choice(files)
    text = path.read_text(errors="replace")
    if re.search(r"^ignore:", text, re.M):
        return f"{path.parent.name} already has ignore:"
    rules = ["lint.no-states", "token.contrast", "markdown.title-ignored", "no.such-rule", "schema.type", "", "lint.*", "\u0000"]
    reasons = ["Reviewed with the accessibility team.", "   ", "", "x" * 10_000, "\u001b[31mred", "[a](javascript:alert(1))"]
    expiries = ["2030-01-01", "2000-01-01", "tomorrow", "2026-02-30", "9999-99-99", ""]
    count = rng.choice([1, 3, 500, 5_000])
    lines = ["ignore:"]
    for _ in range(count):
        entry = f"  - {{ rule: {json.dumps(rng.choice(rules))}, reason: {json.dumps(rng.choice(reasons))}"
        if rng.random() < 0.3:
            entry += f", until: {json.dumps(rng.choice(expiries))}"
        lines.append(entry + " }")
    path.write_text(text.rstrip("\n") + "\n" + "\n".join(lines) + "\n")
    return f"{count} ignore: entries in {path.parent.name}"


MUTATIONS = [
    flip_bytes, truncate, invalid_utf8, deep_nesting, huge_value, special_file, symlink, odd_name, remove_file, hostile_text,
    alias_anchors, repeated_headings, control_characters_in_names, normalisation_twins, hostile_code, hostile_swift,
    hostile_ignores, hostile_frame, hostile_tags, hostile_screenshot_names,
]


IMPORT_MUTATIONS = [flip_bytes, truncate, invalid_utf8, remove_file, hostile_text, hostile_studio_values, hostile_studio_values]


# MARK: MCP messages

HOSTILE_VALUES = [
    None, True, 0, -1, 1e300, -1e19, 9223372036854775807, 2 ** 70, 0.5, float("inf"), float("nan"), "inf", "nan", "",
    "\u0000", "HEAD\u0000x", "\u001b[2J", "../../etc/passwd", "x" * 100_000, [], [None], {}, {"a": 1},
    "switch", "color/text/primary", "#FFFFFF", "Switch", "error", "v0.0.0",
]
TOOLS = ["list_components", "get_component", "search", "get_token", "check_contrast", "list_problems", "what_changed", "no_such_tool"]
ARGUMENTS = ["component", "format", "query", "limit", "name", "foreground", "background", "minimum", "severity", "rule", "file",
             "base", "head", "group", "lifecycle", "readiness", "__proto__"]


def mcp_message(rng, id):
    """One line a careless or hostile client might send: a tool call or resource read with odd
    arguments, an id of any JSON type, a line that is not JSON or not an object, a very long line."""
    choice = rng.randrange(10)
    if choice == 0:
        return rng.choice([b"{", b"[]", b"null", b"{\"jsonrpc\": \"2.0\"}", b"\xff\xfe", b"", b"[" * 10_000, b"{\"a\":" * 5_000])
    if choice == 1:
        return json.dumps({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                           "params": {"name": "search", "arguments": {"query": "a " * rng.choice([10, 100_000])}}}).encode()
    message = {"jsonrpc": "2.0", "id": id}
    if choice == 2:
        message["method"] = "resources/read"
        message["params"] = {"uri": rng.choice(["catalog:///components/switch/index.md", "catalog:///../../etc/passwd",
                                                "catalog:///llms.txt", "catalog:///\u0000", "file:///etc/passwd", 7])}
    elif choice == 3:
        message["method"] = rng.choice(["resources/list", "tools/list", "ping", "no/such/method", "initialize"])
    else:
        arguments = {rng.choice(ARGUMENTS): rng.choice(HOSTILE_VALUES) for _ in range(rng.randint(0, 4))}
        message["method"] = "tools/call"
        message["params"] = {"name": rng.choice(TOOLS), "arguments": arguments if rng.random() < 0.9 else rng.choice(HOSTILE_VALUES)}
    if rng.random() < 0.1:
        message["id"] = rng.choice([None, {"a": 1}, [1], 1.5, True, "x" * 1000, -(2 ** 63), 2 ** 64])
    return json.dumps(message, allow_nan=True).encode()


def strict_constant(name):
    raise ValueError(f"{name} is not JSON")


def valid_id(value):
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and -(2 ** 63) <= value < 2 ** 63)


def run_mcp_case(binary, source, seed, index, messages=60, timeout=120):
    """Sends `messages` seeded hostile lines to `catalog-build mcp`; returns what went wrong, or
    None: every line it writes is whole JSON, every request with a valid id is answered exactly
    once, it never crashes, and it ends cleanly when its input closes."""
    rng = random.Random(f"mcp-{seed}-{index}")
    process = subprocess.Popen([binary, "mcp", "--source", str(source)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=dict(os.environ, NO_COLOR="1"))
    expected = {}  # id (as JSON) → how many requests carried it
    lines = [json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize",
                         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}}}).encode(),
             json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode()]
    expected[json.dumps("init")] = 1
    for number in range(messages):
        line = mcp_message(rng, number if rng.random() < 0.7 else f"s{number}")
        lines.append(line)
        try:
            parsed = json.loads(line, parse_constant=strict_constant)
        except (ValueError, RecursionError):
            continue  # not JSON (NaN and Infinity are not): answered as a parse error, without an id
        if isinstance(parsed, dict) and "method" in parsed and "id" in parsed and valid_id(parsed["id"]):
            expected[json.dumps(parsed["id"])] = expected.get(json.dumps(parsed["id"]), 0) + 1
    chunks = []
    reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: process.stdout.read1(1 << 20), b"")), daemon=True)
    reader.start()
    writer_error = []
    try:
        for line in lines:
            process.stdin.write(line + b"\n")
        process.stdin.close()
    except OSError as error:
        writer_error.append(error)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return f"mcp case {index}: no end within {timeout} s of its input closing"
    reader.join(10)
    output = b"".join(chunks)
    problems = []
    answered = {}
    if process.returncode != 0:
        problems.append(f"exit status {process.returncode}")
    if writer_error:
        problems.append(f"the server stopped reading: {writer_error[0]}")
    for line in output.split(b"\n"):
        if not line:
            continue
        try:
            answer = json.loads(line, parse_constant=strict_constant)
        except (ValueError, RecursionError):
            problems.append(f"an answer that is not JSON: {line[:200]!r}")
            continue
        key = json.dumps(answer.get("id")) if isinstance(answer, dict) else None
        if key in expected:
            answered[key] = answered.get(key, 0) + 1
    unanswered = [key[:40] for key, count in expected.items() if answered.get(key, 0) != count]
    if unanswered:
        problems.append(f"ids not answered once a request: {unanswered[:10]}")
    return f"mcp case {index}: " + "; ".join(problems) if problems else None


# MARK: Running a case

def snapshot(folder):
    result = {}
    for dirpath, _, filenames in os.walk(folder):
        for name in filenames:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as handle:
                result[os.path.relpath(path, folder)] = hashlib.sha256(handle.read()).hexdigest()
    return result


def copy_code_beside(source, work):
    """The example catalog's `code:` names ../examples: a copy of the catalog needs it beside it
    (else every case would fail on the missing folders instead of on its mutation)."""
    examples = pathlib.Path(source).parent / "examples"
    if examples.is_dir() and not (work / "examples").exists():
        shutil.copytree(examples, work / "examples", symlinks=True)


def run_case(binary, source, baseline_output, seed, index, timeout, keep):
    rng = random.Random(f"{seed}-{index}")
    work = pathlib.Path(tempfile.mkdtemp(prefix=f"fuzz-{index}-", dir=os.environ.get("FUZZ_TMP")))
    try:
        catalog = work / "catalog"
        shutil.copytree(source, catalog, symlinks=True)
        copy_code_beside(source, work)
        done = [apply(rng.choice(MUTATIONS), rng, catalog) for _ in range(rng.randint(1, 3))]
        problem = check_build(binary, catalog, baseline_output, work / "build", timeout)
        return failure(work, keep, index, done, problem) if problem else None
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)


def run_import_case(binary, source, seed, index, timeout, keep):
    """Mutated exports through `tokens import`, and what it wrote through `check`."""
    rng = random.Random(f"import-{seed}-{index}")
    work = pathlib.Path(tempfile.mkdtemp(prefix=f"fuzz-import-{index}-", dir=os.environ.get("FUZZ_TMP")))
    try:
        catalog = work / "catalog"
        shutil.copytree(source, catalog, symlinks=True)
        done = [apply(rng.choice(IMPORT_MUTATIONS), rng, catalog) for _ in range(rng.randint(1, 3))]
        target = work / "converted"
        (target / "tokens").mkdir(parents=True)
        (target / "catalog.yaml").write_text("title: Fuzzed import\n")
        problems = []
        environment = dict(os.environ, NO_COLOR="1")
        for fixture in sorted(p for p in catalog.iterdir() if p.is_dir()):
            for command in (["tokens", "import", str(fixture), "--to", str(target / "tokens" / fixture.name)], ["check", "--source", str(target)]):
                try:
                    result = subprocess.run([binary, *command], stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, env=environment)
                except subprocess.TimeoutExpired:
                    problems.append(f"hang: {command[0]} on {fixture.name} gave no answer within {timeout} s")
                    continue
                text = result.stderr.decode("utf-8", errors="replace") + result.stdout.decode("utf-8", errors="replace")
                if result.returncode not in (0, 1):
                    problems.append(f"{command[0]} on {fixture.name}: exit status {result.returncode}\n{text[-1500:]}")
                if any(ch in text for ch in ("\x1b", "\x07", "\u2028")):
                    problems.append(f"{command[0]} on {fixture.name}: text reached the terminal unescaped")
        return failure(work, keep, index, done, "; ".join(problems)) if problems else None
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)


def guarded_case(binary, source, baseline, seed, index, timeout, keep):
    """A case whose own machinery fails (a mutation that cannot be applied, say) is reported,
    never allowed to stop the campaign."""
    try:
        if baseline is None:
            return run_import_case(binary, source, seed, index, timeout, keep)
        return run_case(binary, source, baseline, seed, index, timeout, keep)
    except Exception as error:  # noqa: BLE001 - every failure of a case is a finding to report
        return f"case {index}: the fuzzer itself failed: {type(error).__name__}: {error}"


def check_build(binary, catalog, baseline_output, work, timeout):
    """Builds `catalog` over a copy of `baseline_output` in `work`; returns what went wrong, or
    None when every promise held."""
    work = pathlib.Path(work)
    work.mkdir(parents=True, exist_ok=True)
    output = work / "out"
    shutil.copytree(baseline_output, output)
    before = snapshot(output)
    environment = dict(os.environ, NO_COLOR="1")
    try:
        result = subprocess.run(
            [binary, "build", "--source", str(catalog), "--output", str(output)],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, env=environment,
        )
    except subprocess.TimeoutExpired:
        return f"hang: no answer within {timeout} s"
    stderr = result.stderr.decode("utf-8", errors="replace")
    problems = []
    if result.returncode not in (0, 1):
        problems.append(f"exit status {result.returncode} (a crash or a usage error)")
    located = [DIAGNOSTIC.match(line) for line in stderr.splitlines()]
    if result.returncode == 1 and not any(m and m["severity"] == "error" for m in located):
        problems.append("the build failed without a located error")
    for match in located:
        if match and (int(match["line"]) < 1 or int(match["column"]) < 1):
            problems.append(f"a diagnostic without a position: {match.group(0)}")
    if any(ch in stderr for ch in ("\x1b", "\x07", "\u2028")) or re.search(r"^::", stderr, re.M):
        problems.append("catalog text reached the terminal unescaped")
    if result.returncode != 0 and snapshot(output) != before:
        problems.append("a failed build changed the previous output")
    if result.returncode == 0 and not (output / "index.html").exists():
        problems.append("a successful build left no index.html")
    # Nothing outside the repository is ever published (/etc/passwd, /proc/self/environ).
    if result.returncode == 0:
        for dirpath, _, filenames in os.walk(output):
            for name in filenames:
                path = os.path.join(dirpath, name)
                if os.path.islink(path):
                    continue
                with open(path, "rb") as handle:
                    if b"root:x:0:0:" in handle.read():
                        problems.append(f"a file from outside the repository was published: {os.path.relpath(path, output)}")
    leftovers = [name for name in os.listdir(work) if ".staging-" in name or ".old-" in name]
    if leftovers:
        problems.append(f"left behind: {leftovers}")
    return "; ".join(problems) + "\n" + stderr[-2000:] if problems else None


def failure(work, keep, index, done, reason):
    if keep:
        target = pathlib.Path(keep) / f"case-{index}"
        shutil.rmtree(target, ignore_errors=True)
        try:
            # Symbolic links are copied as links; FIFOs and other special files are left out
            # (copying one would block), and REASON.txt says which mutations made them.
            shutil.copytree(work / "catalog", target / "catalog", symlinks=True, ignore_dangling_symlinks=True,
                            ignore=lambda folder, names: [n for n in names if not os.path.islink(os.path.join(folder, n))
                                                          and not (os.path.isdir(os.path.join(folder, n)) or os.path.isfile(os.path.join(folder, n)))])
        except (OSError, shutil.Error) as error:
            reason += f"\n(the catalog could not be kept whole: {error})"
        (target / "REASON.txt").write_text(f"mutations: {done}\n{reason}\n")
    return f"case {index} ({', '.join(done)}): {reason}"


def run_campaign(binary, source, seed, cases, timeout=60, workers=2, keep=None, progress=False, imports=False):
    """Runs `cases` seeded cases; returns the failures (empty when every case held)."""
    base = pathlib.Path(tempfile.mkdtemp(prefix="fuzz-base-"))
    try:
        baseline = None if imports else base / "out"
        if not imports:
            built = subprocess.run([binary, "build", "--source", str(source), "--output", str(baseline)], capture_output=True)
            if built.returncode != 0:
                raise SystemExit(f"the base catalog does not build: {built.stderr.decode(errors='replace')[-2000:]}")
        failures = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(guarded_case, binary, source, baseline, seed, index, timeout, keep) for index in range(cases)]
            for count, future in enumerate(concurrent.futures.as_completed(futures), 1):
                outcome = future.result()
                if outcome:
                    failures.append(outcome)
                if progress and count % 100 == 0:
                    print(f"{count}/{cases} cases, {len(failures)} failing", file=sys.stderr, flush=True)
        return failures
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=int(os.environ.get("FUZZ_CASES", 10000)))
    parser.add_argument("--seed", default=os.environ.get("FUZZ_SEED", "1"))
    parser.add_argument("--source", default=str(REPOSITORY / "content"))
    parser.add_argument("--binary", default=None)
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--keep", default=str(REPOSITORY / "fuzz-failures"), help="where failing cases are kept")
    parser.add_argument("--mcp", action="store_true", help="send seeded hostile JSON-RPC lines to `mcp` (each case a server)")
    parser.add_argument("--import", dest="imports", action="store_true", help="fuzz `tokens import` with the exports under Tests/Fixtures/import")
    args = parser.parse_args()
    if args.mcp:
        failures = [f for f in (run_mcp_case(args.binary or default_binary(), args.source, args.seed, index) for index in range(args.cases)) if f]
        for line in failures:
            print(line)
        print(f"{args.cases - len(failures)} passed, {len(failures)} failed")
        return 1 if failures else 0
    source = str(REPOSITORY / "Tests" / "Fixtures" / "import") if args.imports and args.source == str(REPOSITORY / "content") else args.source
    failures = run_campaign(args.binary or default_binary(), source, args.seed, args.cases, args.timeout, args.workers, args.keep, progress=True, imports=args.imports)
    for line in failures:
        print(line)
    print(f"{args.cases - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
