#!/usr/bin/env python3
"""Writes themes/default/assets/vendor/highlight.min.js: highlight.js as Debian ships it
(package libjs-highlight.js, /usr/share/javascript/highlight.js/highlight.min.js) with only the
languages a design-system catalog shows — Swift, Kotlin, HTML/XML, CSS, JavaScript, TypeScript,
JSON, YAML, shell and Markdown — and its licence beside it. Run it after the package is upgraded:

    apt-get install libjs-highlight.js && python3 Scripts/vendor-highlight.py
"""

import pathlib
import re
import shutil
import subprocess

SOURCE = pathlib.Path("/usr/share/javascript/highlight.js/highlight.min.js")
COPYRIGHT = pathlib.Path("/usr/share/doc/libjs-highlight.js/copyright")
TARGET = pathlib.Path(__file__).resolve().parents[1] / "themes" / "default" / "assets" / "vendor"
LANGUAGES = ["swift", "kotlin", "xml", "css", "javascript", "typescript", "json", "yaml", "bash", "shell", "markdown", "plaintext"]


def main():
    text = SOURCE.read_text()
    starts = [m.start() for m in re.finditer(r'hljs\.registerLanguage\("', text)]
    core = text[: starts[0]]
    pieces = {}
    for begin, end in zip(starts, starts[1:] + [len(text)]):
        name = re.match(r'hljs\.registerLanguage\("([^"]+)"', text[begin:]).group(1)
        pieces[name] = text[begin:end]
    missing = [name for name in LANGUAGES if name not in pieces]
    if missing:
        raise SystemExit(f"not in {SOURCE}: {missing}")
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libjs-highlight.js"], capture_output=True, text=True).stdout.strip()
    header = f"/* highlight.js {version} (BSD-3-Clause, see highlight.LICENSE.txt), from Debian's libjs-highlight.js; languages: {', '.join(LANGUAGES)} */\n"
    TARGET.mkdir(parents=True, exist_ok=True)
    (TARGET / "highlight.min.js").write_text(header + core + "".join(pieces[name] for name in LANGUAGES) + "\n")
    shutil.copyfile(COPYRIGHT, TARGET / "highlight.LICENSE.txt")
    print(f"wrote {TARGET / 'highlight.min.js'} ({(TARGET / 'highlight.min.js').stat().st_size} bytes)")


if __name__ == "__main__":
    main()
