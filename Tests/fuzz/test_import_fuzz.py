"""`catalog-build tokens import` on mutated input: Tokens Studio exports (in their own format and in
DTCG dress), Style Dictionary files, JSON5 and the example catalog's DTCG files and resolver, with
bytes flipped, cut, repeated, deleted and hostile text spliced in. Every case must end with status
0 or 1 (never a signal), within the time limit, and say something about any file it skipped.

A campaign like this found that Foundation's JSON5 reader stops the process on invalid UTF-8 in an
unquoted key (see TokenImportTests.aJSON5FileThatIsNotUTF8IsANoteNotACrash)."""

import os
import pathlib
import random
import subprocess
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "Scripts"))

import fuzz  # noqa: E402

CASES = int(os.environ.get("IMPORT_FUZZ_CASES", "150"))

TOKENS_STUDIO = b"""{
  "core": {
    "font": { "inter": { "value": "Inter, sans-serif", "type": "fontFamilies" }, "h1": { "value": "32", "type": "fontSizes" } },
    "type": { "body": { "value": { "fontFamily": "{font.inter}", "fontWeight": "Bold Italic", "fontSize": "16", "lineHeight": "24", "letterSpacing": "-2%", "paragraphSpacing": "8", "textCase": "uppercase" }, "type": "typography" } },
    "lift": { "value": [{ "x": "0", "y": "2", "blur": "4", "spread": "0", "color": "rgba(0,0,0,0.25)", "type": "dropShadow" }], "type": "boxShadow" },
    "focus": { "value": { "color": "hsl(210, 100%, 45%)", "width": "2", "style": "dashed" }, "type": "border" },
    "ease": { "value": "cubic-bezier(0.4, 0, 0.2, 1)", "type": "cubicBezier" }
  },
  "dark": { "$type": "color", "surface": { "$value": "#0B1220" }, "gap": { "$value": "4", "$type": "spacing" } },
  "$themes": [ { "name": "dark", "group": "theme", "selectedTokenSets": { "core": "source", "dark": "enabled" } } ],
  "$metadata": { "tokenSetOrder": ["core", "dark"] }
}
"""

JSON5 = b"""// a comment { with braces }
{
  scale: {
    /* block */ tight: { $type: 'number', $value: 1.25, },
    'sn\\'ug': { $type: "number", $value: +.5, $description: 'it\\'s {not} an alias' },
    "mid\\u0041": { $type: 'fontFamily', $value: ['A', "B}"] },
    hex: { $type: 'number', $value: 0x10 },
  },
}
"""

SPLICES = [
    b'{"a":' * 2000 + b"1" + b"}" * 2000,
    b"[" * 3000,
    b'"\\u',
    b"/*",
    b"'",
    b'{"$value":{"$ref":"#"}}',
    b'{"value":{"fontSize":"1e400","lineHeight":"-5%","letterSpacing":"NaN%"},"type":"typography"}',
    b'"\xff\xfe"',
    b"\xf8",
    "é".encode(),
    "\u2028".encode(),
    "\U0001F600".encode(),
    b"\\u0000",
    b"Infinity",
    b"0x",
    b"+.e",
]


def seeds():
    files = [TOKENS_STUDIO, JSON5]
    files += [path.read_bytes() for path in sorted((REPOSITORY / "content" / "tokens").glob("*.json"))]
    return files


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if choice < 0.3 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif choice < 0.45:
            del data[rng.randrange(len(data) + 1):]
        elif choice < 0.65:
            at = rng.randrange(len(data) + 1)
            data[at:at] = rng.choice(SPLICES)
        elif choice < 0.8:
            start = rng.randrange(len(data) + 1)
            end = rng.randrange(start, len(data) + 1)
            data[start:start] = data[start:end]
        else:
            start = rng.randrange(len(data) + 1)
            end = rng.randrange(start, len(data) + 1)
            del data[start:end]
    return bytes(data)


def test_tokens_import_never_crashes_or_hangs_on_mutated_input(tmp_path):
    rng = random.Random("import-ci")
    binary = fuzz.default_binary()
    originals = seeds()
    failures = []
    for case in range(CASES):
        data = mutate(rng.choice(originals), rng)
        source = tmp_path / f"case-{case}{rng.choice(['.json', '.json5', '.tokens.json'])}"
        source.write_bytes(data)
        try:
            result = subprocess.run([binary, "tokens", "import", str(source), "--to", str(tmp_path / f"out-{case}")], capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            failures.append(f"case {case} ({source.name}): no answer within 60 s")
            continue
        if result.returncode not in (0, 1):
            failures.append(f"case {case} ({source.name}): exit {result.returncode}\n{result.stderr.decode(errors='replace')[-600:]}")
        elif result.returncode == 1 and not result.stderr.strip():
            failures.append(f"case {case} ({source.name}): failed without a word")
        else:
            source.unlink()
    assert not failures, "\n\n".join(failures)
