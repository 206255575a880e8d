#!/usr/bin/env python3
"""Writes themes/default/assets/vendor/mustache.min.js: mustache.js as Debian ships it (package
libjs-mustache, /usr/share/javascript/mustache/mustache.min.js), which the Controls playground
renders a kind's own templates with, and its licence beside it. Run it after the package is
upgraded:

    apt-get install libjs-mustache && python3 Scripts/vendor-mustache.py
"""

import pathlib
import shutil
import subprocess

SOURCE = pathlib.Path("/usr/share/javascript/mustache/mustache.min.js")
COPYRIGHT = pathlib.Path("/usr/share/doc/libjs-mustache/copyright")
TARGET = pathlib.Path(__file__).resolve().parents[1] / "themes" / "default" / "assets" / "vendor"


def main():
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libjs-mustache"], capture_output=True, text=True).stdout.strip()
    header = f"/* mustache.js {version} (MIT, see mustache.LICENSE.txt), from Debian's libjs-mustache */\n"
    TARGET.mkdir(parents=True, exist_ok=True)
    (TARGET / "mustache.min.js").write_text(header + SOURCE.read_text().rstrip("\n") + "\n")
    shutil.copyfile(COPYRIGHT, TARGET / "mustache.LICENSE.txt")
    print(f"wrote {TARGET / 'mustache.min.js'} ({(TARGET / 'mustache.min.js').stat().st_size} bytes)")


if __name__ == "__main__":
    main()
