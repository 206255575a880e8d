"""#54 4: `new catalog` then `tokens import` builds clean, on fixtures of each class real Tokens
Studio exports showed (Tests/Fixtures/import-fresh): the scaffold's example keeps its own tokens
beside a team's resolver; a theme naming a folder of sets (Workday's `base`); a colour object
with a description inside it and an eight-digit hex (Workday's palette); a number that only
references a dimension per mode (designsystemet's `_size.base`); a letter spacing written as a
share of a font size given by reference, which differs per theme; a colour that is a CSS gradient,
and a colour referencing it (Cosnova's); a Figma style name as a weight (`ExtraCondensed
Medium`); Figma's own per-mode Variables files (Fermilab's Bison, trimmed)."""

import json
import pathlib
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"
FIXTURES = REPOSITORY / "Tests" / "Fixtures" / "import-fresh"


def run(*arguments, ok=True):
    done = subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, env={"NO_COLOR": "1"})
    if ok:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def fresh(fixture, tmp_path):
    """A new catalog with the fixture imported into it, checked clean and built."""
    catalog = tmp_path / "catalog"
    run("new", "catalog", str(catalog))
    notes = run("tokens", "import", str(FIXTURES / fixture), "--to", str(catalog / "tokens")).stderr
    checked = run("check", "--source", str(catalog), ok=False)
    assert checked.returncode == 0 and " 0 errors, 0 warnings" in " " + checked.stdout.splitlines()[-1], checked.stdout
    run("build", "--source", str(catalog), "--output", str(tmp_path / "public"))
    return catalog, notes, tmp_path / "public"


def tokens(folder, name):
    return json.loads((folder / name).read_text())


def test_the_example_keeps_its_tokens_beside_the_resolver_and_folders_of_sets_load(tmp_path):
    catalog, notes, public = fresh("studio-folders", tmp_path)
    resolver = tokens(catalog / "tokens", "tokens.resolver.json")
    assert resolver["sets"]["existing"] == {"sources": [{"$ref": "example.tokens.json"}]}
    assert resolver["resolutionOrder"][0] == {"$ref": "#/sets/existing"}, "loaded first: imported tokens win"
    assert "example.tokens.json was in the folder already" in notes
    # Both themes name the folder `base`: both of its sets load (in the set every theme shares).
    shared = resolver["sets"]["base"]["sources"]
    assert {"$ref": "base-palette.tokens.json"} in shared and {"$ref": "base-size.tokens.json"} in shared
    assert "names the folder 'base'" in notes
    # The example's page builds with its own tokens.
    assert (public / "components" / "example-switch" / "index.html").exists()


def test_colour_objects_and_number_aliases_are_written_as_check_accepts(tmp_path):
    catalog, notes, public = fresh("studio-folders", tmp_path)
    palette = tokens(catalog / "tokens", "base-palette.tokens.json")["palette"]
    assert palette["blue"]["$description"] == "The brand's blue" and "description" not in palette["blue"]["$value"]
    assert palette["blue-a10"]["$value"]["hex"] == "#0A57C9" and palette["blue-a10"]["$value"]["alpha"] == 0.1
    semantic = tokens(catalog / "tokens", "semantic.tokens.json")
    assert semantic["_size"]["base"] == {"$type": "dimension", "$value": "{size._base}"}
    assert "_size.base → {size._base}: dimension" in notes
    # It still follows the mode: 16 px regular, 14 px compact.
    assert tokens(public, "tokens.json")["_size"]["base"]["$value"] == {"value": 16, "unit": "px"}
    assert tokens(public, "tokens.density-compact.json")["_size"]["base"]["$value"] == {"value": 14, "unit": "px"}


def test_a_written_share_of_a_referenced_font_size_is_each_themes_length(tmp_path):
    catalog, notes, public = fresh("studio-folders", tmp_path)
    # letterSpacing 2% of {size._base}: 16 px regular, 14 px compact.
    assert tokens(public, "tokens.json")["type"]["body"]["$value"]["letterSpacing"] == {"value": 0.32, "unit": "px"}
    assert tokens(public, "tokens.density-compact.json")["type"]["body"]["$value"]["letterSpacing"] == {"value": 0.28, "unit": "px"}


