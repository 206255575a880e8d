"""`catalog-build mcp` end to end with the Python `mcp` client package: the server is started as
a subprocess over stdio on a copy of the example catalog in a git repository; the client
initializes, lists the tools, calls each one with asserted results, sends a bad argument, and
edits the catalog between two calls."""

import asyncio
import concurrent.futures
import json
import pathlib
import shutil
import subprocess

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"


@pytest.fixture
def catalog(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(REPOSITORY / "content", root / "content")
    environment = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
                   "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": "/dev/null", "PATH": "/usr/bin:/bin"}
    for command in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "catalog"]):
        subprocess.run(command, cwd=root, check=True, env=environment)
    return root / "content"


def call(session, tool, arguments=None):
    return session.call_tool(tool, arguments or {})


async def conversation(catalog):
    params = StdioServerParameters(command=str(BINARY), args=["mcp", "--source", str(catalog)])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            assert init.server_info.name == "catalog-build"
            tools = [tool.name for tool in (await session.list_tools()).tools]
            assert tools == ["list_components", "get_component", "get_history", "get_figma_parity", "get_conformance", "search", "get_token", "check_contrast", "list_problems", "what_changed"]

            def data(result):
                assert not result.is_error, result
                return json.loads(result.content[0].text)

            components = data(await call(session, "list_components", {"group": "Toggles"}))
            assert {c["slug"] for c in components} >= {"switch", "toggle"} and all(c["group"] == "Toggles" for c in components)

            # Which token paints the selected track of the Switch in dark mode, and does it pass 3:1?
            switch = data(await call(session, "get_component", {"component": "switch"}))
            track = next(t for t in next(a for a in switch["appearances"] if a["name"] == "Selected")["tokens"] if t["role"] == "Track")
            assert track["token"] == "toggle/color/default/active/bg-track"
            dark = track["modes"]["theme=dark"]
            contrast = data(await call(session, "check_contrast", {"foreground": track["token"], "background": "#FFFFFF", "minimum": 3}))
            in_dark = next(row for row in contrast if row["mode"] == "theme=dark")
            assert in_dark["foreground"] == dark and in_dark["passes"] == (in_dark["ratio"] >= 3)

            markdown = (await call(session, "get_component", {"component": "Switch", "format": "markdown"})).content[0].text
            assert markdown.startswith("# Switch\n") and "## Appearances" in markdown

            found = data(await call(session, "search", {"query": "on or off", "limit": 5}))
            assert found and all("url" in hit and "snippet" in hit for hit in found)

            token = data(await call(session, "get_token", {"name": "toggle.color.default.active.bg-track"}))
            assert token["name"] == "toggle/color/default/active/bg-track" and "Switch" in token["usedBy"]

            problems = data(await call(session, "list_problems", {"rule": "contrast.non-text"}))
            assert problems and all(p["rule"] == "contrast.non-text" for p in problems)

            unchanged = data(await call(session, "what_changed", {}))
            assert unchanged["changes"] == []

            with pytest.raises(MCPError) as bad:
                await call(session, "get_component", {"component": "swtich"})
            assert "Did you mean 'switch'?" in str(bad.value)
            with pytest.raises(MCPError) as bad:
                await call(session, "check_contrast", {"foreground": "#FFFFFF"})
            assert "needs `background`" in str(bad.value)

            resources = (await session.list_resources()).resources
            uris = {str(r.uri) for r in resources}
            assert "catalog:///components/switch/index.md" in uris and "catalog:///components.json" in uris
            page = await session.read_resource("catalog:///components/switch/index.md")
            assert page.contents[0].text.startswith("# Switch\n")

            # An edit is seen by the next call, and what_changed explains it.
            yaml = catalog / "components" / "switch" / "component.yaml"
            yaml.write_text(yaml.read_text().replace("summary: ", "summary: Edited. ", 1).replace('web: "yes"', 'web: "no"', 1))
            edited = data(await call(session, "get_component", {"component": "switch"}))
            assert edited["summary"].startswith("Edited. ")
            changed = data(await call(session, "what_changed", {}))
            assert any(c["component"] == "switch" and c["area"] == "state" for c in changed["changes"]), changed


def test_an_agent_gets_answers_over_stdio(catalog):
    # In a thread of its own: Playwright's sync API, used by other tests of the session, keeps an
    # event loop running in the main thread.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, conversation(catalog)).result()
    assert subprocess.run(["git", "status", "--porcelain"], cwd=catalog.parent, capture_output=True, text=True).stdout.strip() == "M content/components/switch/component.yaml", "the server wrote nothing"
