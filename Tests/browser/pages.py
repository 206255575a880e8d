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
def tab_pages(slug):
    """A component split into tabs: the pages of its tab files, Style when it has appearances,
    and Status (every component has a readiness scorecard)."""
    folder = CONTENT / "components" / slug
    tabs = sorted(path.stem for path in folder.glob("*.md") if path.name != "index.md")
    if not tabs:
        return []
    if "appearances:" in (folder / "component.yaml").read_text():
        tabs.append("style")
    tabs.append("status")
    return [f"components/{slug}/{tab}/" for tab in sorted(set(tabs))]


# Where the default tabs put each generated section (catalog.yaml writes out the same list).
TAB_OF_SECTION = {"playground": "code", "code": "code", "properties": "code", "in-code": "code",
                  "accessibility": "accessibility", "appearances": "style", "readiness": "status"}


def section_page(slug, section):
    """The page of the example's component `slug` that shows `section`."""
    tab = TAB_OF_SECTION.get(section)
    if tab and tab_pages(slug):
        return f"components/{slug}/{tab}/"
    return f"components/{slug}/"


PAGES = (
    ["", "components/", "guides/", "tokens/", "readiness/", "conformance/", "search/", "search/?q=toggle", "404.html"]
    + [f"components/{slug}/" for slug in COMPONENTS]
    + [page for slug in COMPONENTS for page in tab_pages(slug)]
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

# The site's own controls are the same on every tab page: the 44 px check runs on one tabbed
# component's tabs (Switch's), and on every other page.
TARGET_PAGES = [page for page in PAGES if page.count("/") < 3 or page.startswith("components/switch/") or not page.startswith("components/")]

