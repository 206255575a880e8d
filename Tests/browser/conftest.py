"""Browser tests: build the example catalog, serve it on loopback with a strict
Content-Security-Policy, and drive the system Chromium through Playwright."""

import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest_support import CHROMIUM, CSP, REPOSITORY, build_site, catalog_build_binary, serve


@pytest.fixture(scope="session")
def site_dir():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="catalog-browser-"))
    output = folder / "public"
    build_site(REPOSITORY / "content", output)
    yield output
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def base_url(site_dir):
    server = serve(site_dir)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def page_paths(site: pathlib.Path):
    return sorted(str(path.relative_to(site)) for path in site.rglob("*.html"))


def url_for(base_url: str, path: str) -> str:
    if path.endswith("index.html"):
        path = path[: -len("index.html")]
    return base_url + path


@pytest.fixture
def new_page(browser):
    """Opens pages in fresh contexts; collects console errors and CSP violations."""
    contexts = []

    def open_page(**options):
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("console", lambda message: message.type == "error" and page.errors.append(message.text))
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def component(new_page, base_url):
    """Opens a component page by slug, with scripts allowed to run under the site's CSP."""

    def open_component(slug, **options):
        page = new_page(**options)
        page.goto(f"{base_url}components/{slug}/")
        page.wait_for_load_state("load")
        return page

    return open_component
