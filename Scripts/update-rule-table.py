#!/usr/bin/env python3
"""Rewrites the rule table in docs/diagnostics.md from `catalog-build check --list-rules` (the rule catalogue)."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Scripts"))
import built_binary  # noqa: E402

try:
    binary = built_binary.path()
except RuntimeError as missing:
    sys.exit(str(missing))
table = subprocess.run([str(binary), "check", "--list-rules"], capture_output=True, text=True, check=True).stdout
readme = ROOT / "docs" / "diagnostics.md"
text = readme.read_text()
updated = re.sub(r"(<!-- rules:begin[^\n]*-->\n).*?(<!-- rules:end -->)", lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
readme.write_text(updated)
print("docs/diagnostics.md rule table:", "updated" if updated != text else "already current")
