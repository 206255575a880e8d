"""The pages of the example catalog, known before the site is built (for parametrising)."""

import pathlib

CONTENT = pathlib.Path(__file__).resolve().parents[2] / "content"

COMPONENTS = sorted(path.name for path in (CONTENT / "components").iterdir() if (path / "component.yaml").exists())
GUIDES = sorted(path.stem for path in (CONTENT / "guides").glob("*.md"))
# Sections of the guides: the section's page and each guide in it.
SECTIONED = sorted(
    [f"{folder.name}/"] + [f"{folder.name}/{path.stem}/" for path in folder.glob("*.md") if path.name != "index.md"]
    for folder in (CONTENT / "guides").iterdir() if folder.is_dir()
)
PAGES = (
    ["", "components/", "guides/", "tokens/", "readiness/", "search/", "search/?q=toggle", "404.html"]
    + [f"components/{slug}/" for slug in COMPONENTS]
    + [f"guides/{slug}/" for slug in GUIDES]
    + [f"guides/{path}" for section in SECTIONED for path in section]
)

# The components whose demos hold a state people change (on, checked, pressed, selected).
STATE_KINDS = {"switch", "labeled-toggle", "checkbox", "radio-group", "toggle-button", "control", "list-row", "selection-group"}
STATEFUL_COMPONENTS = [
    slug for slug in COMPONENTS
    if (kind := next((line.split(":", 1)[1].strip() for line in (CONTENT / "components" / slug / "component.yaml").read_text().splitlines()
                      if line.startswith("  kind:")), None)) in STATE_KINDS
]
