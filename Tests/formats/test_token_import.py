"""`tokens import`, round trip per source format: each fixture under Tests/Fixtures/import is
imported into an empty catalog, the catalog is built, and the values the build exports for every
mode (tokens.json and tokens.<modifier>-<context>.json) are compared with what the source tool
computes, unit included.

The colour modifiers' expected values are computed here, independently of the Swift code, with
coloraide (the same CSS Color 4 spaces colorjs.io, which Tokens Studio uses, implements),
following Tokens Studio's published modifier code: lighten and darken move lightness (and, in
LCH, chroma) by a share of the distance to white or black, in the modifier's space; mix
interpolates in that space; alpha sets the opacity."""

import json
import pathlib
import shutil
import subprocess

import pytest
from coloraide import Color

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"
FIXTURES = REPOSITORY / "Tests" / "Fixtures" / "import"


def run(*arguments, cwd=REPOSITORY, ok=True):
    done = subprocess.run([str(BINARY), *arguments], cwd=cwd, capture_output=True, env={"NO_COLOR": "1"})
    if ok:
        assert done.returncode == 0, done.stderr.decode()
    return done


def imported(fixture, tmp_path, *extra):
    """The fixture imported into a new catalog and built: (notes, exports by mode)."""
    catalog = tmp_path / "catalog"
    (catalog / "tokens").mkdir(parents=True)
    (catalog / "catalog.yaml").write_text("title: Imported\n")
    done = run("tokens", "import", str(FIXTURES / fixture), "--to", str(catalog / "tokens"), *extra)
    notes = done.stderr.decode()
    checked = run("check", "--source", str(catalog), ok=False)
    assert checked.returncode == 0, checked.stdout.decode() + checked.stderr.decode()
    assert " 0 errors, 0 warnings" in " " + checked.stdout.decode().splitlines()[-1], checked.stdout.decode()
    output = tmp_path / "out"
    run("build", "--source", str(catalog), "--output", str(output))
    modes = {"default": json.loads((output / "tokens.json").read_text())}
    for file in output.glob("tokens.*-*.json"):
        modes[file.name[len("tokens."):-len(".json")]] = json.loads(file.read_text())
    return notes, modes, catalog


def value(tree, path):
    for part in path.split("."):
        tree = tree[part]
    return tree["$value"]


def dimension(tree, path):
    written = value(tree, path)
    return (written["value"], written["unit"])


SPACES = {"srgb": "srgb", "hsl": "hsl", "lch": "lch", "display-p3": "display-p3"}


def colour(written):
    """A DTCG colour value (hex or object) as a coloraide colour."""
    if isinstance(written, str):
        return Color(written)
    components = list(written["components"])
    if written["colorSpace"] == "hsl":
        components = [components[0], components[1] / 100, components[2] / 100]
    return Color(SPACES[written["colorSpace"]], components, written.get("alpha", 1))


def ts_modify(base, kind, amount, space, other=None):
    """Tokens Studio's colour modifier, after its code (sd-transforms' color-modifiers)."""
    target = {"p3": "display-p3"}.get(space, space)
    c = Color(base)
    if kind in ("lighten", "darken"):
        c = c.convert(target)
        if space == "lch":
            lightness, chroma, hue = c.coords(nans=False)
            chroma = max(0, chroma - amount * chroma)
            lightness = min(100, lightness + (100 - lightness) * amount) if kind == "lighten" else max(0, lightness - lightness * amount)
            return Color("lch", [lightness, chroma, hue], c.alpha())
        if space == "hsl":
            hue, saturation, lightness = c.coords(nans=False)
            lightness = min(1, lightness + (1 - lightness) * amount) if kind == "lighten" else max(0, lightness - lightness * amount)
            return Color("hsl", [hue, saturation, lightness], c.alpha())
        channels = [min(1, x + amount * (1 - x)) if kind == "lighten" else max(0, x - amount * x) for x in c.coords(nans=False)]
        return Color(target, channels, c.alpha())
    if kind == "mix":
        return c.mix(Color(other), amount, space=target, premultiplied=False).convert(target)
    if kind == "alpha":
        c = c.convert(target)
        c.set("alpha", amount)
        return c
    raise AssertionError(kind)


