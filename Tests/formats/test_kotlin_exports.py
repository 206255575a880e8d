"""Tokens.kt parses as Kotlin (tree-sitter's Kotlin grammar; no Kotlin compiler is packaged for
this machine): for a token of every DTCG type (Tests/Fixtures/token-types), for two modifiers of
token modes with their nested `when`s (Tests/Fixtures/brand-theme), and for the example catalog.
Swift's file is compiled in the Swift tests, against a SwiftUI stand-in."""

import pathlib
import subprocess

import pytest
import tree_sitter_kotlin
from tree_sitter import Language, Parser

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"
KOTLIN = Language(tree_sitter_kotlin.language())


def problems(node, found):
    if node.type == "ERROR" or node.is_missing:
        found.append((node.start_point, node.type))
    for child in node.children:
        problems(child, found)
    return found


@pytest.mark.parametrize("catalog", ["Tests/Fixtures/token-types", "Tests/Fixtures/brand-theme", "content"])
def test_tokens_kt_parses_as_kotlin(catalog, tmp_path):
    done = subprocess.run([str(BINARY), "build", "--source", str(REPOSITORY / catalog), "--output", str(tmp_path / "public")],
                          capture_output=True, text=True, env={"NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr
    source = (tmp_path / "public" / "Tokens.kt").read_bytes()
    tree = Parser(KOTLIN).parse(source)
    found = problems(tree.root_node, [])
    lines = source.decode().splitlines()
    assert not found, [(row + 1, kind, lines[row]) for (row, _), kind in found[:5]]
    # The parse is of the whole file: the object holds the tokens.
    assert b"object CatalogTokens {" in source


def test_a_broken_file_is_found(tmp_path):
    """The check itself: a stray brace is an error the parse reports."""
    tree = Parser(KOTLIN).parse(b"object CatalogTokens {\n    val A = Color(0xFF000000\n}\n")
    assert problems(tree.root_node, [])
