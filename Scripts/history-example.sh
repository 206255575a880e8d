#!/usr/bin/env bash
# Makes a git repository of the example catalog with four releases, for `make history-example`
# and the history tests: what catalog-build publishes for a team that tags its releases.
#
#   v1.0.0  the catalog without Validation Message; Switch's isOn property is called `on`, and
#           the active track is #2A62BD in the dark theme (in the saved Figma variables too)
#   v1.1.0  Validation Message is added
#   v1.2.0  `on` is renamed isOn (with a note), the dark active track becomes #2F6FD6
#   v2.0.0  Toggle Button is deprecated in favour of Control Button
#   working tree: one unreleased change (Checkbox's summary)
#
# Usage: Scripts/history-example.sh DIR   (DIR is replaced; the catalog is DIR/content)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:?usage: history-example.sh DIR}"
rm -rf "$target"
mkdir -p "$target"
cp -R "$here/content" "$target/content"
cp -R "$here/examples" "$target/examples"
rm -rf "$target/content/snapshots"
cd "$target"
export GIT_AUTHOR_NAME="Selection Controls" GIT_AUTHOR_EMAIL="design@example.org"
export GIT_COMMITTER_NAME="Selection Controls" GIT_COMMITTER_EMAIL="design@example.org"
git init -q -b main
git config commit.gpgsign false
git config tag.gpgsign false

python3 - <<'PY'
import pathlib
settings = pathlib.Path("content/catalog.yaml")
text = settings.read_text()
if "versions:" not in text:
    text += "\nversions:\n  tags: \"v*\"\n  keep: 10\n  current: Next\n"
settings.write_text(text)
PY

commit() {  # message, tag, date
  git add -A
  GIT_AUTHOR_DATE="$3" GIT_COMMITTER_DATE="$3" git commit -q -m "$1"
  GIT_COMMITTER_DATE="$3" git tag -a "$2" -m "$2"
}
edit() {  # file, python expression over `text`
  python3 - "$1" "$2" <<'PY'
import pathlib, sys
path = pathlib.Path(sys.argv[1])
text = path.read_text()
text = eval(sys.argv[2])
path.write_text(text)
PY
}

switch=content/components/switch/component.yaml
dark=content/tokens/theme-dark.tokens.json
figma_track() {  # the dark active track in the saved Figma variables: hex
  python3 - "$1" <<'PY'
import json, pathlib, sys
path = pathlib.Path("content/figma/variables/selection-controls.variables.json")
variables = json.loads(path.read_text())
track = next(v for v in variables["meta"]["variables"].values() if v["name"] == "toggle/color/default/active/bg-track")
dark = next(c for c in variables["meta"]["variableCollections"].values() if c["name"] == "Theme")["modes"][1]["modeId"]
hex = sys.argv[1].lstrip("#")
track["valuesByMode"][dark] = {"r": round(int(hex[0:2], 16) / 255, 4), "g": round(int(hex[2:4], 16) / 255, 4), "b": round(int(hex[4:6], 16) / 255, 4), "a": 1}
path.write_text(json.dumps(variables, indent=2) + "\n")
PY
}

# v1.0.0
mv content/components/validation-message /tmp/validation-message.$$
edit "$switch" 'text.replace("  - name: isOn\n", "  - name: on\n", 1)'
edit "$dark" 'text.replace("\"active\": { \"bg-track\": { \"$value\": \"#2F6FD6\" } }", "\"active\": { \"bg-track\": { \"$value\": \"#2A62BD\" } }", 1)'
figma_track "#2A62BD"
commit "The selection controls, first release" v1.0.0 "2026-01-15T10:00:00+00:00"

# v1.1.0
mv /tmp/validation-message.$$ content/components/validation-message
commit "Validation Message" v1.1.0 "2026-03-02T10:00:00+00:00"

# v1.2.0
edit "$switch" 'text.replace("  - name: on\n", "  - name: isOn\n", 1) + "\nchanges:\n  - { version: v1.2.0, note: \"The on property is now isOn, the name SwiftUI gives the binding.\" }\n"'
edit "$dark" 'text.replace("\"active\": { \"bg-track\": { \"$value\": \"#2A62BD\" } }", "\"active\": { \"bg-track\": { \"$value\": \"#2F6FD6\" } }", 1)'
figma_track "#2F6FD6"
commit "Switch: isOn; a brighter active track in the dark theme" v1.2.0 "2026-05-20T10:00:00+00:00"

# v2.0.0
edit content/components/toggle-button/component.yaml 'text.replace("lifecycle: beta\n", "lifecycle: deprecated\nreplacement: control-button\n", 1)'
commit "Deprecate Toggle Button in favour of Control Button" v2.0.0 "2026-09-01T10:00:00+00:00"

# Unreleased
python3 - <<'PY'
import pathlib, re
path = pathlib.Path("content/components/checkbox/component.yaml")
text = path.read_text()
text = re.sub(r"^summary: (.*)$", lambda m: "summary: " + m.group(1).rstrip(".") + ", with or without a label.", text, count=1, flags=re.M)
path.write_text(text)
PY
echo "History example: $target (releases: $(git tag | tr '\n' ' '))"