def same_colour(written, expected, space):
    got = colour(written)
    if space:
        assert written["colorSpace"] == space, written
    a = got.convert("srgb").coords(nans=False) + [got.alpha()]
    b = Color(expected).convert("srgb").coords(nans=False) + [Color(expected).alpha()]
    assert all(abs(x - y) < 0.002 for x, y in zip(a, b)), (written, Color(expected).convert("srgb").to_string(hex=True))


def test_a_tokens_studio_project_computes_what_tokens_studio_computes(tmp_path):
    notes, modes, catalog = imported("tokens-studio", tmp_path)
    assert set(modes) == {"default", "colour-dark", "density-compact", "colour-dark.density-compact"}, "each combination too"
    light, dark, compact = modes["default"], modes["colour-dark"], modes["density-compact"]

    # Theme precedence: the dark set overrides the source set it follows (alphabetically "a-dark"
    # would come before "core" and the dark brand colour would vanish).
    assert value(light, "brand.primary") == "#0A57C9"
    assert value(dark, "brand.primary") == "#8AB4F8"

    # Arithmetic, per density.
    for path, comfortable, small in [
        ("spacing.lg", 16, 8), ("spacing.half", 6, 4), ("spacing.third", 2.67, 1.33),
        ("spacing.negative", -8, -4), ("radius.pill", 24, 24), ("control.gap", 14, 6),
    ]:
        assert dimension(light, path) == (comfortable, "px"), path
        assert dimension(compact, path) == (small, "px"), path
    assert dimension(light, "spacing.wide") == (3, "rem")
    assert value(light, "text.large")["fontSize"] == {"value": 24, "unit": "px"}
    assert value(compact, "text.large")["fontSize"] == {"value": 12, "unit": "px"}
    assert value(light, "text.large")["lineHeight"] == 1.25
    assert value(compact, "elevation.card")["blur"] == {"value": 4, "unit": "px"}
    assert value(light, "opacity.muted") == 0.5

    # Colour forms: DTCG objects inside `value`, rgba({ref}, a) per theme, CSS names.
    assert value(light, "palette.green")["components"] == [0.1, 0.6, 0.3]
    assert value(light, "palette.sea")["colorSpace"] == "display-p3"
    same_colour(value(light, "palette.veil"), "rgb(10 87 201 / 0.5)", None)
    same_colour(value(dark, "palette.veil"), "rgb(138 180 248 / 0.5)", None)
    assert value(light, "palette.purple") == "#663399"

    # Composites already in 2025.10 object form.
    assert value(light, "text.body")["fontSize"] == {"value": 16, "unit": "px"}
    assert value(light, "elevation.card")["offsetY"] == {"value": 2, "unit": "px"}

    # Colour modifiers, in each colour theme, against the oracle.
    for mode, primary, page in [(light, "#0a57c9", "#ffffff"), (dark, "#8ab4f8", "#101418")]:
        same_colour(value(mode, "action.hover"), ts_modify(primary, "darken", 0.2, "lch"), "lch")
        same_colour(value(mode, "action.pressed"), ts_modify(primary, "darken", 0.35, "srgb"), "srgb")
        same_colour(value(mode, "action.subtle"), ts_modify(primary, "lighten", 0.6, "hsl"), "hsl")
        same_colour(value(mode, "action.tint"), ts_modify(primary, "mix", 0.3, "lch", page), "lch")
        same_colour(value(mode, "action.glow"), ts_modify(primary, "alpha", 0.4, "p3"), "display-p3")
        same_colour(value(mode, "action.focus"), ts_modify(primary, "lighten", 0.25, "p3"), "display-p3")

    # What could not be computed is listed, and recorded so check names it.
    assert "could not compute 'control.broken'" in notes and "spacing.missing" in notes
    # Every bare number given a unit is listed.
    assert "spacing.base 8 → 8px" in notes
    (catalog / "tokens" / "extra.tokens.json").write_text('{ "uses": { "$type": "dimension", "$value": "{control.broken}" } }')
    resolver = json.loads((catalog / "tokens" / "tokens.resolver.json").read_text())
    resolver["sets"]["base"]["sources"].append({"$ref": "extra.tokens.json"})
    (catalog / "tokens" / "tokens.resolver.json").write_text(json.dumps(resolver))
    checked = run("check", "--source", str(catalog), ok=False).stdout.decode()
    assert "tokens import skipped" in checked and "spacing.missing" in checked, checked


