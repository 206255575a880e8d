"""`check`'s contrast against what Chromium paints: a catalog with one component for every kind
of the default theme, each appearance giving every role the kind declares its own colour, in a
light and a dark token mode. For every piece of text in the demos and the state gallery drawn in
one of the appearance's text colours, the background Chromium really paints behind it must be the
background `check` measured that colour against (the pair in components/<slug>/component.json),
and the ratio must be the one `check` gives. A kind that declares `bg: page` for text its template
draws on its own fill fails here."""

import json
import re
import shutil
import subprocess
import tempfile
import pathlib

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest_support import REPOSITORY, catalog_build_binary, build_site, serve
from test_axe import TAGS

KINDS_FOLDER = REPOSITORY / "themes" / "default" / "demos"
KINDS = sorted(path.stem for path in KINDS_FOLDER.glob("*.yaml"))

# Every role any kind declares, a colour in each mode; all different, so a painted colour names
# its role. Text roles are dark on light and light on dark.
COLOURS = {
    "fill": ("#E3ECFB", "#22324B"),
    "track": ("#BFCBDB", "#3C4A5E"),
    "indicator": ("#0B5CD5", "#8AB4F8"),
    "label": ("#1A1F2B", "#F1F3F6"),
    "description": ("#495266", "#C6CCD7"),
    "border": ("#6A7286", "#9BA4B6"),
    "mark": ("#0F6B3A", "#7FD6A4"),
    "error": ("#A8251C", "#F4BAB6"),
    "scrim": ("#11182799", "#000000AA"),
}
SURFACE = ("#FAFAF7", "#15171C")
MODES = {"light": None, "dark": "scheme=dark"}
# Looks of a kind whose text the scaffold's example does not show (appended to the example).
EXTRA_EXAMPLES = {
    "button": ["      emphasis: outlined\n", "      emphasis: text\n"],
}
# Kinds whose template paints none of its text roles in the catalog's colours: the control tile
# draws its title and value in the theme's text colours on the theme's surface.
NO_CATALOG_TEXT = {"control"}


def kind_roles(kind):
    """(role, text) for each role of the kind's contract, read from its `roles:` block."""
    text = (KINDS_FOLDER / f"{kind}.yaml").read_text()
    block = re.search(r"^roles:.*?\n((?:  .*\n)+)", text, re.M).group(1)
    return [(match.group(1), "text: true" in match.group(0))
            for match in re.finditer(r"^  ([A-Z][A-Za-z ]*):\s*\{.*\}", block, re.M)]


def write_catalog(root: pathlib.Path):
    binary = str(catalog_build_binary())
    subprocess.run([binary, "new", "catalog", str(root), "--title", "Every kind"], check=True, capture_output=True)
    (root / "catalog.yaml").write_text(
        "title: Every kind\n"
        "surface: surface/page\n"
        "modes:\n  scheme:\n    label: Colour scheme\n    contexts:\n"
        "      light: { label: Light }\n      dark: { label: Dark }\n")
    for path in (root / "tokens").iterdir():
        path.unlink()
    for folder in ("components", "guides"):
        shutil.rmtree(root / folder)
    def tokens(index):
        return {
            "surface": {"$type": "color", "page": {"$value": SURFACE[index]}},
            "role": {"$type": "color", **{name: {"$value": pair[index]} for name, pair in COLOURS.items()}},
        }
    (root / "tokens" / "base.tokens.json").write_text(json.dumps(tokens(0), indent=2))
    (root / "tokens" / "dark.tokens.json").write_text(json.dumps(tokens(1), indent=2))
    (root / "tokens" / "scheme.resolver.json").write_text(json.dumps({
        "version": "2025.10",
        "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
        "modifiers": {"scheme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
        "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/scheme"}],
    }, indent=2))
    for kind in KINDS:
        subprocess.run([binary, "new", "component", kind, "--kind", kind, "--source", str(root)], check=True, capture_output=True)
        model = root / "components" / kind / "component.yaml"
        uses = ", ".join(f"{{ role: {role}, token: role/{role.lower()} }}"
                         for role, _ in kind_roles(kind) if role.lower() in COLOURS)
        text = model.read_text()
        # Only the state at rest: hover and pressed samples are drawn on the theme's own tints.
        text = re.sub(r"states:\n(?:  .*\n|    .*\n)+", "states:\n  - name: Default\n    support: { ios: \"yes\", android: \"yes\", web: \"yes\" }\n", text)
        text = re.sub(r"variants:\n(?:  .*\n)+", "", text)
        # The scaffold's example, painted by each appearance, and the kind's other looks.
        example = re.search(r"  examples:\n((?:    .*\n)+)", text).group(1)
        body = example.replace("    - title: Default\n", "")
        examples = "".join(f"    - title: {name} {number}\n      appearance: {name}\n{body}{extra}"
                           for name in ("Everything", "Text only")
                           for number, extra in enumerate([""] + EXTRA_EXAMPLES.get(kind, []), start=1))
        text = text.replace(example, examples)
        text_uses = ", ".join(f"{{ role: {role}, token: role/{role.lower()} }}"
                              for role, is_text in kind_roles(kind) if is_text and role.lower() in COLOURS)
        model.write_text(text + f"appearances:\n  - name: Everything\n    tokens: [{uses}]\n"
                                f"  - name: Text only\n    tokens: [{text_uses}]\n")


@pytest.fixture(scope="module")
def every_kind():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="every-kind-"))
    write_catalog(folder / "catalog")
    check = subprocess.run([str(catalog_build_binary()), "check", "--source", str(folder / "catalog")], capture_output=True, text=True)
    assert "error:" not in check.stdout + check.stderr, check.stdout + check.stderr
    build_site(folder / "catalog", folder / "public")
    server = serve(folder / "public")
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", folder / "public"
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


