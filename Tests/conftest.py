"""Fixtures shared by the browser and serve tests: one Playwright and one system Chromium per run
(Playwright's sync API allows only one instance at a time)."""

import os

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
    yield browser
    browser.close()