def test_style_dictionary_sizes_are_rem_unless_told(tmp_path):
    notes, modes, _ = imported("style-dictionary", tmp_path / "rem")
    tokens = modes["default"]
    assert dimension(tokens, "size.padding.small") == (0.5, "rem")
    assert dimension(tokens, "size.padding.large") == (2, "rem")
    assert dimension(tokens, "size.border") == (1, "px")
    assert dimension(tokens, "time.fast") == (200, "ms")
    assert value(tokens, "color.base.red") == "#FF0000"
    assert value(tokens, "color.base.ink") == "#101820"
    assert "size.padding.small 0.5 → 0.5rem" in notes and "--unitless px" in notes
    notes, modes, _ = imported("style-dictionary", tmp_path / "px", "--unitless", "px")
    assert dimension(modes["default"], "size.padding.small") == (0.5, "px")
    assert "size.padding.small 0.5 → 0.5px" in notes


def test_a_json5_file_keeps_its_values(tmp_path):
    _, modes, _ = imported("json5", tmp_path)
    tokens = modes["default"]
    assert value(tokens, "brand.ink") == "#1A2B3C"
    assert value(tokens, "brand.paper")["components"] == [1, 1, 1]
    assert dimension(tokens, "gap") == (12, "px")


def test_primer_files_and_their_resolver(tmp_path):
    notes, modes, catalog = imported("primer", tmp_path)
    light, dark = modes["default"], modes["mode-dark"]
    same_colour(value(light, "overlay.backdrop"), "rgb(31 35 40 / 0.4)", "srgb")
    assert value(light, "fgColor.legacy").upper() == "#1F2328"
    assert value(light, "fgColor.onEmphasis").upper() == "#FFFFFF"
    assert value(light, "bgColor.default").upper() == "#FFFFFF" and value(dark, "bgColor.default").upper() == "#1F2328"
    assert "base.json → base.tokens.json" in notes
    assert "'$name' is not a DTCG property" in notes
    written = json.loads((catalog / "tokens" / "functional.tokens.json").read_text())
    assert written["bgColor"]["default"]["$extensions"]["org.catalog-build.import"]["$name"] == "Background"


def test_check_explains_primer_alpha_and_a_resolver_may_load_plain_json(tmp_path):
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "primer", catalog / "tokens")
    (catalog / "catalog.yaml").write_text("title: Primer as it is\n")
    checked = run("check", "--source", str(catalog), ok=False).stdout.decode()
    assert "names 'tokens/base.json', which is not in the catalog" not in checked
    assert "alpha' beside $value is Primer's" in checked and "tokens import" in checked
    assert "move 'alpha' into a group" not in checked


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()))
def test_every_import_fixture_checks_clean_and_builds(fixture, tmp_path):
    """What `tokens import` writes, its own `check` accepts (no error, no warning) and `build`
    builds, for every fixture: a round trip that fails the day import writes something check
    rejects."""
    imported(fixture, tmp_path)