# The text Chromium paints in a stage: its colour, the colour of what is behind it (every
# ancestor's background composited until an opaque one), and the ratio (WCAG 2.2, floored to
# hundredths as check prints it).
PAINTED = """() => {
  const parse = (text) => { const m = text.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, bottom) => { const a = top[3] + bottom[3] * (1 - top[3]);
    return [0, 1, 2].map(i => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a).concat([a]); };
  const hex = (c) => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('').toUpperCase();
  const luminance = (c) => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const found = [];
  // Which appearance paints a stage: its roles class, named by the examples' titles.
  const appearances = {};
  for (const example of document.querySelectorAll('.demo-example')) {
    const stage = example.querySelector('.demo-stage');
    const roles = stage && [...stage.classList].find(c => c.startsWith('demo-roles-'));
    if (roles) appearances[roles] = example.querySelector('.demo-example__title').textContent.replace(/ \\d+$/, '');
  }
  for (const stage of document.querySelectorAll('.demo-stage, .state-sample__stage')) {
    const roles = [...stage.classList].find(c => c.startsWith('demo-roles-'));
    const appearance = appearances[roles];
    if (!appearance) continue;
    for (const element of stage.querySelectorAll('*')) {
      const text = [...element.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
      const box = element.getBoundingClientRect();
      if (!text || box.width <= 1 || box.height <= 1) continue;  // not drawn, or only for screen readers
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible') continue;
      let faded = false;
      for (let node = element; node && node !== stage.parentElement; node = node.parentElement) {
        if (parseFloat(getComputedStyle(node).opacity) < 1) faded = true;
      }
      if (faded) continue;  // a disabled look: exempt from WCAG contrast, as check exempts it
      const layers = [];
      for (let node = element; node; node = node.parentElement) {
        const background = parse(getComputedStyle(node).backgroundColor);
        if (background && background[3] > 0) { layers.push(background); if (background[3] === 1) break; }
      }
      let behind = [255, 255, 255, 1];
      for (const layer of layers.reverse()) behind = over(layer, behind);
      const colour = over(parse(style.color), behind);
      const [a, b] = [luminance(colour), luminance(behind)].sort((x, y) => y - x);
      found.push({ appearance, text: text.slice(0, 40), where: element.className || element.tagName, foreground: hex(colour),
                   background: hex(behind), ratio: Math.floor((a + 0.05) / (b + 0.05) * 100) / 100 });
    }
  }
  return found;
}"""


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("kind", KINDS)
def test_text_is_measured_against_what_it_is_drawn_on(new_page, every_kind, kind, mode):
    url, public = every_kind
    data = json.loads((public / "components" / kind / "component.json").read_text())
    # check's pairs of each appearance in this mode: the mode's own where its colours differ, else
    # the default's.
    pairs = {}
    for entry in sorted(data["contrast"], key=lambda entry: entry["mode"] is not None):
        if entry["mode"] in (None, MODES[mode]):
            pairs.setdefault(entry["appearance"], {})[entry["pair"]] = entry
    index = 0 if mode == "light" else 1
    text_roles = {role for role, text in kind_roles(kind) if text and role.lower() in COLOURS}
    text_colours = {COLOURS[role.lower()][index].upper(): role for role in text_roles}

    page = new_page()
    page.goto(f"{url}components/{kind}/")
    page.evaluate(f"document.documentElement.setAttribute('data-scheme', '{mode}')")
    painted = page.evaluate(PAINTED)
    assert painted, f"{kind}: no text found in the demos"
    wrong = []
    measured = 0
    for text in painted:
        role = text_colours.get(text["foreground"])
        if role is None:
            continue  # the theme's colour, or black or white chosen for a fill: not a catalog pair
        measured += 1
        measured_pairs = pairs.get(text["appearance"], {})
        match = [pair for pair in measured_pairs.values()
                 if pair["foreground"].upper() == text["foreground"] and pair["background"].upper()[:7] == text["background"]]
        if not match:
            told = sorted(f"{p['pair']} ({p['background']})" for p in measured_pairs.values() if p["foreground"].upper() == text["foreground"])
            wrong.append(f"{text['appearance']}: “{text['text']}” ({text['where']}, {role}) is drawn on {text['background']} at {text['ratio']}:1; "
                         f"check measures {role} against {told or 'nothing'}")
        elif abs(match[0]["ratio"] - text["ratio"]) > 0.011:
            wrong.append(f"“{text['text']}”: Chromium {text['ratio']}:1, check {match[0]['ratio']}:1")
    assert measured or kind in NO_CATALOG_TEXT, f"{kind} [{mode}]: none of the text is drawn in the appearance's text colours {sorted(text_colours)}"
    assert not wrong, f"{kind} [{mode}]:\n" + "\n".join(sorted(set(wrong)))


AXE = Axe()


@pytest.mark.parametrize("mode", list(MODES))
def test_an_open_dialog_passes_axe_in_every_mode(new_page, every_kind, mode):
    """The dialog opened from its live demo, on its own surface, as a reader sees it."""
    url, _ = every_kind
    page = new_page()
    page.goto(f"{url}components/dialog/")
    page.evaluate(f"document.documentElement.setAttribute('data-scheme', '{mode}')")
    page.locator("#demo .dialog__trigger").first.click()
    page.wait_for_selector("#demo dialog[open]")
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    found = AXE.run(page, context="#demo dialog[open]", options=options).response["violations"]
    assert not found, "\n".join(f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:4]]}" for v in found)