def test_a_gradient_colour_becomes_a_gradient_and_a_style_name_a_weight(tmp_path):
    catalog, notes, public = fresh("studio-gradient", tmp_path)
    core = tokens(catalog / "tokens", "core.tokens.json")
    sunset = core["color"]["sunset"]
    assert sunset["$type"] == "gradient" and [stop["position"] for stop in sunset["$value"]] == [0, 1]
    assert sunset["$extensions"]["studio.tokens"]["gradientDirection"] == "45deg"
    assert [stop["position"] for stop in core["color"]["three"]["$value"]] == [0, 0.5, 1], "stops without a position spaced evenly"
    assert tokens(catalog / "tokens", "brand.tokens.json")["accent"] == {"$type": "gradient", "$value": "{color.sunset}"}
    assert core["weight"]["condensed"]["$value"] == "medium"
    assert "'ExtraCondensed Medium' → medium (500)" in notes


def test_figmas_per_mode_variables_files_become_a_resolver(tmp_path):
    catalog, notes, public = fresh("figma-modes", tmp_path)
    resolver = tokens(catalog / "tokens", "tokens.resolver.json")
    theme = resolver["modifiers"]["theme"]
    assert list(theme["contexts"]) == ["Light", "Dark"] and theme["default"] == "Light"
    assert theme["contexts"]["Dark"] == [{"$ref": "dark.tokens.json"}]
    assert {"$ref": "spacing.tokens.json"} in resolver["sets"]["base"]["sources"]
    assert "Figma's per-mode Variables files became tokens.resolver.json" in notes
    # Each token once per mode: the dark file's values are the dark mode's.
    light = tokens(public, "tokens.json")["Surface"]
    dark = tokens(public, "tokens.theme-dark.json")["Surface"]
    assert light != dark


def test_themes_whose_names_differ_only_in_case_are_told_apart(tmp_path):
    """Supabase's `dark` and `Dark` in one group: the second becomes `Dark 2`, so each has its
    own export, attribute and Swift case (the resolver would otherwise be an error at its line)."""
    catalog, notes, public = fresh("studio-case-themes", tmp_path)
    contexts = tokens(catalog / "tokens", "tokens.resolver.json")["modifiers"]["theme"]["contexts"]
    assert list(contexts) == ["light", "dark", "Dark 2"]
    assert "the themes 'dark' and 'Dark' of theme differ only in case" in notes
    assert tokens(public, "tokens.theme-dark.json")["surface"]["$value"] == "#101010"
    assert tokens(public, "tokens.theme-dark-2.json")["surface"]["$value"] == "#1C1C1C"


def test_a_reference_whose_target_changes_type_in_a_theme_gets_that_themes_definition(tmp_path):
    """Cosnova's icon colour: `color.icon` references `color.accent`, a colour in Base and a
    gradient in Alt. DTCG gives one token one type, so Alt's file gets its own `color.icon`,
    typed gradient; Base keeps the colour."""
    catalog, notes, public = fresh("studio-mixed-types", tmp_path)
    assert tokens(catalog / "tokens", "base.tokens.json")["color"]["icon"]["$type"] == "color"
    assert tokens(catalog / "tokens", "alt.tokens.json")["color"]["icon"] == {"$type": "gradient", "$value": "{color.accent}"}
    assert "color.icon → {color.accent}: gradient in alt.tokens.json" in notes
    assert tokens(public, "tokens.brand-alt.json")["color"]["icon"]["$type"] == "gradient"


def test_a_dimension_that_only_references_a_number_is_a_number(tmp_path):
    catalog, notes, public = fresh("studio-folders", tmp_path)
    assert tokens(catalog / "tokens", "semantic.tokens.json")["space"]["unit"] == {"$type": "number", "$value": "{size.unit}"}