def test_typography_that_names_standalone_tokens_is_resolved_where_dtcg_cannot_keep_the_reference(tmp_path):
    """Tokens Studio typography naming a text case, a font family typed `text`, a letter spacing of
    -1 %, a line height in pixels: those fields take the values named (and the font size too when
    a share or a length is divided by it); a reference DTCG can keep is kept. Legacy `$path`
    references are read, a theme group of one theme is a set, shadows' rgba() colours converted."""
    notes, modes, catalog = imported("tokens-studio-references", tmp_path)
    written = json.loads((catalog / "tokens" / "global.tokens.json").read_text())
    body = written["typography"]["body"]["$value"]
    assert body["fontFamily"] == "{font-family.sans}" and body["fontWeight"] == "{font-weight.regular}"
    assert body["lineHeight"] == 1.5 and body["fontSize"] == {"value": 16, "unit": "px"}  # 24px / 16px
    assert body["letterSpacing"] == {"value": 0, "unit": "px"} and "textTransform" not in body
    heading = written["typography"]["heading"]["$value"]
    assert heading["letterSpacing"] == {"value": -0.2, "unit": "px"}  # -1 % of 20px
    assert heading["fontSize"] == {"value": 20, "unit": "px"} and heading["lineHeight"] == "{line-height.tight}"
    assert heading["fontWeight"] == 700 and heading["textTransform"] == "uppercase" and heading["textDecoration"] == "underline"
    code = written["typography"]["code"]
    assert code["$value"]["fontFamily"] == ["JetBrains Mono"] and code["$value"]["lineHeight"] == 2
    assert code["$value"]["letterSpacing"] == "{letter-spacing.wide}"
    assert code["$extensions"]["studio.tokens"]["fontVariantNumeric"] == "tabular-nums"
    assert written["line-height"]["body"] == {"$type": "dimension", "$value": {"value": 24, "unit": "px"}}
    assert written["letter-spacing"]["none"]["$value"] == {"value": 0, "unit": "px"}
    assert written["shadow"]["raised"]["$value"][1]["color"]["alpha"] == 0.1
    assert written["motion"]["ease-out"] == {"$type": "cubicBezier", "$value": [0.25, 0.1, 0.25, 1]}
    # The text-typed and text-case tokens have no DTCG form: skipped with that reason.
    assert "could not convert 'text-case.none': its type 'textCase' has no DTCG counterpart" in notes
    assert "could not convert 'icon.check': its type 'other' has no DTCG counterpart" in notes
    assert "cannot be read as arithmetic" not in notes
    assert "5 references in Tokens Studio's older form" in notes
    resolver = json.loads((catalog / "tokens" / "tokens.resolver.json").read_text())
    assert list(resolver["modifiers"]) == ["scheme"] and "brand" in resolver["sets"]
    # Per mode: the legacy references resolve to each scheme's grey.
    light = modes.get("scheme-light", modes["default"])
    dark = modes["scheme-dark"]
    same_colour(value(light, "text.muted"), "#646464", None)
    same_colour(value(dark, "text.muted"), "#6f6f6f", None)
    same_colour(value(dark, "text.strong"), "#ededed", None)
    # The one-theme group is a set every mode loads.
    same_colour(value(light, "brand.accent"), "#202020", None)
    same_colour(value(dark, "brand.accent"), "#202020", None)


def test_dtcg_files_with_short_hex_missing_spread_and_other_tools_types(tmp_path):
    notes, modes, catalog = imported("dtcg-classes", tmp_path)
    base = json.loads((catalog / "tokens" / "base.tokens.json").read_text())
    assert base["color"]["ink"]["$value"] == "#000000"
    assert base["color"]["paper"]["$value"]["hex"] == "#FFFFFF"
    assert base["elevation"]["card"]["$value"]["spread"] == {"value": 0, "unit": "px"}
    assert base["elevation"]["overlay"]["$value"]["color"]["alpha"] == 0.25
    assert base["stroke"]["dashed"]["$value"]["dashArray"] == [{"value": 0.5, "unit": "rem"}, {"value": 0.25, "unit": "rem"}]
    assert base["font"]["numeric"]["$extensions"]["studio.tokens"] == {"fontVariantNumeric": "tabular-nums"}
    motion = json.loads((catalog / "tokens" / "motion.tokens.json").read_text())
    assert motion["motion"]["fast"]["$value"] == {"value": 150, "unit": "ms"}
    assert motion["easing"]["standard"]["$value"] == [0.4, 0, 0.2, 1]
    resolver = json.loads((catalog / "tokens" / "tokens.resolver.json").read_text())
    assert {"$ref": "assets.tokens.json"} not in resolver["sets"]["base"]["sources"]
    assert "assets.tokens.json is not among the files this import wrote, so its $ref was taken out" in notes


def test_a_resolver_with_inline_tokens_says_how_many_it_holds(tmp_path):
    (tmp_path / "inline.resolver.json").write_text(json.dumps({
        "version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}],
        "sets": {"base": {"sources": [{"color": {"$type": "color", "a": {"$value": "#112233"}, "b": {"$value": "#445566"}}}]}},
        "modifiers": {"theme": {"default": "light", "contexts": {
            "light": [{"color": {"$type": "color", "a": {"$value": "#112233"}}}],
            "dark": [{"color": {"$type": "color", "a": {"$value": "#DDEEFF"}}}]}}}}))
    done = run("tokens", "import", str(tmp_path / "inline.resolver.json"), "--to", str(tmp_path / "out"))
    # Two in the set, one in each of the modifier's contexts.
    assert "Converted 0 tokens (and 4 tokens written inline in resolver documents" in done.stdout.decode()
